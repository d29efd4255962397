import type { PoolClient } from '@factory/database';
import type { InsumoStreamEvent } from '@factory/domain';
import type { QueryConfig } from 'pg';

/**
 * The write-side index of a supply item's catalog events (`catalog_supply_items`): SKU -> id
 * among non-deleted items, and the definition a bill line needs. The stock's
 * `InsumoDefinido.v1` carries the units, factor and reference cost whenever one changes.
 */
export async function indexSupplyItemEvents(
  client: PoolClient,
  empresaId: string,
  events: readonly InsumoStreamEvent[],
): Promise<void> {
  const created = events.some((event) => event.type === 'InsumoCadastrado.v1');
  for (const event of events) {
    // On creation the record already holds what the definition repeats.
    if (created && event.type === 'InsumoDefinido.v1') continue;
    const statement = statementFor(empresaId, event);
    if (statement !== null) await client.query(statement);
  }
}

function statementFor(empresaId: string, event: InsumoStreamEvent): QueryConfig | null {
  switch (event.type) {
    case 'InsumoCadastrado.v1': {
      const d = event.data;
      return {
        text: `INSERT INTO catalog_supply_items
                 (insumo_id, empresa_id, sku, unidade_compra, unidade_consumo, fator_conversao, custo_referencia)
               VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        values: [
          d.insumo_id,
          empresaId,
          d.sku,
          d.unidade_compra,
          d.unidade_consumo,
          d.fator_conversao,
          d.custo_referencia,
        ],
      };
    }
    case 'InsumoDefinido.v1': {
      const d = event.data;
      return {
        text: `UPDATE catalog_supply_items
                  SET unidade_compra = $3, unidade_consumo = $4, fator_conversao = $5, custo_referencia = $6
                WHERE insumo_id = $1 AND empresa_id = $2`,
        values: [
          d.insumo_id,
          empresaId,
          d.unidade_compra,
          d.unidade_consumo,
          d.fator_conversao,
          d.custo_referencia,
        ],
      };
    }
    case 'InsumoExcluido.v1':
      return {
        text: 'UPDATE catalog_supply_items SET excluido_em = $3 WHERE insumo_id = $1 AND empresa_id = $2',
        values: [event.data.insumo_id, empresaId, event.data.excluido_em],
      };
    case 'InsumoAlterado.v1':
      return null; // nothing the index holds changes without an InsumoDefinido.v1
    case 'MovimentoRegistrado.v1':
    case 'MovimentoEstornado.v1':
      return null; // the stock's own events; catalog commands never append them
    default: {
      const unhandled: never = event;
      throw new Error(`supply item index: unknown event ${(unhandled as { type: string }).type}`);
    }
  }
}
