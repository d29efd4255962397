import { formatInstant } from '@factory/http';

/** A source's instant (a Date, or text PostgreSQL or the log wrote) in the specification's form. */
export const instantOf = (value: Date | string): string =>
  formatInstant(value instanceof Date ? value : new Date(value));

/** A decimal from the log (text) or a read model (number), as a JSON number. */
export const numberOf = <T extends number | string | null>(value: T): T extends null ? null : number =>
  (value === null ? null : Number(value)) as T extends null ? null : number;
