import type { Pool, PoolClient } from '@factory/database';
import type { LogCheckpoint, LogHead } from '@factory/event-store';

type Db = Pool | PoolClient;

export interface StoredCheckpoint {
  checkpoint: LogCheckpoint;
  /** When this build was last at the head of the log; null if never. */
  watermark: Date | null;
}

/** The row of a build, created at the start of the log when missing. */
export async function ensureCheckpoint(db: Db, name: string): Promise<StoredCheckpoint> {
  await db.query('INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [
    name,
  ]);
  return (await readCheckpoint(db, name))!;
}

export async function readCheckpoint(db: Db, name: string): Promise<StoredCheckpoint | null> {
  const { rows } = await db.query<{ tx_id: string; position: number; watermark: Date | null }>(
    'SELECT tx_id::text AS tx_id, position, watermark FROM projection_checkpoints WHERE name = $1',
    [name],
  );
  const row = rows[0];
  if (!row) return null;
  return { checkpoint: { txId: row.tx_id, position: row.position }, watermark: row.watermark };
}

/**
 * Moves the checkpoint from `expected` to `next` (and the watermark forward, if given), inside
 * the batch's transaction. Compare-and-set: false when another worker moved it first, in which
 * case the caller rolls the whole batch back.
 */
export async function storeCheckpoint(
  client: PoolClient,
  name: string,
  expected: LogCheckpoint,
  next: LogCheckpoint,
  watermark: Date | null,
): Promise<boolean> {
  const { rowCount } = await client.query(
    `UPDATE projection_checkpoints
        SET tx_id = $4, position = $5, watermark = greatest(watermark, $6::timestamptz), atualizado_em = now(),
            erro = NULL
      WHERE name = $1 AND tx_id = $2 AND position = $3`,
    [name, expected.txId, expected.position, next.txId, next.position, watermark],
  );
  return rowCount === 1;
}

/**
 * An idle build is still at the head: when its checkpoint has reached the head read at
 * `head.at`, it had applied everything committed before that instant. One statement, so the
 * checkpoint it compares with is the committed one.
 */
export async function advanceWatermark(db: Db, name: string, head: LogHead): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE projection_checkpoints SET watermark = $2
      WHERE name = $1 AND (tx_id, position) >= ($3::numeric, $4::bigint)
        AND (watermark IS NULL OR watermark < $2)`,
    [name, head.at, head.checkpoint.txId, head.checkpoint.position],
  );
  return rowCount === 1;
}

/** A batch of this build failed: kept for `projecoes status` until a batch commits again. */
export async function recordBuildError(db: Db, name: string, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await db.query('UPDATE projection_checkpoints SET erro = $2 WHERE name = $1', [name, message]);
}

/** A worker follows these builds (`projecoes status` tells a stopped projection by its absence). */
export async function recordHeartbeat(db: Db, names: readonly string[]): Promise<void> {
  await db.query('UPDATE projection_checkpoints SET vivo_em = now() WHERE name = ANY($1)', [names]);
}
