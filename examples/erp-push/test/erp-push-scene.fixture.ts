import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFactoryClient, type FactoryClient } from '@factory/client';
import { createPostgresEventStore } from '@factory/event-store';
import { readApiRoutes } from '@factory/read-service';
import { createTenantFixture } from '@factory/tenants/testing';
import { afterTestFile, createTestApi, createTestDatabase } from '@factory/testing';
import { stockStream } from '@factory/write-model';
import { writeApiRoutes } from '@factory/write-service';

export interface ErpPushScene {
  /** The real service, listening. */
  url: string;
  token: string;
  client: FactoryClient;
  /** A supply item of the company and its two locations. */
  insumoId: string;
  locais: string[];
  /** Writes a CSV of `lines` entries (plus any extra raw lines) in a folder of its own. */
  writeCsv(lines: string[]): string;
  /** Every movement the service holds for the item, from the log (through the event-store port). */
  movements(): Promise<{ id: string; data: { quantidade: string } }[]>;
}

export const HEADER = 'insumo_id,local_id,tipo,quantidade,unidade,custo_unitario,referencia,motivo';

export async function startErpPushScene(): Promise<ErpPushScene> {
  const db = await createTestDatabase();
  const { app } = await createTestApi(db, {
    checkAnswers: true,
    routes: [...readApiRoutes({ pool: db.pool }), ...writeApiRoutes({ pool: db.pool })],
    limits: { perToken: 1_000_000, perCompany: 1_000_000 },
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const tenant = await createTenantFixture(db.pool, { escopos: ['estoque:escrever', 'insumos:escrever'] });
  const client = createFactoryClient({ baseUrl: url, token: tenant.token });
  const sku = `ERP-${randomUUID().slice(0, 8).toUpperCase()}`;
  const { data } = await client.POST('/v1/insumos/lote', {
    body: {
      itens: [{ sku, nome: 'Tecido', unidade_compra: 'rolo', unidade_consumo: 'm', fator_conversao: 50 }],
    },
  });
  const insumoId = data!.resultados[0]!.id!;
  const store = createPostgresEventStore({ pool: db.pool, listen: null });
  afterTestFile(() => store.close());
  const folder = mkdtempSync(join(tmpdir(), 'erp-push-'));
  afterTestFile(() => rmSync(folder, { recursive: true, force: true }));
  return {
    url,
    token: tenant.token,
    client,
    insumoId,
    locais: tenant.locais.map((l) => l.id),
    writeCsv(lines) {
      const path = join(folder, `movimentos-${randomUUID().slice(0, 8)}.csv`);
      writeFileSync(path, `${[HEADER, ...lines].join('\n')}\n`);
      return path;
    },
    async movements() {
      const events = await store.readStream<{ type: string; data: { quantidade: string } }>(
        stockStream(tenant.empresaId, insumoId),
      );
      return events.filter((e) => e.type.startsWith('MovimentoRegistrado'));
    },
  };
}
