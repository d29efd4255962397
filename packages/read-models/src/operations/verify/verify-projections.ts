import { randomBytes } from 'node:crypto';
import type { Pool } from '@factory/database';
import { type EventStore, LOG_START, type RecordedEvent } from '@factory/event-store';
import { readCheckpoint } from '../../projector/checkpoints.js';
import { companyReader } from '../../projector/event-company.js';
import { LIVE_SCHEMA, type Projection, qualifiedTable } from '../../projector/projection.js';
import { copyTableShapes } from '../../projector/shadow-tables.js';
import { compareTables, type Difference } from './compare-tables.js';
import { replayInto } from './replay-into.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface VerifyOptions {
  pool: Pool;
  eventStore: EventStore;
  projections: readonly Projection[];
  /** Only this company's events and rows. */
  empresa?: string;
  /** How many differing fields to name (20 by default). */
  examples?: number;
  signal?: AbortSignal;
  /** Each projection as it is done (for a progress line). */
  onProjection?: (done: { projecao: string; posicao: number; eventos: number }) => void;
}

export interface VerifyResult {
  diferencas: number;
  exemplos: Difference[];
  /** Where each projection was compared: its live checkpoint when the run started. */
  posicoes: Record<string, number>;
}

/**
 * `projecoes verificar`. Per projection, in a scratch schema dropped at the end:
 *   1. in one REPEATABLE READ transaction, read the live checkpoint and copy the live rows:
 *      a checkpoint commits with its rows, so the copy is the read model exactly at it, while
 *      the live build goes on;
 *   2. replay the log up to that checkpoint into empty tables of the same shape, with the
 *      projection's own code;
 *   3. compare the two row by row, field by field.
 * It reads and never repairs (the repair is `projecoes reconstruir`). The copy's transaction
 * holds back log readers while it runs (it has a transaction id): seconds at a million rows.
 */
export async function verifyProjections(options: VerifyOptions): Promise<VerifyResult> {
  // Spelled into the copy's SQL (CREATE TABLE AS takes no parameters): a uuid and nothing else.
  if (options.empresa !== undefined && !UUID.test(options.empresa))
    throw new RangeError(`not a company id: ${options.empresa}`);
  const limit = options.examples ?? 20;
  const result: VerifyResult = { diferencas: 0, exemplos: [], posicoes: {} };
  for (const projection of options.projections) {
    const scratch = `verificacao_${randomBytes(6).toString('hex')}`;
    try {
      const until = await copyLive(options, projection, scratch);
      const company = companyReader();
      const only = options.empresa ? (e: RecordedEvent) => company(e) === options.empresa : undefined;
      const eventos = await replayInto(
        options.pool,
        options.eventStore,
        projection,
        { schema: scratch, checkpointName: scratch },
        until.checkpoint,
        only,
        options.signal,
      );
      const client = await options.pool.connect();
      try {
        for (const tabela of projection.tables) {
          const found = await compareTables(client, {
            projecao: projection.name,
            tabela,
            live: [scratch, `vivo_${tabela}`],
            replayed: [scratch, tabela],
            examples: limit - result.exemplos.length,
          });
          result.diferencas += found.count;
          result.exemplos.push(...found.examples);
        }
      } finally {
        client.release();
      }
      result.posicoes[projection.name] = until.checkpoint.position;
      options.onProjection?.({ projecao: projection.name, posicao: until.checkpoint.position, eventos });
    } finally {
      await options.pool.query(`DROP SCHEMA IF EXISTS "${scratch}" CASCADE`);
    }
  }
  return result;
}

async function copyLive(options: VerifyOptions, projection: Projection, scratch: string) {
  const client = await options.pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    const live = await readCheckpoint(client, projection.name);
    await copyTableShapes(client, projection, scratch);
    for (const table of projection.tables)
      await client.query(
        `CREATE TABLE ${qualifiedTable(scratch, `vivo_${table}`)} AS
         SELECT * FROM ${qualifiedTable(LIVE_SCHEMA, table)}
         ${options.empresa ? `WHERE empresa_id = '${options.empresa}'::uuid` : ''}`,
      );
    await client.query('COMMIT');
    return { checkpoint: live?.checkpoint ?? LOG_START };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
