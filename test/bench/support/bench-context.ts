export interface BenchContext {
  /** A fresh, empty database of this benchmark's own (migrate it yourself). */
  databaseUrl: string;
  /** Redis for rate limits; null when none is reachable. */
  redisUrl: string | null;
  log: (line: string) => void;
}

/** Formats "ours / baseline" the same way in every benchmark. */
export function ratioLine(label: string, ours: number, baseline: number): string {
  return `  ${label}: ${(ours / baseline).toFixed(3)}`;
}
