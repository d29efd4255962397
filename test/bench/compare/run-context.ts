import type pg from 'pg';
import type { Build } from './checkout.js';
import type { Template } from './seed-template.js';

/** figure → value of one run of one build: the rows of the comparison's table. */
export type Figures = Map<string, number>;

/** The lengths of the timed loads, the same for every run. */
export interface Settings {
  listSeconds: number;
  movementSeconds: number;
  /** Catalog batches timed per phase (creations, updates, unchanged). */
  batches: number;
}

/** What every scenario of one run gets: the build, its copy of the template, where figures go. */
export interface RunContext {
  build: Build;
  /** The run's own database (a copy of the template). */
  url: string;
  /**
   * Where this tree's bare references run (same history, this tree's schema): a baseline from
   * before a migration cannot serve this tree's code.
   */
  referenceUrl: string;
  client: pg.Client;
  redisUrl: string;
  template: Template;
  settings: Settings;
  figures: Figures;
  log: (line: string) => void;
}

/** Seconds `work` took, with its answer. */
export async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { seconds: (performance.now() - started) / 1000, value };
}
