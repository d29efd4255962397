import { randomUUID } from 'node:crypto';
import { ALL_SCOPES } from '@factory/domain';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { expect, it, onTestFinished } from 'vitest';
import { startWriteApi, type WriteApiProcess } from '../support/write-api-process.js';

// Issue 23: relational catalog writes of one company (bills, deletions, variation groups) all go
// through the company's relations fence. 64 of them at once, from two write API processes: each
// process queues its own, and the two race on the fence and retry until their deadline. Every
// write must be applied or refused for its content (never a 5xx for contention), and the
// refusals must be exactly those the content calls for: of writes that together would close a
// cycle, delete a used product, or empty a group's head, one is refused, whoever wins.
type Method = 'POST' | 'PUT' | 'DELETE';

interface Write {
  /** What the write is, for failure messages. */
  name: string;
  method: Method;
  path: string;
  body?: unknown;
}

interface Answered {
  write: Write;
  status: number;
  body: {
    resultados?: Array<{ ok: boolean; id: string | null; erro: string | null }>;
    erro?: { codigo: string };
  };
  ms: number;
}

/** Applied, or refused for its content: a batch of one item is refused when its item is. */
const applied = (a: Answered) =>
  a.status === 200 && (a.body.resultados === undefined || a.body.resultados[0]!.ok === true);

