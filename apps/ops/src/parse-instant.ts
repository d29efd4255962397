// ISO 8601 with a mandatory offset, as the API takes instants: `Date.parse` alone would accept a
// missing offset (read as local time) and roll impossible dates over (02-30 becomes 03-02).
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):(\d{2}))$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The instant, or null when the text is not a valid ISO 8601 instant with an offset. */
export function parseInstant(text: string): Date | null {
  const m = INSTANT.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second = 0] = m
    .slice(1, 7)
    .map((v) => (v === undefined ? 0 : Number(v)));
  const ms = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth(year!, month!)) return null;
  if (hour! > 23 || minute! > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (!m[8]) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const utc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second, ms) - offsetMinutes * 60_000;
  return new Date(utc);
}
