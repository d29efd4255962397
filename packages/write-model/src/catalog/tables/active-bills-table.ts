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
  // A product's last bill of the batch: each bill replaces the product's lines and version whole.
  collapse: (rows) => [[...new Map(rows.map((row) => [row.produtoId, row])).values()]],
  write(rows) {
    if (new Set(rows.map((row) => row.produtoId)).size !== rows.length)
      throw new Error('catalog_bill_lines: two bills of one product in one statement');
    const lines = rows.flatMap((row) =>
      (row.bill?.linhas ?? []).map((line, posicao) => ({ produtoId: row.produtoId, posicao, ...line })),
    );
    return {
      text: `WITH x AS (SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::integer[]) AS x(produto_id, empresa_id, versao)),
             gone AS (DELETE FROM catalog_bill_lines b USING x
                       WHERE b.produto_id = x.produto_id AND b.empresa_id = x.empresa_id),
             product AS (UPDATE catalog_products p SET ficha_versao = x.versao FROM x
                          WHERE p.produto_id = x.produto_id AND p.empresa_id = x.empresa_id)
             INSERT INTO catalog_bill_lines
                    (produto_id, versao, posicao, empresa_id, insumo_id, componente_id, consumo, perda_pct)
             SELECT x.produto_id, x.versao, l.posicao, x.empresa_id, l.insumo_id, l.componente_id, l.consumo, l.perda_pct
               FROM unnest($4::uuid[], $5::integer[], $6::uuid[], $7::uuid[], $8::numeric[], $9::numeric[])
                    AS l(produto_id, posicao, insumo_id, componente_id, consumo, perda_pct)
               JOIN x USING (produto_id)
              WHERE x.versao IS NOT NULL`,
      values: [
        rows.map((r) => r.produtoId),
        rows.map((r) => r.empresaId),
        rows.map((r) => r.bill?.versao ?? null),
        lines.map((l) => l.produtoId),
        lines.map((l) => l.posicao),
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
