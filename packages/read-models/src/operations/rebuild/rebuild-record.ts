import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from '@factory/database';

type Db = Pool | PoolClient;

/** A row of projection_rebuilds: the request and the record of one rebuild. */
export interface RebuildRecord {
  id: string;
  projecao: string;
  versao: number;
  estado: 'reconstruindo' | 'concluida' | 'falhou';
  preparada: boolean;
  erro: string | null;
  eventos: number;
  eventos_por_segundo: number | null;
  eta_segundos: number | null;
  segundos: number | null;
  criada_em: Date;
  /** Started with --sem-esperar: no command follows it, and none may take it up (migration 0104). */
  sem_esperar: boolean;
}

/**
 * A second rebuild of a projection already rebuilding: refused, naming the running one (and,
 * for one started with --sem-esperar, where to watch it, since no command follows it).
 */
export class RebuildRunningError extends Error {
  override readonly name = 'RebuildRunningError';
  constructor(readonly running: RebuildRecord) {
    super(
      `a projeção ${running.projecao} já está em reconstrução (versão ${running.versao}, trabalho ${running.id}, desde ${running.criada_em.toISOString()}${running.sem_esperar ? ', iniciada com --sem-esperar; acompanhe-a com projecoes status' : ''})`,
    );
  }
}

const COLUMNS = `id, projecao, versao, estado, preparada, erro, eventos::float8 AS eventos, eventos_por_segundo,
  eta_segundos, segundos, criada_em, sem_esperar`;

export async function readRebuild(db: Db, id: string, lock = false): Promise<RebuildRecord | null> {
  const { rows } = await db.query<RebuildRecord>(
    `SELECT ${COLUMNS} FROM projection_rebuilds WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function openRebuild(db: Db, projecao: string): Promise<RebuildRecord | null> {
  const { rows } = await db.query<RebuildRecord>(
    `SELECT ${COLUMNS} FROM projection_rebuilds WHERE projecao = $1 AND estado = 'reconstruindo'`,
    [projecao],
  );
  return rows[0] ?? null;
}

export async function openRebuildIds(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM projection_rebuilds WHERE estado = 'reconstruindo' ORDER BY criada_em`,
  );
  return rows.map((r) => r.id);
}

/**
 * The channel a new rebuild is announced on, when its row commits: the projector workers'
 * follower (follow-open-rebuilds.ts) takes it up at once instead of at its next look.
 */
export const REBUILDS_CHANNEL = 'projection_rebuilds';

/**
 * Records a rebuild of `projecao` into its next version (the live one's plus one) and announces
 * it on REBUILDS_CHANNEL. The unique index on open rebuilds refuses a second one, whoever asks
 * at the same moment. `semEsperar` records that no command will follow it (`projecoes
 * reconstruir --sem-esperar`).
 */
export async function requestRebuild(
  db: Db,
  projecao: string,
  id: string = randomUUID(),
  options: { semEsperar?: boolean } = {},
): Promise<RebuildRecord> {
  try {
    const { rows } = await db.query<{ id: string }>(
      `WITH requested AS (
         INSERT INTO projection_rebuilds (id, projecao, versao, sem_esperar)
         SELECT $1, $2, coalesce((SELECT versao FROM projection_checkpoints WHERE name = $2), 1) + 1, $3
         RETURNING id)
       SELECT id, pg_notify($4, id::text) FROM requested`,
      [id, projecao, options.semEsperar ?? false, REBUILDS_CHANNEL],
    );
    return (await readRebuild(db, rows[0]!.id))!;
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    const running = await openRebuild(db, projecao);
    if (!running) throw error;
    throw new RebuildRunningError(running);
  }
}

export async function recordProgress(
  db: Db,
  id: string,
  progress: { eventos: number; eventos_por_segundo: number; eta_segundos: number | null },
): Promise<void> {
  await db.query(
    `UPDATE projection_rebuilds
        SET eventos = $2, eventos_por_segundo = $3, eta_segundos = $4, atualizada_em = now()
      WHERE id = $1 AND estado = 'reconstruindo'`,
    [id, progress.eventos, progress.eventos_por_segundo, progress.eta_segundos],
  );
}

export async function recordFailure(db: Db, id: string, error: Error): Promise<void> {
  await db.query(
    `UPDATE projection_rebuilds SET estado = 'falhou', erro = $2, atualizada_em = now()
      WHERE id = $1 AND estado = 'reconstruindo'`,
    [id, error.message],
  );
}
