/** Bounds of what a refusal echoes back: a field path and the detail of the rule at fault. */
export const MAX_CAMPO_CHARS = 120;
export const MAX_DETAIL_CHARS = 200;

/**
 * `text` cut to at most `max` characters, marked with an ellipsis, never splitting a surrogate
 * pair: a refusal must not echo 30,000 unknown keys or a 16 KB parameter name.
 */
export function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}
