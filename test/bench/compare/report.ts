import type { Figures } from './run-context.js';

/** One run of one build: its figures and the machine's load around it. */
export interface Run {
  pair: number;
  label: 'baseline' | 'current';
  figures: Figures;
  loadBefore: string;
  loadAfter: string;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// Rates and sizes as whole numbers, ratios and small figures with the decimals they need.
const cell = (value: number | undefined) =>
  value === undefined || Number.isNaN(value)
    ? '-'
    : Math.abs(value) >= 100
      ? Math.round(value).toLocaleString('en')
      : Math.abs(value) >= 10
        ? value.toFixed(1)
        : value.toFixed(3);

/**
 * The comparison as a Markdown table (the form of docs/benchmarks.md): per figure and pair the
 * baseline, the current build and current ÷ baseline, then the median of those ratios.
 */
export function comparisonTable(runs: Run[]): string[] {
  const pairs = [...new Set(runs.map((r) => r.pair))].sort((a, b) => a - b);
  const of = (pair: number, label: Run['label']) => runs.find((r) => r.pair === pair && r.label === label);
  const names = [...new Set(runs.flatMap((r) => [...r.figures.keys()]))];
  const header = [
    '| figure',
    ...pairs.map((p) => `pair ${p}: base, current, ratio`),
    'median ratio current ÷ base |',
  ].join(' | ');
  const lines = [header, `|${' --- |'.repeat(pairs.length + 2)}`];
  for (const name of names) {
    const ratios: number[] = [];
    const cells = pairs.map((pair) => {
      const base = of(pair, 'baseline')?.figures.get(name);
      const current = of(pair, 'current')?.figures.get(name);
      if (base === undefined || current === undefined || !(base > 0) || Number.isNaN(current))
        return `${cell(base)}, ${cell(current)}, -`;
      ratios.push(current / base);
      return `${cell(base)}, ${cell(current)}, ${(current / base).toFixed(3)}`;
    });
    const mid = ratios.length > 0 ? median(ratios).toFixed(3) : '-';
    lines.push(`| ${name} | ${cells.join(' | ')} | ${mid} |`);
  }
  lines.push(
    `| load average (1, 5, 15 min) before each run | ${pairs
      .map((pair) => `${of(pair, 'baseline')?.loadBefore ?? '-'}; ${of(pair, 'current')?.loadBefore ?? '-'}`)
      .join(' | ')} | |`,
  );
  return lines;
}
