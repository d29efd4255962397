import { inTransaction, type Pool, type PoolClient } from '@factory/database';
import { compareCheckpoints, type EventStore, LOG_START, type LogCheckpoint } from '@factory/event-store';
import { readCheckpoint } from '../../projector/checkpoints.js';
import {
  LIVE_SCHEMA,
  type Projection,
  type ProjectionTarget,
  qualifiedTable,
} from '../../projector/projection.js';
import { versionSchema } from '../build-names.js';
import { readRebuild } from './rebuild-record.js';

export interface Swapped {
  /** The checkpoint the new version went live at. */
  checkpoint: LogCheckpoint;
  /** Log events up to it: what the version was built from. */
  eventos: number;
  segundos: number;
}

const CATCH_UP_BATCH = 2000;
/** A swap waits this long for a table lock before giving up and trying again (see below). */
const LOCK_TIMEOUT = '2s';

/**
 * The blue/green swap, one transaction, with the version's own build stopped:
 *   1. lock the live tables (ACCESS EXCLUSIVE): the live batch being applied commits first,
 *      the next one waits, and so do readers, for the few milliseconds this takes;
 *   2. lock the rebuild row (still open?) and both checkpoint rows;
 *   3. if the live build is ahead, apply the events between the two checkpoints to the new
 *      version here, with the same projection code, so that it goes live exactly where the
 *      old one was and no read ever sees an older state than before;
 *   4. move the live tables out to the old version's schema and the new ones into `public`
 *      (queries name tables in `public`: nothing else changes for them), and hand the live
 *      checkpoint's name to the new version's, with the later of the two watermarks.
 * A live batch that waited on step 1 then writes to the new tables; its compare-and-set
 * succeeds only when the swap went live at the checkpoint it expects, else it rolls back and
 * the live build resumes from the swapped checkpoint. The old version is dropped after commit.
 *
 * A waiting ACCESS EXCLUSIVE request queues every reader behind it, so the swap waits at most
 * LOCK_TIMEOUT for its locks (a long query holds them) and is tried again after a pause.
 */
export async function swapVersion(
  pool: Pool,
  eventStore: EventStore,
  projection: Projection,
  rebuildId: string,
  target: ProjectionTarget,
): Promise<Swapped | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await swapOnce(pool, eventStore, projection, rebuildId, target);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // lock_not_available, deadlock_detected: readers held the tables; try again.
      if ((code !== '55P03' && code !== '40P01') || attempt >= 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * Math.min(attempt, 10)));
    }
  }
}

async function swapOnce(
  pool: Pool,
  eventStore: EventStore,
  projection: Projection,
  rebuildId: string,
  target: ProjectionTarget,
): Promise<Swapped | null> {
  const swapped = await inTransaction(
    pool,
    async (client) => {
      // 1.
      const live = projection.tables.map((t) => qualifiedTable(LIVE_SCHEMA, t));
      await client.query(`LOCK TABLE ${live.join(', ')} IN ACCESS EXCLUSIVE MODE`);
      // 2.
      const rebuild = await readRebuild(client, rebuildId, true);
      if (rebuild?.estado !== 'reconstruindo') return null;
      const rows = await client.query<{ name: string }>(
        'SELECT name FROM projection_checkpoints WHERE name = ANY($1) ORDER BY name FOR UPDATE',
        [[projection.name, target.checkpointName]],
      );
      if (!rows.rows.some((r) => r.name === target.checkpointName))
        throw new Error(`checkpoint ${target.checkpointName} is missing`);
      const liveCheckpoint = await readCheckpoint(client, projection.name);
      let built = (await readCheckpoint(client, target.checkpointName))!.checkpoint;
      // 3.
      if (liveCheckpoint && compareCheckpoints(built, liveCheckpoint.checkpoint) < 0)
        built = await catchUp(client, eventStore, projection, target, built, liveCheckpoint.checkpoint);
      // 4.
      const retired = versionSchema(projection.name, rebuild.versao - 1);
      await client.query(`DROP SCHEMA IF EXISTS "${retired}" CASCADE`);
      await client.query(`CREATE SCHEMA "${retired}"`);
      for (const table of projection.tables) {
        await client.query(`ALTER TABLE ${qualifiedTable(LIVE_SCHEMA, table)} SET SCHEMA "${retired}"`);
        await client.query(`ALTER TABLE ${qualifiedTable(target.schema, table)} SET SCHEMA ${LIVE_SCHEMA}`);
      }
      await client.query(`DROP SCHEMA "${target.schema}"`);
      const { rows: gone } = await client.query<{ watermark: Date | null; vivo_em: Date | null }>(
        'DELETE FROM projection_checkpoints WHERE name = $1 RETURNING watermark, vivo_em',
        [projection.name],
      );
      await client.query(
        `UPDATE projection_checkpoints
            SET name = $1, versao = $3, tx_id = $4, position = $5, erro = NULL, atualizado_em = now(),
                watermark = greatest(watermark, $6::timestamptz), vivo_em = coalesce($7::timestamptz, vivo_em)
          WHERE name = $2`,
        [
          projection.name,
          target.checkpointName,
          rebuild.versao,
          built.txId,
          built.position,
          gone[0]?.watermark ?? null,
          gone[0]?.vivo_em ?? null,
        ],
      );
      const { rows: done } = await client.query<{ segundos: number }>(
        `UPDATE projection_rebuilds
            SET estado = 'concluida', concluida_em = now(), atualizada_em = now(), eta_segundos = 0,
                segundos = extract(epoch FROM clock_timestamp() - criada_em)
          WHERE id = $1
          RETURNING segundos`,
        [rebuildId],
      );
      return { checkpoint: built, segundos: done[0]!.segundos, retired };
    },
    `SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`,
  );
  if (!swapped) return null;
  // The old version, now unreachable by name, goes after the commit: the swap stays short.
  await pool.query(`DROP SCHEMA IF EXISTS "${swapped.retired}" CASCADE`);
  // Counted through the port after the commit, not under the swap's locks: on KurrentDB a count
  // is a read of the log.
  const eventos = await eventStore.countEvents({ after: LOG_START, upTo: swapped.checkpoint });
  await pool.query('UPDATE projection_rebuilds SET eventos = $2 WHERE id = $1', [rebuildId, eventos]);
  return { checkpoint: swapped.checkpoint, eventos, segundos: swapped.segundos };
}

/** Applies the log between the two checkpoints to the new version, in the swap's transaction. */
async function catchUp(
  client: PoolClient,
  eventStore: EventStore,
  projection: Projection,
  target: ProjectionTarget,
  from: LogCheckpoint,
  to: LogCheckpoint,
): Promise<LogCheckpoint> {
  let after = from;
  while (compareCheckpoints(after, to) < 0) {
    const read = await eventStore.readAll({ after, limit: CATCH_UP_BATCH });
    const events = read.filter((e) => compareCheckpoints(e.checkpoint, to) <= 0);
    if (events.length === 0) throw new Error('the log ended before the live checkpoint');
    const handled = events.filter((e) => projection.handles.includes(e.type));
    if (handled.length > 0) {
      await projection.stage?.(client, handled, target);
      await projection.apply(client, handled, target);
    }
    after = events.at(-1)!.checkpoint;
  }
  return after;
}
