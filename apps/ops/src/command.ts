import type { Pool } from '@factory/database';
import type { EventStore } from '@factory/event-store';
import type { Progress } from './progress-bar.js';

/** Wrong command line: unknown command or option, missing or repeated option, bad value. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Stopped by Ctrl-C at a consistent point; the message says what was done and how to resume. */
export class InterruptedError extends Error {
  override readonly name = 'InterruptedError';
}

/** Refused or failed for a reason the command states in one line (exit 1). */
export class CommandFailed extends Error {
  override readonly name = 'CommandFailed';
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  required?: boolean;
  /** Placeholder shown in the usage text, e.g. `UUID`. */
  value?: string;
  help: string;
}

export interface CommandContext {
  pool: Pool;
  /** The service's log (EVENT_STORE), opened for the run and closed after it. */
  eventStore: EventStore;
  /** Read once per run at the edge; services never read the clock. */
  now: Date;
  /** Base of the links printed for people (PUBLIC_URL, else this machine's PORT). */
  publicUrl: string;
  /** Long work reports here: a bar on a terminal's stderr, nothing otherwise. */
  progress: Progress;
  /** Aborted by Ctrl-C (SIGINT): long work stops at a consistent point and says how to resume. */
  signal: AbortSignal;
}

export interface CommandOutput {
  /** The one document printed with --json. */
  json: unknown;
  /** Lines for a person. */
  text: string;
  /** Printed, yet a failure: this line goes to stderr and the exit is 1 (`verificar` found differences). */
  failure?: string;
}

/** Read access to the parsed options; required ones are checked before `run` is called. */
export interface OptionValues {
  string(name: string): string;
  optionalString(name: string): string | undefined;
  flag(name: string): boolean;
}

export interface CommandSpec {
  /** Group and verb, e.g. `token criar`. */
  name: string;
  summary: string;
  options: Record<string, OptionSpec>;
  run(ctx: CommandContext, options: OptionValues): Promise<CommandOutput>;
}
