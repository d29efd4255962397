import { validation } from '../../stock/commands.js';
import { type DecimalText, MAX_ABS_INPUT, parseDecimal, TOO_LARGE, toText } from '../../stock/money.js';
import { accept, type Checked } from '../checked.js';

/**
 * How one field of an upsert item is checked: the raw JSON value in, the stored value (or
 * a refusal naming `campo`) out. The HTTP layer checks JSON shapes; these rules hold the
 * content rules, and are defensive about types so the domain never trusts its caller.
 */
export type FieldRule<T> = (value: unknown, campo: string) => Checked<T>;

/** Texts (names, families, aliases, contact) are trimmed and at most this long. */
export const MAX_TEXT = 200;

/**
 * How a missing required field reads everywhere: a batch item's refusal and a single write's
 * (the HTTP layer's body check) say the same words.
 */
export const MISSING_FIELD = 'campo obrigatório ausente';

/**
 * Base rules refuse a missing field and null; `nullable` marks the fields the API lets a client
 * clear. A rule only meets `undefined` when its field is required (the sku of every item).
 */
const notNull =
  <T>(check: FieldRule<T>): FieldRule<T> =>
  (value, campo) => {
    if (value === undefined) return validation(campo, MISSING_FIELD);
    return value === null ? validation(campo, `${campo} não pode ser nulo`) : check(value, campo);
  };

export const nullable =
  <T>(rule: FieldRule<T>): FieldRule<T | null> =>
  (value, campo) =>
    value === null ? accept(null) : rule(value, campo);

/** Non-blank text, stored trimmed. */
export const text = (max = MAX_TEXT): FieldRule<string> =>
  notNull((value, campo) => {
    if (typeof value !== 'string' || value.trim() === '') {
      return validation(campo, `${campo} deve ser um texto não vazio`);
    }
    const trimmed = value.trim();
    if (trimmed.length > max) return validation(campo, `${campo} deve ter no máximo ${max} caracteres`);
    return accept(trimmed);
  });

/** A string passing `test`, stored as sent; `expected` completes "campo deve ser ...". */
export const matching = (test: (value: string) => boolean, expected: string): FieldRule<string> =>
  notNull((value, campo) =>
    typeof value === 'string' && test(value)
      ? accept(value)
      : validation(campo, `${campo} deve ser ${expected}`),
  );

export const oneOf = <V extends string>(values: readonly V[]): FieldRule<V> =>
  matching(
    (value): value is V => (values as readonly string[]).includes(value),
    `um de: ${values.join(', ')}`,
  ) as FieldRule<V>;

export const bool: FieldRule<boolean> = notNull((value, campo) =>
  typeof value === 'boolean' ? accept(value) : validation(campo, `${campo} deve ser true ou false`),
);

/** Whole number >= 0 (days, counts). */
export const count: FieldRule<number> = notNull((value, campo) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? accept(value)
    : validation(campo, `${campo} deve ser um número inteiro maior ou igual a zero`),
);

type Bounds = { positive?: boolean; max?: DecimalText };

/** A decimal (JSON number or decimal text) >= 0, or > 0, up to `max`; stored as canonical text. */
const decimal = ({ positive = false, max }: Bounds, expected: string): FieldRule<DecimalText> =>
  notNull((value, campo) => {
    const parsed = parseDecimal(value);
    const refused = validation(campo, `${campo} deve ser ${expected}`);
    if (parsed === null) return refused;
    if (parsed.abs().gt(MAX_ABS_INPUT)) return validation(campo, `${campo} ${TOO_LARGE}`);
    if (positive ? !parsed.gt(0) : parsed.lt(0)) return refused;
    if (max !== undefined && parsed.gt(max)) return refused;
    return accept(toText(parsed));
  });

export const nonNegative = decimal({}, 'um número maior ou igual a zero');
export const positive = decimal({ positive: true }, 'um número maior que zero');
/** Percentages are fractions: 0.05 is 5 %. */
export const percentage = decimal({ max: '1' }, 'uma fração entre 0 e 1');
