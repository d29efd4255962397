import type { Pool } from '@factory/database';
import type { NotaRecebida } from '@factory/domain';
import { type InlineProjection, type ProjectedRow, parseStreamName, projected } from '@factory/event-store';

/** `purchase_receipt_index`: a receipt's access key, whose stream holds it (cancellation names the id). */
export interface ReceiptIndexRow {
  notaId: string;
  empresaId: string;
  chave: string;
}

export const receiptIndexRow = (empresaId: string, event: NotaRecebida): ProjectedRow =>
  projected(purchaseReceiptIndex, { notaId: event.data.nota_id, empresaId, chave: event.data.chave });

export const purchaseReceiptIndex: InlineProjection<ReceiptIndexRow> = {
  name: 'purchase_receipt_index',
  rowsOf(event) {
    const empresaId = parseStreamName(event.stream)?.companyId;
    if (empresaId === undefined || event.type !== 'NotaRecebida.v1') return [];
    const { nota_id, chave } = (event as unknown as NotaRecebida).data;
    return [{ notaId: nota_id, empresaId, chave }];
  },
  write: (rows) => ({
    text: `INSERT INTO purchase_receipt_index (nota_id, empresa_id, chave)
           SELECT x.nota_id, x.empresa_id, x.chave
             FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS x(nota_id, empresa_id, chave)
             JOIN appended AS a ON a.event_id = x.nota_id
           ON CONFLICT (nota_id) DO NOTHING`,
    values: [rows.map((r) => r.notaId), rows.map((r) => r.empresaId), rows.map((r) => r.chave)],
  }),
};

/** The access key of the company's receipt with this id, or null. */
export async function receiptKey(pool: Pool, empresaId: string, notaId: string): Promise<string | null> {
  const { rows } = await pool.query<{ chave: string }>(
    'SELECT chave FROM purchase_receipt_index WHERE nota_id = $1 AND empresa_id = $2',
    [notaId, empresaId],
  );
  return rows[0]?.chave ?? null;
}
