import type { Refusal } from '../stock/commands.js';

/**
 * A checked value, or the refusal naming the offending field. Tagged with `ok` (not a
 * bare value) because some values are objects that could themselves hold an `ok` key.
 */
export type Checked<T> = { ok: true; value: T } | Refusal;

export const accept = <T>(value: T): Checked<T> => ({ ok: true, value });
