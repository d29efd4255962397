import type { Pool } from '@factory/database';
import { type EventStore, LOG_START, type LogCheckpoint } from '@factory/event-store';
import { readCheckpoint } from '../projector/checkpoints.js';
import type { Projection } from '../projector/projection.js';
import { SIGN_OF_LIFE_MS } from '../projector/projector.js';
import { shadowCheckpointName } from './build-names.js';

export type ProjectionState = 'ativa' | 'reconstruindo' | 'parada' | 'falhou';

/** One line of `projecoes status --json` (operations.md), plus `erro`. */
export interface ProjectionStatus {
  nome: string;
  versao: number;
  estado: ProjectionState;
  posicao: number;
  cabeca: number;
  atraso_eventos: number;
  atraso_segundos: number;
  reconstrucao: {
    versao: number;
    posicao: number;
    eventos_por_segundo: number | null;
    eta_segundos: number | null;
  } | null;
  /** Why it is `falhou` (the rebuild's last error, or the live build's); null otherwise. */
  erro: string | null;
}

/** A worker missing this many heartbeats in a row is taken as gone. */
const STOPPED_AFTER_MS = 6 * SIGN_OF_LIFE_MS;

interface Row {
  versao: number | null;
  posicao: string | null;
  erro: string | null;
  parada: boolean;
  tx_id: string | null;
  rebuild_versao: number | null;
  rebuild_estado: string | null;
  rebuild_erro: string | null;
  eventos_por_segundo: number | null;
  eta_segundos: number | null;
}

/**
 * What the projector and the rebuilds recorded, read in one statement per projection: the live
 * checkpoint and its version and the latest rebuild; and, from the log through the port (either
 * log), its head and the lag behind it. Lag in events counts the log after the checkpoint in log
 * order; lag in seconds is the age of the first of them at the head's reading.
 */
export async function readProjectionStatus(
  pool: Pool,
  eventStore: EventStore,
  projections: ReadonlyArray<Pick<Projection, 'name'>>,
): Promise<ProjectionStatus[]> {
  const statuses: ProjectionStatus[] = [];
  const head = await eventStore.readHead();
  for (const projection of projections) {
    const { rows } = await pool.query<Row>(
      `WITH live AS (
         SELECT versao, tx_id, position, erro, vivo_em FROM projection_checkpoints WHERE name = $1
       ), rebuild AS (
         SELECT * FROM projection_rebuilds WHERE projecao = $1 ORDER BY criada_em DESC LIMIT 1
       )
       SELECT live.versao, live.position::text AS posicao, live.erro,
              (live.vivo_em IS NULL OR live.vivo_em < now() - $2 * interval '1 millisecond') AS parada,
              live.tx_id::text AS tx_id,
              r.versao AS rebuild_versao, r.estado AS rebuild_estado, r.erro AS rebuild_erro,
              r.eventos_por_segundo, r.eta_segundos
         FROM (SELECT 1) one
         LEFT JOIN live ON true
         LEFT JOIN rebuild r ON true`,
      [projection.name, STOPPED_AFTER_MS],
    );
    const row = rows[0]!;
    const live: LogCheckpoint =
      row.tx_id === null ? LOG_START : { txId: row.tx_id, position: Number(row.posicao) };
    const [atrasoEventos, [oldest]] = await Promise.all([
      eventStore.countEvents({ after: live, upTo: head.checkpoint }),
      eventStore.readAll({ after: live, limit: 1 }),
    ]);
    const atrasoSegundos = oldest ? (head.at.getTime() - oldest.created.getTime()) / 1000 : 0;
    const rebuilding = row.rebuild_estado === 'reconstruindo';
    const rebuildFailed = row.rebuild_estado === 'falhou';
    const estado: ProjectionState = rebuilding
      ? 'reconstruindo'
      : rebuildFailed || row.erro !== null
        ? 'falhou'
        : row.parada || row.versao === null
          ? 'parada'
          : 'ativa';
    const shadow = rebuilding
      ? await readCheckpoint(pool, shadowCheckpointName(projection.name, row.rebuild_versao!))
      : null;
    statuses.push({
      nome: projection.name,
      versao: row.versao ?? 1,
      estado,
      posicao: Number(row.posicao ?? 0),
      cabeca: head.checkpoint.position,
      atraso_eventos: atrasoEventos,
      atraso_segundos: Math.max(0, Math.round(atrasoSegundos * 1000) / 1000),
      reconstrucao: rebuilding
        ? {
            versao: row.rebuild_versao!,
            posicao: shadow?.checkpoint.position ?? 0,
            eventos_por_segundo: row.eventos_por_segundo,
            eta_segundos: row.eta_segundos,
          }
        : null,
      erro: rebuildFailed ? row.rebuild_erro : row.erro,
    });
  }
  return statuses;
}
