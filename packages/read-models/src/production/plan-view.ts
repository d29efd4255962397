import type { Pool, PoolClient } from '@factory/database';
import type { ItemDoPlano } from '@factory/domain';
import { type NeedRow, planNeeds } from './plan-needs.js';

/** A day plan with its needs, decimals as exact text: what the Plano resource presents. */
export interface PlanView {
  dia: string;
  versao: number;
  itens: ItemDoPlano[];
  necessidades: NeedRow[];
  atualizado_em: Date | null;
}

/**
 * The Plano of `dia` from a plan (the projected one on a read, the one just decided on a
 * write), or the empty plan of a day never planned, with its needs as of now.
 */
export async function planView(
  db: Pool | PoolClient,
  empresaId: string,
  dia: string,
  plan: { versao: number; itens: ItemDoPlano[]; atualizado_em: string } | null,
): Promise<PlanView> {
  if (plan === null) return { dia, versao: 0, itens: [], necessidades: [], atualizado_em: null };
  return {
    dia,
    versao: plan.versao,
    itens: plan.itens,
    necessidades: await planNeeds(db, empresaId, plan.itens),
    atualizado_em: new Date(plan.atualizado_em),
  };
}
