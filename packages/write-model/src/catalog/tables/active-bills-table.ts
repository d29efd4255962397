import type { Pool } from '@factory/database';
import type { BillUse, ProdutoEvent } from '@factory/domain';
import type { InlineProjection } from '@factory/event-store';
import type { AppendedEvent } from '../../stream-command.js';
import { isUuid } from '../../uuid.js';
import { catalogEvent } from './catalog-event.js';
import { PRODUCT_EVENTS } from './products-table.js';

/**
 * `catalog_bill_lines` and `catalog_products.ficha_versao`: the product's active bill (the
 * company's bill graph), its version and lines, or none.
 */
export interface ActiveBillRow {
  empresaId: string;
  produtoId: string;
  bill: {
    versao: number;
    linhas: ReadonlyArray<{
      insumo_id: string | null;
      componente_id: string | null;
      consumo: string;
      perda_pct: string;
    }>;
  } | null;
}

export function activeBillRowOf(empresaId: string, event: AppendedEvent<ProdutoEvent>): ActiveBillRow | null {
  const base = { empresaId, produtoId: event.data.produto_id };
  if (event.type === 'FichaDefinida.v1')
    return { ...base, bill: { versao: event.data.versao, linhas: event.data.linhas } };
  if (event.type === 'FichaDesativada.v1') return { ...base, bill: null };
  return null;
}

export const activeBillsTable: InlineProjection<ActiveBillRow> = {
  name: 'catalog_bill_lines',
  order: 'log',
  rowsOf(recorded) {
    const found = catalogEvent<ProdutoEvent>(recorded, PRODUCT_EVENTS);
    const row = found && activeBillRowOf(found.empresaId, found.event);
    return row ? [row] : [];
  },
  write([row]) {
    if (row === undefined) throw new Error('catalog_bill_lines: one row per write');
    const lines = row.bill?.linhas ?? [];
    return {
      text: `WITH gone AS (DELETE FROM catalog_bill_lines WHERE produto_id = $1 AND empresa_id = $2),
             product AS (UPDATE catalog_products SET ficha_versao = $3 WHERE produto_id = $1 AND empresa_id = $2)
             INSERT INTO catalog_bill_lines
                    (produto_id, versao, posicao, empresa_id, insumo_id, componente_id, consumo, perda_pct)
             SELECT $1, $3, l.n - 1, $2, l.insumo_id, l.componente_id, l.consumo, l.perda_pct
               FROM unnest($4::uuid[], $5::uuid[], $6::numeric[], $7::numeric[])
                    WITH ORDINALITY AS l(insumo_id, componente_id, consumo, perda_pct, n)
              WHERE $3::integer IS NOT NULL`,
      values: [
        row.produtoId,
        row.empresaId,
        row.bill?.versao ?? null,
        lines.map((l) => l.insumo_id),
        lines.map((l) => l.componente_id),
        lines.map((l) => l.consumo),
        lines.map((l) => l.perda_pct),
      ],
    };
  },
};

/**
 * The active bills that consume `id` (a product or a supply item), naming each bill. A
 * product's own bill is included; the product decider leaves it out.
 */
export async function activeBillsUsing(
  db: Pool,
  empresaId: string,
  kind: 'componente_id' | 'insumo_id',
  id: string,
): Promise<BillUse[]> {
  if (!isUuid(id)) return [];
  const { rows } = await db.query<BillUse>(
    `SELECT DISTINCT l.produto_id, p.sku, l.versao
       FROM catalog_bill_lines l JOIN catalog_products p ON p.produto_id = l.produto_id
      WHERE l.empresa_id = $1 AND l.${kind} = $2
      ORDER BY p.sku, l.produto_id`,
    [empresaId, id],
  );
  return rows;
}
