// Zone names only: Intl would also take offsets such as "+03:00", which carry no daylight rules
// and are not IANA names.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** The canonical spelling of an IANA zone ("america/sao_paulo" → "America/Sao_Paulo"), or null. */
export function canonicalTimeZone(name: string): string | null {
  if (!ZONE_NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function isValidTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
}

/** The production day's turn hour, `HH:MM` on a 24-hour clock. */
export const TURN_HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isValidTurnHour(value: string): boolean {
  return TURN_HOUR.test(value);
}
