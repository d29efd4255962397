import { inTransaction, type Pool } from '@factory/database';
import { deferIndexes, forgetDeferredIndexes } from '../../projector/deferred-indexes.js';
import type { Projection, ProjectionTarget } from '../../projector/projection.js';
import { copyTableShapes } from '../../projector/shadow-tables.js';
import { shadowCheckpointName, versionSchema } from '../build-names.js';
import { readRebuild } from './rebuild-record.js';

/**
 * The version's schema, empty tables and checkpoint at the start of the log, made once: a
 * resumed rebuild finds them prepared and goes on from its checkpoint. Under the rebuild row's
 * lock, so two workers taking the same rebuild never make them twice.
 */
export async function prepareVersion(
  pool: Pool,
  projection: Projection,
  rebuildId: string,
): Promise<ProjectionTarget> {
  return inTransaction(pool, async (client) => {
    const rebuild = (await readRebuild(client, rebuildId, true))!;
    const target = {
      schema: versionSchema(projection.name, rebuild.versao),
      checkpointName: shadowCheckpointName(projection.name, rebuild.versao),
    };
    if (rebuild.preparada) return target;
    // Leftovers of an earlier failed attempt at the same version go first.
    await client.query(`DROP SCHEMA IF EXISTS "${target.schema}" CASCADE`);
    await forgetDeferredIndexes(client, target.schema);
    await copyTableShapes(client, projection, target.schema);
    // Its whole log is ahead of it: the version builds without its secondary indexes
    // (deferred-indexes.ts), made once its build reaches the head, before the swap.
    await deferIndexes(client, projection, target.schema);
    await client.query(
      `INSERT INTO projection_checkpoints (name, versao) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET tx_id = 0, position = 0, watermark = NULL, erro = NULL, versao = $2`,
      [target.checkpointName, rebuild.versao],
    );
    await client.query('UPDATE projection_rebuilds SET preparada = true WHERE id = $1', [rebuildId]);
    return target;
  });
}

/** What a failed rebuild leaves: its schema and checkpoint go (the next rebuild starts afresh). */
export async function discardVersion(pool: Pool, projection: Projection, versao: number): Promise<void> {
  await pool.query(`DROP SCHEMA IF EXISTS "${versionSchema(projection.name, versao)}" CASCADE`);
  await forgetDeferredIndexes(pool, versionSchema(projection.name, versao));
  await pool.query('DELETE FROM projection_checkpoints WHERE name = $1', [
    shadowCheckpointName(projection.name, versao),
  ]);
}
