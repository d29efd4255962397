import { randomBytes } from 'node:crypto';
import type { Pool } from '@factory/database';
import { type EventStore, LOG_START, type LogCheckpoint, type RecordedEvent } from '@factory/event-store';
import { readCheckpoint } from '../../projector/checkpoints.js';
import { deferIndexes } from '../../projector/deferred-indexes.js';
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
 * `projecoes verificar`, in a scratch schema dropped at the end:
 *   1. in one REPEATABLE READ transaction, read every projection's live checkpoint and copy its
 *      live rows: a checkpoint commits with its rows, so each copy is its read model exactly at
 *      its checkpoint, while the live builds go on;
 *   2. replay the log up to each checkpoint into empty tables of the same shape, with the
 *      projections' own code, reading the log once for all of them (replay-into.ts);
 *   3. compare each table with its copy in one statement (compare-tables.ts).
 * It reads and never repairs (the repair is `projecoes reconstruir`). The copy's transaction
 * holds back log readers while it runs (it has a transaction id): seconds at a million rows.
 */
export async function verifyProjections(options: VerifyOptions): Promise<VerifyResult> {
  // Spelled into the copy's SQL (CREATE TABLE AS takes no parameters): a uuid and nothing else.
  if (options.empresa !== undefined && !UUID.test(options.empresa))
    throw new RangeError(`not a company id: ${options.empresa}`);
  const limit = options.examples ?? 20;
  const result: VerifyResult = { diferencas: 0, exemplos: [], posicoes: {} };
  // One schema for every projection: their tables' and indexes' names are distinct in `public`.
  const scratch = `verificacao_${randomBytes(6).toString('hex')}`;
  const target = { schema: scratch, checkpointName: scratch };
  try {
    const untils = await copyLive(options, scratch);
    const company = companyReader();
    const only = options.empresa ? (e: RecordedEvent) => company(e) === options.empresa : undefined;
    const covered = await replayInto(
      options.pool,
      options.eventStore,
      options.projections.map((projection) => ({
        projection,
        target,
        until: untils.get(projection.name)!,
      })),
      only,
      options.signal,
    );
    const client = await options.pool.connect();
    try {
      for (const projection of options.projections) {
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
        const posicao = untils.get(projection.name)!.position;
        result.posicoes[projection.name] = posicao;
        options.onProjection?.({
          projecao: projection.name,
          posicao,
          eventos: covered.get(projection.name)!,
        });
      }
    } finally {
      client.release();
    }
  } finally {
    await options.pool.query(`DROP SCHEMA IF EXISTS "${scratch}" CASCADE`);
  }
  return result;
}

/** Every projection's live rows copied at its live checkpoint, in one snapshot; the checkpoints. */
async function copyLive(options: VerifyOptions, scratch: string): Promise<Map<string, LogCheckpoint>> {
  const client = await options.pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    const untils = new Map<string, LogCheckpoint>();
    for (const projection of options.projections) {
      const live = await readCheckpoint(client, projection.name);
      untils.set(projection.name, live?.checkpoint ?? LOG_START);
      await copyTableShapes(client, projection, scratch);
      // The replay writes every row of the scratch tables and the comparison joins on their
      // keys: the indexes beside the keys would only be kept up to date row by row, for nothing
      // (deferred-indexes.ts).
      await deferIndexes(client, projection, scratch, { forGood: true });
      for (const table of projection.tables)
        await client.query(
          `CREATE TABLE ${qualifiedTable(scratch, `vivo_${table}`)} AS
           SELECT * FROM ${qualifiedTable(LIVE_SCHEMA, table)}
           ${options.empresa ? `WHERE empresa_id = '${options.empresa}'::uuid` : ''}`,
        );
    }
    await client.query('COMMIT');
    return untils;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
