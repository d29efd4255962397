import { onlyDigits } from '../../company/cnpj.js';

// Basic shape checks for the supplier's write-only contact fields: enough to catch a value
// typed in the wrong field, not a full RFC 5322 / E.164 validation.

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const MAX_EMAIL = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= MAX_EMAIL && EMAIL.test(value);
}

// Digits with the usual separators; 8 to 15 digits (a local number up to E.164's maximum).
const PHONE = /^\+?[0-9 ().-]+$/;

export function isValidPhone(value: string): boolean {
  const digits = onlyDigits(value).length;
  return PHONE.test(value) && digits >= 8 && digits <= 15;
}
