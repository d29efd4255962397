import type { PlanoSubstituido } from '@factory/domain';
import type { RecordedEvent } from '@factory/event-store';
import { companyReader } from '../projector/event-company.js';
import { type Projection, qualifiedTable } from '../projector/projection.js';
import { RECORD_EVENTS, writeRecords } from './write-records.js';

export const PRODUCTION_TABLES = ['producao_planos', 'producao_apontamentos'] as const;

/**
 * Day plans and production records. Only a batch's last replacement of a day matters, and a
 * plan's version never goes back (a replayed batch changes nothing), so plans are one upsert;
 * records, write-records.ts.
 */
export const productionProjection: Projection = {
  name: 'producao',
  version: 1,
  handles: ['PlanoSubstituido.v1', ...RECORD_EVENTS],
  tables: PRODUCTION_TABLES,
  indexedAfterBuild: ['producao_apontamentos'],
  async apply(client, events, target) {
    const companyOf = companyReader();
    const latest = new Map<string, { empresa_id: string } & PlanoSubstituido['data']>();
    for (const event of events) {
      if (event.type !== 'PlanoSubstituido.v1') continue;
      const { data } = event as unknown as RecordedEvent<PlanoSubstituido>;
      const empresa_id = companyOf(event);
      latest.set(`${empresa_id}|${data.dia}`, { empresa_id, ...data });
    }
    const rows = [...latest.keys()].sort().map((k) => latest.get(k)!);
    await client.query(
      `INSERT INTO ${qualifiedTable(target.schema, 'producao_planos')} AS p (empresa_id, dia, versao, itens, atualizado_em)
       SELECT r.empresa_id, r.dia, r.versao, r.itens, r.substituido_em
         FROM jsonb_to_recordset($1::jsonb)
              AS r(empresa_id uuid, dia date, versao integer, itens jsonb, substituido_em timestamptz)
       ON CONFLICT (empresa_id, dia) DO UPDATE
          SET versao = excluded.versao, itens = excluded.itens, atualizado_em = excluded.atualizado_em
        WHERE p.versao < excluded.versao`,
      [JSON.stringify(rows)],
    );
    await writeRecords(client, target.schema, events);
  },
};
