/**
 * An instant filter (`atualizado_desde`, `desde`), already checked by `param.instant`, as UTC
 * text PostgreSQL reads exactly, fraction digits kept as sent.
 *
 * Why not hand the text to PostgreSQL as is: it refuses offsets beyond ±15:59 with an error,
 * which must not become a 500 (the parameter is valid ISO 8601 up to ±18:00). Offsets are
 * whole minutes, so shifting the date-time by the offset leaves the fraction untouched.
 * An instant past year 9999 becomes `infinity`: nothing is at or after it.
 */
export function instantFilterUtc(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::(\d{2})(\.\d+)?)?(Z|([+-])(\d{2}):?(\d{2}))$/.exec(
    value,
  );
  if (!match) throw new RangeError(`not an instant with an offset: ${value}`);
  const [, minute, seconds = '00', fraction = '', zone, sign, hours, minutes] = match;
  const offsetMs =
    zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
  const wall = Date.parse(`${minute}:${seconds}Z`);
  const utc = new Date(wall - offsetMs);
  const year = utc.getUTCFullYear();
  if (year > 9999) return 'infinity';
  if (year < 1) return '-infinity';
  return `${utc.toISOString().slice(0, 19)}${fraction}Z`;
}
