import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { generateNfe } from '@factory/nfe';
import { randomCnpj } from '@factory/tenants/testing';
import { describeWith } from '@factory/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BiSyncScene, sku, startBiSyncScene } from '../test/bi-sync-scene.fixture.js';
import { MirrorDatabase, type Row } from './mirror-database.js';
import { MIRRORED_LISTS, type MirroredList } from './mirrored-lists.js';
import { syncLists } from './sync-lists.js';

/** The list read whole, with no bound, as the mirror must end up. */
async function fullRead(scene: BiSyncScene, list: MirroredList): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  do {
    const query: Record<string, string> = list.incremental ? { limite: '200', ...list.query } : {};
    const { data } = await scene.client.GET(list.path as '/v1/produtos', {
      params: { query: (cursor ? { ...query, cursor } : query) as never },
    });
    const page = data as unknown as { dados: Row[]; proximo_cursor: string | null };
    rows.push(...page.dados);
    cursor = page.proximo_cursor;
  } while (cursor);
  return rows;
}

const byKey = (list: MirroredList) => (rows: Row[]) =>
  [...rows].sort((a, b) => {
    const ka = list.key.map((k) => String(a[k])).join('|');
    const kb = list.key.map((k) => String(b[k])).join('|');
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });

describeWith(['postgres'], 'bi-sync against the real service', () => {
  let scene: BiSyncScene;
  let path: string;

  beforeAll(async () => {
    scene = await startBiSyncScene();
    path = join(mkdtempSync(join(tmpdir(), 'bi-sync-')), 'fabrica.duckdb');
  });

  afterAll(() => {
    if (path) rmSync(dirname(path), { recursive: true, force: true });
  });

  it('mirrors every list the description has (a GET without path parameters answering pages or a list)', async () => {
    const { data } = await scene.client.GET('/v1/openapi.json' as '/v1/produtos');
    const description = data as unknown as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    const lists = Object.entries(description.paths)
      .filter(([path, ops]) => ops.get && !path.includes('{'))
      .filter(([, ops]) => JSON.stringify(ops.get!.responses['200']).includes('proximo_cursor'))
      .map(([path]) => path);
    // Not lists of rows of their own: the day plan (one document per day) and the position at a
    // date (a query over the ledger, by instant).
    const queries = ['/v1/producao/plano', '/v1/estoque/posicao'];
    expect(lists.filter((p) => !queries.includes(p)).sort()).toEqual(
      MIRRORED_LISTS.map((l) => l.path).sort(),
    );
  });

  it('mirrors every list while writers change them, and ends equal to a fresh full read', async () => {
    const { client, locais } = scene;
    const insumos = await client.POST('/v1/insumos/lote', {
      body: {
        itens: Array.from({ length: 6 }, (_, i) => ({
          sku: sku(`INS${i}`),
          nome: `Insumo ${i}`,
          unidade_compra: 'rolo',
          unidade_consumo: 'm',
          fator_conversao: 50,
          custo_referencia: 2 + i,
        })),
      },
    });
    const insumoIds = insumos.data!.resultados.map((r) => r.id!);
    const produtoSkus = Array.from({ length: 4 }, (_, i) => sku(`PRD${i}`));
    const produtos = await client.POST('/v1/produtos/lote', {
      body: { itens: produtoSkus.map((s, i) => ({ sku: s, nome: `Produto ${i}` })) },
    });
    const produtoIds = produtos.data!.resultados.map((r) => r.id!);

    // A supplier with a CNPJ issues the invoices the writers receive (purchases, compras.md).
    const supplierCnpj = randomCnpj();
    const fornecedor = await client.POST('/v1/fornecedores/lote', {
      body: { itens: [{ nome: 'Fornecedor das notas', cnpj: supplierCnpj }] },
    });
    const fornecedorId = fornecedor.data!.resultados[0]!.id!;
    let invoiceNumber = randomInt(1, 1_000_000);
    /** An order of two supply items, then its receipt (all of it, or half, or cancelled after). */
    const purchase = async (w: number, step: number) => {
      const itens = [insumoIds[randomInt(3)]!, insumoIds[3 + randomInt(3)]!];
      const order = await scene.post(
        '/v1/compras/pedidos',
        {
          fornecedor_id: fornecedorId,
          local_id: locais[0],
          itens: itens.map((insumo_id) => ({ insumo_id, quantidade: 4, preco_unitario: 120 })),
        },
        `pedido-w${w}-${step}-${randomInt(1e9)}`,
      );
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      const pedidoId = (order.body as { id: string }).id;
      const received = randomInt(3) === 0 ? 2 : 4;
      const { xml } = generateNfe({
        emitente: { cnpj: supplierCnpj, crt: 3 },
        destinatarioCnpj: scene.cnpj,
        numero: invoiceNumber++,
        emitidaEm: '2026-03-02T10:00:00-03:00',
        itens: itens.map((_, i) => ({
          cProd: `C${i}`,
          xProd: `Item ${i}`,
          uCom: 'rolo',
          qCom: String(received),
          vUnCom: '120.00',
          icms: { vICMS: '14.40' },
          vIPI: '6.00',
        })),
      });
      const nota = await scene.post(
        '/v1/compras/recebimentos',
        {
          xml,
          local_id: locais[0],
          pedido_id: pedidoId,
          vinculos: itens.map((insumo_id, i) => ({ n_item: i + 1, insumo_id })),
        },
        `nota-w${w}-${step}-${randomInt(1e9)}`,
      );
      expect(nota.status, JSON.stringify(nota.body)).toBe(201);
      if (received < 4 && randomInt(2) === 0) {
        const cancelled = await scene.post(`/v1/compras/pedidos/${pedidoId}/cancelamento`, {});
        expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      }
    };

    const db = await MirrorDatabase.open(path, MIRRORED_LISTS);
    let writing = true;
    let syncs = 0;
    // The writers' second half waits for a finished pass, so at least one more pass reads while
    // they write, however fast the writers are next to the mirror (on a loaded machine they
    // could all finish within its first pass).
    let firstPassDone: () => void = () => undefined;
    const firstPass = new Promise<void>((resolve) => {
      firstPassDone = resolve;
    });
    const syncing = (async () => {
      while (writing) {
        await syncLists(client, db, MIRRORED_LISTS);
        syncs++;
        firstPassDone();
      }
    })();
    const writers = Array.from({ length: 3 }, async (_, w) => {
      for (let step = 0; step < 25; step++) {
        if (step === 12) await firstPass;
        // Each writer buys at its 4th step, then now and then.
        const choice = step === 3 ? 10 : randomInt(11);
        if (choice === 10) await purchase(w, step);
        else if (choice < 5) {
          const quantidade = randomInt(4) === 0 ? -randomInt(1, 5) : randomInt(1, 20);
          const { response } = await client.POST('/v1/estoque/movimentos', {
            params: { header: { 'Idempotency-Key': `w${w}-${step}-${randomInt(1e9)}` } },
            body: {
              insumo_id: insumoIds[randomInt(insumoIds.length)]!,
              local_id: locais[randomInt(locais.length)]!,
              tipo: quantidade > 0 ? 'entrada_manual' : 'perda',
              quantidade,
              ...(quantidade > 0 ? { custo_unitario: randomInt(1, 50) } : {}),
            },
          });
          expect(response.status).toBe(201);
        } else if (choice < 7) {
          const i = randomInt(produtoSkus.length);
          await client.POST('/v1/produtos/lote', {
            body: { itens: [{ sku: produtoSkus[i]!, nome: `Produto ${i} v${step}` }] },
          });
        } else if (choice < 8) {
          await client.POST('/v1/fornecedores/lote', {
            body: { itens: [{ nome: `Fornecedor ${w}-${step}` }] },
          });
        } else {
          const { response } = await client.PUT('/v1/fichas/{produto_id}', {
            params: { path: { produto_id: produtoIds[randomInt(produtoIds.length)]! } },
            body: {
              linhas: [
                {
                  tipo: 'insumo',
                  insumo_id: insumoIds[randomInt(insumoIds.length)]!,
                  consumo: 1 + randomInt(5),
                  unidade: 'm',
                },
              ],
            },
          });
          expect(response.status).toBe(200);
        }
      }
    });
    await Promise.all(writers);
    await scene.settled();
    writing = false;
    await syncing;
    expect(syncs).toBeGreaterThan(1); // the mirror really raced the writers
    await syncLists(client, db, MIRRORED_LISTS);

    for (const list of MIRRORED_LISTS) {
      const sorted = byKey(list);
      expect(sorted(await db.rows(list)), list.table).toEqual(sorted(await fullRead(scene, list)));
    }
    for (const table of ['movimentos', 'pedidos_compra', 'notas'])
      expect((await db.rows(MIRRORED_LISTS.find((l) => l.table === table)!)).length, table).toBeGreaterThan(
        0,
      );
    db.close();
    // 75 writes and as many mirror passes as they take: it waits for conditions, and on a loaded
    // machine (CI beside the whole bench) it took longer than the suite's 30 s default.
  }, 180_000);

  it('resumes from the marks kept in the database: a new process reads only from them', async () => {
    const db = await MirrorDatabase.open(path, MIRRORED_LISTS);
    const before = await Promise.all(MIRRORED_LISTS.map((list) => db.rows(list)));
    const outcomes = await syncLists(scene.client, db, MIRRORED_LISTS);
    for (const outcome of outcomes) {
      const list = MIRRORED_LISTS.find((l) => l.table === outcome.table)!;
      // Only the rows at the mark come back (the bound is inclusive); the whole list is not read.
      if (list.incremental) expect(outcome.linhas, list.table).toBeLessThanOrEqual(3);
    }
    expect(await Promise.all(MIRRORED_LISTS.map((list) => db.rows(list)))).toEqual(before);
    const marks = await db.query('SELECT lista, desde FROM _marcas ORDER BY lista');
    expect(marks.map((m) => m.lista)).toEqual(
      MIRRORED_LISTS.filter((l) => l.incremental)
        .map((l) => l.table)
        .sort(),
    );
    db.close();
  });

  it("keeps a bill's cost and its leaving current, though neither moves the bill's atualizado_em", async () => {
    const { client, locais } = scene;
    const insumo = await client.POST('/v1/insumos/lote', {
      body: {
        itens: [
          {
            sku: sku('CUSTO'),
            nome: 'Insumo de custo',
            unidade_compra: 'm',
            unidade_consumo: 'm',
            fator_conversao: 1,
            custo_referencia: 3,
          },
        ],
      },
    });
    const insumoId = insumo.data!.resultados[0]!.id!;
    const produtos = await client.POST('/v1/produtos/lote', {
      body: { itens: [sku('COM'), sku('SEM')].map((s) => ({ sku: s, nome: s })) },
    });
    const [comCusto, semFicha] = produtos.data!.resultados.map((r) => r.id!);
    const linhas = [{ tipo: 'insumo' as const, insumo_id: insumoId, consumo: 2, unidade: 'm' }];
    for (const produto_id of [comCusto!, semFicha!])
      await client.PUT('/v1/fichas/{produto_id}', { params: { path: { produto_id } }, body: { linhas } });
    await scene.settled();
    const db = await MirrorDatabase.open(path, MIRRORED_LISTS);
    await syncLists(client, db, MIRRORED_LISTS);
    const fichas = MIRRORED_LISTS.find((l) => l.table === 'fichas')!;
    const mirrored = async (produtoId: string) =>
      (await db.rows(fichas)).find((r) => r.produto_id === produtoId);
    const before = await mirrored(comCusto!);
    expect(before).toMatchObject({ custo: 6 });

    // An entry at 5 moves the item's average, so the bill's cost; then the other bill goes.
    const { response } = await client.POST('/v1/estoque/movimentos', {
      params: { header: { 'Idempotency-Key': `custo-${randomInt(1e9)}` } },
      body: {
        insumo_id: insumoId,
        local_id: locais[0]!,
        tipo: 'entrada_manual',
        quantidade: 10,
        custo_unitario: 5,
      },
    });
    expect(response.status).toBe(201);
    await client.DELETE('/v1/fichas/{produto_id}', { params: { path: { produto_id: semFicha! } } });
    await scene.settled();
    await syncLists(client, db, MIRRORED_LISTS);

    expect(await mirrored(comCusto!)).toEqual({ ...before, custo: 10 });
    expect(await mirrored(semFicha!)).toBeUndefined();
    const sorted = byKey(fichas);
    expect(sorted(await db.rows(fichas))).toEqual(sorted(await fullRead(scene, fichas)));
    db.close();
  });
});
