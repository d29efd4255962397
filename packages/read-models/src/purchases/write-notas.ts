import type { PoolClient } from '@factory/database';
import type { NotaEvent } from '@factory/domain';
import type { RecordedEvent } from '@factory/event-store';
import { companyReader } from '../projector/event-company.js';
import { qualifiedTable } from '../projector/projection.js';

export const NOTA_EVENTS = [
  'NotaRecebida.v1',
  'NotaCancelada.v1',
] as const satisfies readonly NotaEvent['type'][];

/**
 * A batch's invoices: receipts inserted with their items as decided (a replayed one changes
 * nothing), then cancellations applied (a receipt is always in the log before its
 * cancellation, so an earlier statement of the same batch has inserted it).
 */
export async function writeNotas(
  client: PoolClient,
  schema: string,
  events: readonly RecordedEvent[],
): Promise<void> {
  const companyOf = companyReader();
  const received: unknown[] = [];
  const cancelled: unknown[] = [];
  for (const event of events) {
    const e = event as unknown as RecordedEvent<NotaEvent>;
    const empresa_id = companyOf(event);
    if (e.type === 'NotaRecebida.v1') received.push({ empresa_id, ...e.data });
    else if (e.type === 'NotaCancelada.v1') cancelled.push({ empresa_id, ...e.data });
  }
  const notas = qualifiedTable(schema, 'compras_notas');
  const itens = qualifiedTable(schema, 'compras_nota_itens');
  if (received.length > 0) {
    const rows = JSON.stringify(received);
    await client.query(
      `INSERT INTO ${notas} (empresa_id, id, chave, modelo, serie, numero, emitida_em, ambiente, fornecedor_id,
                             emitente_cnpj, pedido_id, local_id, situacao, valor_total, criado_em, atualizado_em)
       SELECT r.empresa_id, r.nota_id, r.chave, r.modelo, r.serie, r.numero, r.emitida_em, r.ambiente,
              r.fornecedor_id, r.emitente_cnpj, r.pedido_id, r.local_id, 'recebida', r.valor_total,
              r.recebida_em, r.recebida_em
         FROM jsonb_to_recordset($1::jsonb) AS r(empresa_id uuid, nota_id uuid, chave text, modelo integer,
              serie integer, numero integer, emitida_em timestamptz, ambiente text, fornecedor_id uuid,
              emitente_cnpj text, pedido_id uuid, local_id uuid, valor_total numeric, recebida_em timestamptz)
       ON CONFLICT (empresa_id, id) DO NOTHING`,
      [rows],
    );
    await client.query(
      `INSERT INTO ${itens} (empresa_id, nota_id, n_item, codigo, descricao, ncm, cfop, unidade, quantidade,
                             insumo_id, fator, quantidade_consumo, custo_unitario, custo_unitario_bruto, creditos,
                             movimento_id)
       SELECT r.empresa_id, r.nota_id, i.n_item, i.codigo, i.descricao, i.ncm, i.cfop, i.unidade, i.quantidade,
              i.insumo_id, i.fator, i.quantidade_consumo, i.custo_unitario, i.custo_unitario_bruto, i.creditos,
              i.movimento_id
         FROM jsonb_to_recordset($1::jsonb) AS r(empresa_id uuid, nota_id uuid, itens jsonb),
              jsonb_to_recordset(r.itens) AS i(n_item integer, codigo text, descricao text, ncm text, cfop text,
                                               unidade text, quantidade numeric, insumo_id uuid, fator numeric,
                                               quantidade_consumo numeric, custo_unitario numeric,
                                               custo_unitario_bruto numeric, creditos numeric, movimento_id uuid)
       ON CONFLICT (empresa_id, nota_id, n_item) DO NOTHING`,
      [rows],
    );
  }
  if (cancelled.length > 0)
    await client.query(
      `UPDATE ${notas} AS n
          SET situacao = 'cancelada', atualizado_em = greatest(n.atualizado_em, c.cancelada_em)
         FROM jsonb_to_recordset($1::jsonb) AS c(empresa_id uuid, nota_id uuid, cancelada_em timestamptz)
        WHERE n.empresa_id = c.empresa_id AND n.id = c.nota_id`,
      [JSON.stringify(cancelled)],
    );
}
