/** Instants as the API returns them: UTC with an explicit `+00:00`. */
export function formatInstant(d: Date): string {
  return d.toISOString().replace(/Z$/, '+00:00');
}

export function formatOptionalInstant(d: Date | null): string | null {
  return d === null ? null : formatInstant(d);
}

/** The single line printed with --json, and nothing else. */
export function jsonDocument(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}

/** A plain text table: a header, a rule, one line per row, columns padded to the widest cell. */
export function table(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** `{"id"}` commands print the same id in both modes, the text prefixed by what happened. */
export function idOutput(id: string, done: string): { json: { id: string }; text: string } {
  return { json: { id }, text: `${done}: ${id}` };
}
