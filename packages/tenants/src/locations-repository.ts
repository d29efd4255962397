import type { Queryable } from './db.js';

export type LocalTipo = 'fabrica' | 'terceiro' | 'deposito';
export const LOCAL_TIPOS: readonly LocalTipo[] = ['fabrica', 'terceiro', 'deposito'];

export interface Local {
  id: string;
  nome: string;
  tipo: LocalTipo;
  ativo: boolean;
}

export async function insertLocation(db: Queryable, empresaId: string, local: Local): Promise<void> {
  await db.query('INSERT INTO locais (id, empresa_id, nome, tipo, ativo) VALUES ($1, $2, $3, $4, $5)', [
    local.id,
    empresaId,
    local.nome,
    local.tipo,
    local.ativo,
  ]);
}

/** Every location of the company, active or not, ordered by name then id (GET /v1/locais). */
export async function listLocations(db: Queryable, empresaId: string): Promise<Local[]> {
  const { rows } = await db.query<Local>(
    'SELECT id, nome, tipo, ativo FROM locais WHERE empresa_id = $1 ORDER BY nome, id',
    [empresaId],
  );
  return rows;
}
