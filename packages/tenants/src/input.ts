import { randomUUID } from 'node:crypto';
import { OpsError } from './ops-error.js';

// Checks shared by the services; each throws an OpsError naming the field at fault.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_NAME = 200;

export function newId(): string {
  return randomUUID();
}

/** Refuses a malformed id before PostgreSQL does, so the caller gets a message, not a 22P02. */
export function requireUuid(value: string, field: string): string {
  if (!UUID.test(value)) throw new OpsError('invalido', `${field} não é um uuid: ${JSON.stringify(value)}`);
  return value.toLowerCase();
}

export function requireName(value: string, field: string): string {
  const name = value.trim();
  if (name === '') throw new OpsError('invalido', `${field} não pode ser vazio`);
  if (name.length > MAX_NAME) throw new OpsError('invalido', `${field} passa de ${MAX_NAME} caracteres`);
  return name;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL = 254;

/** Trimmed and lower-cased: e-mails are unique and matched regardless of case. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function requireEmail(value: string, field: string): string {
  const email = normalizeEmail(value);
  if (email.length > MAX_EMAIL || !EMAIL.test(email))
    throw new OpsError('invalido', `${field} não é um e-mail válido: ${JSON.stringify(value)}`);
  return email;
}
