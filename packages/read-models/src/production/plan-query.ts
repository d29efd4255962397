import type { Pool, PoolClient } from '@factory/database';
import type { ItemDoPlano } from '@factory/domain';
import { instantKeySql } from '../lists/list-sql.js';

export interface PlanRow {
  versao: number;
  itens: ItemDoPlano[];
  /** Keyset text of the last replacement. */
  atualizado_em: string;
}

/** The projected plan of one production day, or null when it was never planned. */
export async function readPlan(
  db: Pool | PoolClient,
  empresaId: string,
  dia: string,
): Promise<PlanRow | null> {
  const { rows } = await db.query<PlanRow>(
    `SELECT versao, itens, ${instantKeySql('atualizado_em')} AS atualizado_em
       FROM producao_planos WHERE empresa_id = $1 AND dia = $2::date`,
    [empresaId, dia],
  );
  return rows[0] ?? null;
}
