// Brazilian tax ids. Only the numeric form is handled: the schema stores `^[0-9]{14}$`, so the
// alphanumeric CNPJ announced for 2026 would need a migration before it could be accepted here.

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];

export function onlyDigits(s: string): string {
  return s.replace(/\D/g, '');
}

// Modulo-11 check digit shared by CNPJ and CPF: a remainder below 2 gives 0.
function checkDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * weights[i]!;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

// Same-digit ids (00000000000000, 11111111111...) pass the arithmetic but are never issued.
function allSame(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}

/** The two check digits of a CNPJ whose first 12 digits are `base`. */
export function cnpjCheckDigits(base: string): string {
  if (!/^\d{12}$/.test(base)) throw new Error('a CNPJ base has 12 digits');
  const first = checkDigit(base, CNPJ_WEIGHTS_1);
  const second = checkDigit(`${base}${first}`, CNPJ_WEIGHTS_2);
  return `${first}${second}`;
}

/** `digits` must be exactly 14 digits (strip punctuation with `onlyDigits` first). */
/** A CNPJ as stored and answered: its 14 digits, nothing else. */
export const CNPJ_DIGITS = /^\d{14}$/;

export function isValidCnpj(digits: string): boolean {
  if (!CNPJ_DIGITS.test(digits) || allSame(digits)) return false;
  return cnpjCheckDigits(digits.slice(0, 12)) === digits.slice(12);
}

/** `digits` must be exactly 11 digits. */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || allSame(digits)) return false;
  const first = checkDigit(digits, CPF_WEIGHTS_1);
  const second = checkDigit(digits, CPF_WEIGHTS_2);
  return digits.slice(9) === `${first}${second}`;
}
