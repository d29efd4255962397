import type { PoolClient } from '@factory/database';
import type { VinculoEvent } from '@factory/domain';
import type { RecordedEvent } from '@factory/event-store';
import { companyReader } from '../projector/event-company.js';
import { qualifiedTable } from '../projector/projection.js';

export const LINK_EVENTS = [
  'VinculoFornecedorDefinido.v1',
  'VinculoFornecedorRemovido.v1',
] as const satisfies readonly VinculoEvent['type'][];

/**
 * A batch's supplier links: only the last event of each (supplier, code) matters, so the batch
 * is one upsert of the codes last defined and one delete of those last removed.
 */
export async function writeLinks(
  client: PoolClient,
  schema: string,
  events: readonly RecordedEvent[],
): Promise<void> {
  const companyOf = companyReader();
  const last = new Map<string, { empresa_id: string; event: RecordedEvent<VinculoEvent> }>();
  for (const event of events) {
    const e = event as unknown as RecordedEvent<VinculoEvent>;
    const empresa_id = companyOf(event);
    last.set(JSON.stringify([empresa_id, e.data.fornecedor_id, e.data.codigo]), { empresa_id, event: e });
  }
  const defined: unknown[] = [];
  const removed: unknown[] = [];
  for (const { empresa_id, event } of last.values()) {
    if (event.type === 'VinculoFornecedorDefinido.v1') defined.push({ empresa_id, ...event.data });
    else removed.push({ empresa_id, ...event.data });
  }
  const table = qualifiedTable(schema, 'compras_vinculos');
  if (defined.length > 0)
    await client.query(
      `INSERT INTO ${table} AS v (empresa_id, fornecedor_id, codigo, insumo_id, fator, atualizado_em)
       SELECT r.empresa_id, r.fornecedor_id, r.codigo, r.insumo_id, r.fator, r.definido_em
         FROM jsonb_to_recordset($1::jsonb) AS r(empresa_id uuid, fornecedor_id uuid, codigo text, insumo_id uuid,
              fator numeric, definido_em timestamptz)
       ON CONFLICT (empresa_id, fornecedor_id, codigo) DO UPDATE
          SET insumo_id = excluded.insumo_id, fator = excluded.fator, atualizado_em = excluded.atualizado_em`,
      [JSON.stringify(defined)],
    );
  if (removed.length > 0)
    await client.query(
      `DELETE FROM ${table} AS v
        USING jsonb_to_recordset($1::jsonb) AS r(empresa_id uuid, fornecedor_id uuid, codigo text)
        WHERE v.empresa_id = r.empresa_id AND v.fornecedor_id = r.fornecedor_id AND v.codigo = r.codigo`,
      [JSON.stringify(removed)],
    );
}
