// PostgreSQL `text` and `jsonb` cannot hold U+0000, and `jsonb` refuses a lone surrogate
// (`"\ud800"` is valid JSON but not Unicode): such strings are refused at the door, named,
// instead of failing on write as a 500 that a retry repeats forever.

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `text` cannot be stored, in Portuguese, or null when it can. */
export function unstorableReason(text: string): string | null {
  if (text.includes('\u0000')) return 'o caractere U+0000 não é aceito';
  if (LONE_SURROGATE.test(text)) return 'o texto não é Unicode válido (surrogate isolado)';
  return null;
}

export interface Unstorable {
  path: PropertyKey[];
  reason: string;
}

/** The first string or key (depth first, in order) that cannot be stored, with its path. */
export function findUnstorable(value: unknown): Unstorable | null {
  // An explicit stack: no recursion, whatever the nesting.
  const stack: Array<{ value: unknown; path: PropertyKey[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const reason = unstorableReason(current);
      if (reason) return { path, reason };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, i] });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        const reason = unstorableReason(key);
        if (reason) return { path: [...path, key], reason };
      }
      for (let i = entries.length - 1; i >= 0; i--)
        stack.push({ value: entries[i]![1], path: [...path, entries[i]![0]] });
    }
  }
  return null;
}
