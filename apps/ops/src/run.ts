import { EnvError } from '@factory/config';
import {
  createPool,
  isDatabaseUnavailable,
  migrate,
  type ResolvedDatabase,
  resolveDatabase,
} from '@factory/database';
import { OpsError } from '@factory/tenants';
import { createWriteStore } from '@factory/write-model';
import { CommandFailed, InterruptedError, UsageError } from './command.js';
import { COMMANDS } from './commands/index.js';
import { loadEnv } from './env.js';
import { jsonDocument } from './output.js';
import { parseCommandLine } from './parse-command-line.js';
import { type ProgressTerminal, progressBar } from './progress-bar.js';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** stderr when it is a terminal: progress bars are drawn there only. */
  terminal?: ProgressTerminal | null;
  /** Ctrl-C. */
  signal?: AbortSignal;
}

export const EXIT_OK = 0;
/** Refused by a rule (unknown id, bad CNPJ, token limit...) or failed (database down). */
export const EXIT_FAILED = 1;
/** The command line or the environment is wrong; nothing was attempted. */
export const EXIT_USAGE = 2;

function report(io: CliIo, error: unknown): number {
  if (error instanceof UsageError || error instanceof EnvError) {
    io.stderr(`erro: ${error.message}\n`);
    return EXIT_USAGE;
  }
  if (error instanceof OpsError || error instanceof InterruptedError || error instanceof CommandFailed) {
    io.stderr(`erro: ${error.message}\n`);
    return EXIT_FAILED;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (isDatabaseUnavailable(error)) io.stderr(`erro: banco de dados indisponível: ${message}\n`);
  else io.stderr(`erro inesperado: ${error instanceof Error ? (error.stack ?? message) : message}\n`);
  return EXIT_FAILED;
}

/**
 * Runs one command line and returns the exit code. stdout receives only the result (one JSON
 * document with --json); every error goes to stderr.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  // 1. Parse the command line: a usage error needs no database.
  let parsed: ReturnType<typeof parseCommandLine>;
  let env: ReturnType<typeof loadEnv>;
  try {
    parsed = parseCommandLine(argv, COMMANDS);
    if (parsed.kind === 'help') {
      io.stdout(`${parsed.text}\n`);
      return EXIT_OK;
    }
    env = loadEnv();
  } catch (error) {
    return report(io, error);
  }
  // 2. Find the database (the single-machine embedded one when DATABASE_URL is unset), bring
  //    the schema up to date (idempotent, under the migration lock), then run.
  let database: ResolvedDatabase;
  try {
    database = await resolveDatabase({
      databaseUrl: env.databaseUrl,
      dataDir: env.dataDir,
      embeddedPort: env.embeddedPort,
    });
  } catch (error) {
    return report(io, error);
  }
  // Enough connections for the seed's concurrent commands and its projector.
  const pool = createPool(database.url, { max: 12, name: 'ops', connectTimeoutMs: 15_000 });
  const eventStore = createWriteStore({ pool, log: env.eventLog });
  try {
    await migrate(pool);
    const output = await parsed.command.run(
      {
        pool,
        eventStore,
        now: new Date(),
        publicUrl: env.publicUrl,
        progress: progressBar(io.terminal ?? null),
        signal: io.signal ?? new AbortController().signal,
      },
      parsed.options,
    );
    io.stdout(parsed.json ? jsonDocument(output.json) : `${output.text}\n`);
    if (output.failure === undefined) return EXIT_OK;
    io.stderr(`erro: ${output.failure}\n`);
    return EXIT_FAILED;
  } catch (error) {
    return report(io, error);
  } finally {
    await eventStore.close();
    await pool.end();
    await database.stop();
  }
}
