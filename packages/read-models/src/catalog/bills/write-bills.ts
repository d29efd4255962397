import { arrayLiteral, type PoolClient } from '@factory/database';
import { qualifiedTable } from '../../projector/projection.js';
import type { BillChange } from './fold-bills.js';

/**
 * Replaces the bills the batch touched: their lines (the graph the roll-up walks) and their
 * rows, whose `linhas` are built here once, as the API shows them, so reads only copy them.
 */
export async function writeBills(
  client: PoolClient,
  schema: string,
  bills: readonly BillChange[],
): Promise<void> {
  if (bills.length === 0) return;
  const fichas = qualifiedTable(schema, 'catalogo_fichas');
  const linhas = qualifiedTable(schema, 'catalogo_ficha_linhas');
  const active = bills.filter((b) => b.ativa);
  const touched = [
    arrayLiteral(bills.map((b) => b.empresa_id)),
    arrayLiteral(bills.map((b) => b.produto_id)),
  ];

  await client.query(
    `DELETE FROM ${linhas} l USING unnest($1::uuid[], $2::uuid[]) AS b(empresa_id, produto_id)
      WHERE l.empresa_id = b.empresa_id AND l.produto_id = b.produto_id`,
    touched,
  );
  await client.query(
    `DELETE FROM ${fichas} f USING unnest($1::uuid[], $2::uuid[]) AS b(empresa_id, produto_id)
      WHERE f.empresa_id = b.empresa_id AND f.produto_id = b.produto_id`,
    touched,
  );
  if (active.length === 0) return;

  const lines = active.flatMap((b) =>
    b.linhas.map((l, ordem) => ({
      empresa_id: b.empresa_id,
      produto_id: b.produto_id,
      ordem,
      id: l.id,
      tipo: l.tipo,
      parte_id: l.insumo_id ?? l.componente_id,
      consumo: l.consumo,
      unidade: l.unidade,
      perda_pct: l.perda_pct,
    })),
  );
  await client.query(
    `INSERT INTO ${linhas} (empresa_id, produto_id, ordem, id, tipo, parte_id, consumo, unidade, perda_pct)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(empresa_id uuid, produto_id uuid, ordem integer,
              id text, tipo text, parte_id uuid, consumo numeric, unidade text, perda_pct numeric)`,
    [JSON.stringify(lines)],
  );
  // Every key present: a line carries both ids, the one that does not apply null.
  await client.query(
    `INSERT INTO ${fichas} (empresa_id, produto_id, versao, versao_id, linhas, atualizado_em)
     SELECT b.empresa_id, b.produto_id, b.versao, b.versao_id,
            (SELECT json_agg(json_build_object(
                      'id', l.id, 'tipo', l.tipo,
                      'insumo_id', CASE WHEN l.tipo = 'insumo' THEN l.parte_id END,
                      'componente_id', CASE WHEN l.tipo = 'produto' THEN l.parte_id END,
                      'consumo', l.consumo, 'unidade', l.unidade, 'perda_pct', l.perda_pct) ORDER BY l.ordem)
               FROM ${linhas} l WHERE l.empresa_id = b.empresa_id AND l.produto_id = b.produto_id),
            b.atualizado_em
       FROM jsonb_to_recordset($1::jsonb) AS b(empresa_id uuid, produto_id uuid, versao integer,
              versao_id uuid, atualizado_em timestamptz)`,
    [JSON.stringify(active.map(({ linhas: _lines, ...bill }) => bill))],
  );
}
