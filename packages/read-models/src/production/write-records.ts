import type { PoolClient } from '@factory/database';
import type { ApontamentoEvent } from '@factory/domain';
import type { RecordedEvent } from '@factory/event-store';
import { companyReader } from '../projector/event-company.js';
import { qualifiedTable } from '../projector/projection.js';

export const RECORD_EVENTS = ['ApontamentoRegistrado.v1', 'ApontamentoCancelado.v1'] as const;

/**
 * A batch's records: registrations inserted (a replayed one changes nothing), then
 * cancellations applied (a record is always registered before, in log order, so an earlier
 * statement of the same batch has inserted it).
 */
export async function writeRecords(
  client: PoolClient,
  schema: string,
  events: readonly RecordedEvent[],
): Promise<void> {
  const companyOf = companyReader();
  const registered: unknown[] = [];
  const cancelled: unknown[] = [];
  for (const event of events) {
    const e = event as unknown as RecordedEvent<ApontamentoEvent>;
    const empresa_id = companyOf(event);
    if (e.type === 'ApontamentoRegistrado.v1')
      registered.push({ empresa_id, ...e.data, movimentos: e.data.movimentos.map((m) => m.movimento_id) });
    else if (e.type === 'ApontamentoCancelado.v1') cancelled.push({ empresa_id, ...e.data });
  }
  const table = qualifiedTable(schema, 'producao_apontamentos');
  if (registered.length > 0)
    await client.query(
      `INSERT INTO ${table} (empresa_id, id, produto_id, quantidade, local_id, dia, referencia, motivo, estado,
                             custo, movimentos, criado_em, atualizado_em)
       SELECT r.empresa_id, r.apontamento_id, r.produto_id, r.quantidade, r.local_id, r.dia, r.referencia,
              r.motivo, 'registrado', r.custo, r.movimentos, r.registrado_em, r.registrado_em
         FROM jsonb_to_recordset($1::jsonb) AS r(empresa_id uuid, apontamento_id uuid, produto_id uuid,
              quantidade numeric, local_id uuid, dia date, referencia text, motivo text, custo numeric,
              movimentos jsonb, registrado_em timestamptz)
       ON CONFLICT (empresa_id, id) DO NOTHING`,
      [JSON.stringify(registered)],
    );
  if (cancelled.length > 0)
    await client.query(
      `UPDATE ${table} AS a
          SET estado = 'cancelado', motivo = coalesce(c.motivo, a.motivo),
              atualizado_em = greatest(a.atualizado_em, c.cancelado_em)
         FROM jsonb_to_recordset($1::jsonb) AS c(empresa_id uuid, apontamento_id uuid, motivo text, cancelado_em timestamptz)
        WHERE a.empresa_id = c.empresa_id AND a.id = c.apontamento_id`,
      [JSON.stringify(cancelled)],
    );
}