describeWith(['postgres'], 'catalog relations under contention: two write API processes', () => {
  it('applies or refuses each of 64 concurrent relational writes for its content, and closes no cycle', async () => {
    const db: TestDatabase = await createTestDatabase({ poolSize: 4 });
    const tenant = await createTenantFixture(db.pool, { escopos: [...ALL_SCOPES] });
    const apis = await Promise.all([
      startWriteApi(db.url, { METRICS_PORT: '0' }),
      startWriteApi(db.url, { METRICS_PORT: '0' }),
    ]);
    // Registered from inside the test, so that the processes stop when it ends, pass or fail (an
    // afterAll called here is never run: the two write APIs outlived every run).
    onTestFinished(async () => {
      for (const api of apis) api.child.kill('SIGTERM');
      await Promise.all(apis.map((api) => api.exited));
    });
    const send = async (api: WriteApiProcess, write: Write): Promise<Answered> => {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${api.port}${write.path}`, {
        method: write.method,
        headers: {
          authorization: `Bearer ${tenant.token}`,
          'idempotency-key': randomUUID(),
          ...(write.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: write.body === undefined ? undefined : JSON.stringify(write.body),
      });
      return {
        write,
        status: response.status,
        body: (await response.json()) as Answered['body'],
        ms: performance.now() - started,
      };
    };

    // The catalog: products (a few heading variation groups) and supply items, from one process.
    const run = randomUUID().slice(0, 8);
    const skus = Array.from({ length: 74 }, (_, i) => `P-${run}-${i}`);
    const heads = new Set(skus.slice(70));
    const products: string[] = [];
    for (let from = 0; from < skus.length; from += 50) {
      const batch = await send(apis[0]!, {
        name: 'catalog',
        method: 'POST',
        path: '/v1/produtos/lote',
        body: {
          itens: skus.slice(from, from + 50).map((sku) => ({
            sku,
            nome: `Produto ${sku}`,
            ...(heads.has(sku) ? { variacao: { base_sku: sku, eixos: ['cor'] } } : {}),
          })),
        },
      });
      expect(batch.status).toBe(200);
      products.push(...batch.body.resultados!.map((r) => r.id!));
    }
    const supplies = await send(apis[0]!, {
      name: 'catalog',
      method: 'POST',
      path: '/v1/insumos/lote',
      body: {
        itens: Array.from({ length: 4 }, (_, i) => ({
          sku: `I-${run}-${i}`,
          nome: `Insumo ${i}`,
          unidade_compra: 'm',
          unidade_consumo: 'm',
          fator_conversao: 1,
        })),
      },
    });
    expect(supplies.status).toBe(200);
    const items = supplies.body.resultados!.map((r) => r.id!);

    // 64 writes in groups whose members race each other, each group split across the processes.
    const product = (() => {
      let next = 0;
      return () => products[next++]!;
    })();
    const bill = (of: string, lines: unknown[], name: string): Write => ({
      name,
      method: 'PUT',
      path: `/v1/fichas/${of}`,
      body: { linhas: lines },
    });
    const uses = (componente_id: string) => ({ tipo: 'produto', componente_id, consumo: 1 });
    const groups: Write[][] = [];
    // 10 pairs that together would close a 2-cycle: one of each refused (422).
    for (let i = 0; i < 10; i++) {
      const [x, y] = [product(), product()];
      groups.push([bill(x, [uses(y)], `2-cycle ${i} x→y`), bill(y, [uses(x)], `2-cycle ${i} y→x`)]);
    }
    // 6 triples that together would close a 3-cycle: the last to commit refused (422).
    for (let i = 0; i < 6; i++) {
      const [a, b, c] = [product(), product(), product()];
      groups.push([
        bill(a, [uses(b)], `3-cycle ${i} a→b`),
        bill(b, [uses(c)], `3-cycle ${i} b→c`),
        bill(c, [uses(a)], `3-cycle ${i} c→a`),
      ]);
    }
    // 5 deletions of a product another PUT makes a component: one refused (409 or 422).
    for (let i = 0; i < 5; i++) {
      const [user, used] = [product(), product()];
      groups.push([
        bill(user, [uses(used)], `bill using product ${i}`),
        { name: `delete used product ${i}`, method: 'DELETE', path: `/v1/produtos/${used}` },
      ]);
    }
    // 4 deletions of a supply item another PUT puts in its bill: one refused.
    for (let i = 0; i < 4; i++) {
      groups.push([
        bill(product(), [{ tipo: 'insumo', insumo_id: items[i], consumo: 2 }], `bill using supply item ${i}`),
        { name: `delete supply item ${i}`, method: 'DELETE', path: `/v1/insumos/${items[i]}` },
      ]);
    }
    // 4 deletions of a group's head while a product joins its group: one refused.
    for (const [i, head] of [...heads].entries()) {
      groups.push([
        {
          name: `join group ${i}`,
          method: 'POST',
          path: '/v1/produtos/lote',
          body: {
            itens: [{ sku: `V-${run}-${i}`, nome: 'Variante', variacao: { base_sku: head, eixos: ['cor'] } }],
          },
        },
        {
          name: `delete group head ${i}`,
          method: 'DELETE',
          path: `/v1/produtos/${products[skus.indexOf(head)]}`,
        },
      ]);
    }
    expect(groups.flat()).toHaveLength(64);

    const answers = await Promise.all(
      groups.flatMap((group, g) => group.map((write, w) => send(apis[(g + w) % 2]!, write))),
    );

    // Applied (200), or refused for content: 409, 422, or a batch's item refused in a 200.
    for (const a of answers)
      expect([200, 409, 422], `${a.write.name}: ${JSON.stringify(a.body)}`).toContain(a.status);
    const outcome = (write: Write) => answers.find((a) => a.write === write)!;
    for (const group of groups) {
      const won = group.filter((write) => applied(outcome(write)));
      const names = group.map((w) => `${w.name}: ${outcome(w).status} ${JSON.stringify(outcome(w).body)}`);
      expect(won.length, names.join('\n')).toBe(group.length - 1);
    }

    // The bill graph as the write side holds it: active bills' product components, acyclic; no
    // active bill names a deleted product or supply item; no deleted head keeps members.
    const { rows: edges } = await db.pool.query<{ produto_id: string; componente_id: string }>(
      `SELECT l.produto_id, l.componente_id FROM catalog_bill_lines l
         JOIN catalog_products p ON p.produto_id = l.produto_id AND p.ficha_versao = l.versao
        WHERE l.empresa_id = $1 AND l.componente_id IS NOT NULL`,
      [tenant.empresaId],
    );
    const next = new Map<string, string[]>();
    for (const e of edges) next.set(e.produto_id, [...(next.get(e.produto_id) ?? []), e.componente_id]);
    const cycleFrom = (start: string): boolean => {
      const stack = [...(next.get(start) ?? [])];
      const seen = new Set<string>();
      for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
        if (at === start) return true;
        if (seen.has(at)) continue;
        seen.add(at);
        stack.push(...(next.get(at) ?? []));
      }
      return false;
    };
    expect([...next.keys()].filter(cycleFrom)).toEqual([]);
    const { rows: dangling } = await db.pool.query(
      `SELECT l.produto_id FROM catalog_bill_lines l
         JOIN catalog_products p ON p.produto_id = l.produto_id AND p.ficha_versao = l.versao
         LEFT JOIN catalog_products c ON c.produto_id = l.componente_id
         LEFT JOIN catalog_supply_items s ON s.insumo_id = l.insumo_id
        WHERE l.empresa_id = $1 AND (c.excluido_em IS NOT NULL OR s.excluido_em IS NOT NULL)`,
      [tenant.empresaId],
    );
    expect(dangling).toEqual([]);
    const { rows: orphans } = await db.pool.query(
      `SELECT m.produto_id FROM catalog_products m
         JOIN catalog_products h ON h.produto_id = m.grupo_id
        WHERE m.empresa_id = $1 AND m.excluido_em IS NULL AND h.excluido_em IS NOT NULL`,
      [tenant.empresaId],
    );
    expect(orphans).toEqual([]);

    // What the processes counted: none gave up; how often they decided again.
    const counted = async (name: string) => {
      let sum = 0;
      for (const api of apis) {
        const text = await (await fetch(`http://127.0.0.1:${api.metricsPort}/metrics`)).text();
        sum += Number(new RegExp(`^${name}\\{[^}]*\\} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
      }
      return sum;
    };
    expect(await counted('write_contention_given_up_total')).toBe(0);
    const retries = await counted('write_contention_retries_total');
    const contended = await counted('write_contention_seconds_count');

    // Figures for the record (never asserted: speed belongs to the benchmarks).
    const refused = answers.filter((a) => !applied(a));
    const longest = answers.reduce((x, y) => (y.ms > x.ms ? y : x));
    console.log(
      `[catalog contention] ${answers.length - refused.length} applied, ${refused.length} refused ` +
        `(${[409, 422, 200].map((s) => `${s}: ${refused.filter((a) => a.status === s).length}`).join(', ')}); ` +
        `${contended} writes decided again, ${retries} retries in all; ` +
        `longest answer ${Math.round(longest.ms)} ms (${longest.write.name})`,
    );
  }, 180_000);
});
