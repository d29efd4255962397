/**
 * The production day: an instant belongs to day D when it falls at or after the turn of D
 * (D at `hora_virada` in the company's zone) and before the turn of D+1. Zone rules come from
 * the IANA database through `Intl` (never a fixed offset), so daylight saving time is followed.
 *
 * Where the local clock skips the turn hour (a DST gap), the day starts at the first instant
 * whose local time is past it, the end of the gap. Where the clock repeats it (DST ends), the
 * day starts at its first occurrence, so days never overlap and never go back.
 */

/** A company's calendar: its IANA zone and its turn hour (`HH:MM`). */
export interface ProductionCalendar {
  fuso: string;
  horaVirada: string;
}

/** `AAAA-MM-DD`. */
export type Dia = string;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written `AAAA-MM-DD`. */
export function isValidDia(text: string): boolean {
  const m = DATE.exec(text);
  if (m === null) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && y >= 1;
}

/** The production day the instant `at` belongs to. */
export function productionDay(at: Date, calendar: ProductionCalendar): Dia {
  const wall = wallClockOf(at.getTime(), calendar.fuso);
  // The local date, the day before or (a clock turned back past midnight) the day after.
  const localDate = dayNumber(wall);
  for (const day of [localDate - 1, localDate, localDate + 1]) {
    if (turnOf(day, calendar) <= at.getTime() && at.getTime() < turnOf(day + 1, calendar)) {
      return diaOf(day);
    }
  }
  throw new Error(`no production day for ${at.toISOString()} in ${calendar.fuso}`);
}

/** The instant production day `dia` starts (its turn). */
export function productionDayStart(dia: Dia, calendar: ProductionCalendar): Date {
  return new Date(turnOf(dayNumberOf(dia), calendar));
}

/** The instant production day `dia` ends: the turn that starts the next day. */
export function productionDayEnd(dia: Dia, calendar: ProductionCalendar): Date {
  return new Date(turnOf(dayNumberOf(dia) + 1, calendar));
}

/** Days since 1970-01-01 of a date. */
function dayNumberOf(dia: Dia): number {
  if (!isValidDia(dia)) throw new Error(`not a date: ${dia}`);
  return Date.parse(`${dia}T00:00:00Z`) / DAY_MS;
}

const dayNumber = (wallMs: number) => Math.floor(wallMs / DAY_MS);
const diaOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The turn of day number `day` in epoch milliseconds: the earliest instant whose local wall
 * time is at or after `day` at the turn hour.
 */
function turnOf(day: number, { fuso, horaVirada }: ProductionCalendar): number {
  const [h, m] = horaVirada.split(':').map(Number) as [number, number];
  const target = day * DAY_MS + (h * 60 + m) * 60_000;
  // Every offset in force within a day of the target: one normally, two around a change.
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((d) => offsetAt(target + d, fuso)));
  const exact = [...offsets]
    .map((offset) => target - offset)
    .filter((instant) => offsetAt(instant, fuso) === target - instant);
  if (exact.length > 0) return Math.min(...exact);
  // The target's wall time was skipped: the day starts where the clock jumps past it.
  let before = target - Math.max(...offsets); // still shows a time before the target
  let after = target - Math.min(...offsets); // already shows a time after it
  while (after - before > 1) {
    const mid = Math.floor((before + after) / 2);
    if (wallClockOf(mid, fuso) < target) before = mid;
    else after = mid;
  }
  return after;
}

/** The offset of `fuso` at an instant, in milliseconds (local wall time minus UTC). */
function offsetAt(instant: number, fuso: string): number {
  return wallClockOf(instant, fuso) - Math.floor(instant / 1000) * 1000;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The local wall time of an instant, as if it were UTC milliseconds (to the second). */
function wallClockOf(instant: number, fuso: string): number {
  let format = formats.get(fuso);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: fuso,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(fuso, format);
  }
  const part: Record<string, number> = {};
  for (const p of format.formatToParts(new Date(instant))) {
    if (p.type !== 'literal') part[p.type] = Number(p.value);
  }
  // Not Date.UTC, which reads years 0..99 as 19xx.
  const date = new Date(0);
  date.setUTCFullYear(part.year ?? 1970, (part.month ?? 1) - 1, part.day ?? 1);
  date.setUTCHours(part.hour ?? 0, part.minute ?? 0, part.second ?? 0, 0);
  return date.getTime();
}
