const DAY = 86_400_000;

/** How far back a seeded history starts. */
export const HISTORY_DAYS = 180;

/**
 * The span a history covers: `HISTORY_DAYS` up to the start of the UTC day (of an hour ago, so
 * the last events are never inside the lists' stabilisation window). The same day gives the
 * same span, so one seed gives the same history all day long.
 */
export function historyWindow(now: Date): { start: Date; end: Date; catalogAt: Date } {
  const end = Math.floor((now.getTime() - 3_600_000) / DAY) * DAY;
  const start = end - HISTORY_DAYS * DAY;
  return { start: new Date(start), end: new Date(end), catalogAt: new Date(start - 3 * DAY) };
}
