import { createTestDatabase, describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { type SemearOptions, semear } from './semear.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

interface LoggedEvent {
  type: string;
  data: unknown;
  created: string;
}

describeWith(['postgres'], 'semear', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const now = new Date('2026-03-10T15:00:00Z');
  // 200 products: bills enough to make the catalog's relational writes contend (issue 23: 16 of
  // them in flight on one company's fence gave up at this size).
  const size: SemearOptions = {
    empresas: 1,
    produtos: 200,
    insumos: 60,
    fornecedores: 5,
    movimentos: 1_500,
    semente: 'tecelagem',
    now,
  };

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  /**
   * A company's log per stream, its ids replaced by what names them whatever the run: a record
   * by its SKU or CNPJ, a movement by its item and revision, a bill line by its product, version
   * and place, a location by its name. Records of one kind are written concurrently, so only each
   * stream's own order is the plan's (the company's fence stream, 'empresa', has none).
   */
  async function history(empresaId: string): Promise<Map<string, LoggedEvent[]>> {
    const { rows } = await db.pool.query<{
      stream_id: string;
      stream_revision: string;
      type: string;
      data: Record<string, unknown>;
      created: Date;
    }>(
      `SELECT stream_id, stream_revision, type, data, created FROM events
        WHERE metadata->>'empresa_id' = $1 ORDER BY tx_id, position`,
      [empresaId],
    );
    const names = new Map<string, string>([[empresaId, 'empresa']]);
    for (const l of (await db.pool.query('SELECT id, nome FROM locais WHERE empresa_id = $1', [empresaId]))
      .rows)
      names.set(l.id, `local ${l.nome}`);
    const streamName = (stream: string) => {
      const id = stream.slice(-36);
      return names.get(id) ?? stream;
    };
    for (const r of rows) {
      const id = r.stream_id.slice(-36);
      if (!names.has(id)) names.set(id, `${r.stream_id.split('-')[0]} ${r.data.sku ?? r.data.cnpj}`);
      const record = names.get(id)!;
      if (typeof r.data.movimento_id === 'string')
        names.set(r.data.movimento_id, `${record} #${r.stream_revision}`);
      if (Array.isArray(r.data.linhas))
        for (const [n, l] of (r.data.linhas as Array<{ id: string }>).entries())
          names.set(l.id, `${record} v${r.data.versao} linha ${n}`);
    }
    const rename = (text: string) =>
      text.replace(UUID, (id) => {
        if (!names.has(id)) throw new Error(`an id nothing names: ${id} in ${text}`);
        return names.get(id)!;
      });
    const streams = new Map<string, LoggedEvent[]>();
    for (const r of rows) {
      const name = streamName(r.stream_id);
      const events = streams.get(name) ?? [];
      events.push({
        type: r.type,
        data: JSON.parse(rename(JSON.stringify(r.data))),
        created: r.created.toISOString(),
      });
      streams.set(name, events);
    }
    // The catalog's relations fence (`relacoes-<empresa>-<empresa>`) takes one event per
    // relational write in the order concurrent writers reached it: compared as a set.
    const fence = streams.get('empresa');
    if (fence) fence.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
    return new Map([...streams].sort(([a], [b]) => a.localeCompare(b)));
  }

  /** The company's events in log order. */
  async function logTimes(empresaId: string): Promise<string[]> {
    const { rows } = await db.pool.query(
      `SELECT created FROM events WHERE metadata->>'empresa_id' = $1 ORDER BY tx_id, position`,
      [empresaId],
    );
    return rows.map((r) => (r.created as Date).toISOString());
  }

  it('writes the same history twice for one seed, and another for another seed', async () => {
    const first = await semear(db.pool, size);
    const second = await semear(db.pool, size);
    const other = await semear(db.pool, { ...size, semente: 'malharia' });
    const [a, b, c] = await Promise.all([first, second, other].map((r) => history(r.empresas[0]!.id)));

    expect([...a!.values()].flat().length).toBe(first.eventos);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    expect(first.empresas[0]!.nome).toBe(second.empresas[0]!.nome);
    expect(first.empresas[0]!.token).not.toBe(second.empresas[0]!.token);
  }, 240_000);

  it('is realistic: every movement type, a three-level bill tree, months of past times in log order', async () => {
    const result = await semear(db.pool, { ...size, semente: 'realista' });
    const empresaId = result.empresas[0]!.id;
    const streams = await history(empresaId);
    const movements = [...streams.values()].flat().filter((e) => e.type.startsWith('Movimento')) as Array<
      LoggedEvent & { data: { tipo: string; unidade: string } }
    >;
    expect(movements).toHaveLength(size.movimentos);
    expect(new Set(movements.map((m) => m.data.tipo))).toEqual(
      new Set([
        'saldo_inicial',
        'entrada_nfe',
        'entrada_manual',
        'baixa_producao',
        'perda',
        'ajuste',
        'estorno',
      ]),
    );
    const times = await logTimes(empresaId);
    expect(times).toEqual([...times].sort());
    expect(new Date(times.at(-1)!).getTime()).toBeLessThan(now.getTime());
    expect(new Date(times.at(-1)!).getTime() - new Date(times[0]!).getTime()).toBeGreaterThan(
      150 * 86_400_000,
    );

    // kits use finished products, which use semi-finished ones, which use supply items
    const billUses = (prefix: string) =>
      [...streams.entries()]
        .filter(([name]) => name.startsWith(`produto ${prefix}-`))
        .flatMap(([, events]) => events.filter((e) => e.type.startsWith('FichaDefinida')))
        .flatMap(
          (e) =>
            (e.data as { linhas: Array<{ componente_id: string | null; insumo_id: string | null }> }).linhas,
        )
        .map((l) => (l.componente_id ?? l.insumo_id)!.split(' ').slice(0, 2).join(' ').replace(/-\d+$/, ''));
    expect(billUses('KIT')).toEqual(expect.arrayContaining(['produto CAM']));
    expect(new Set(billUses('KIT')).has('produto SEMI')).toBe(false);
    expect(billUses('CAM')).toEqual(expect.arrayContaining(['produto SEMI', 'estoque INS-TEC']));
    expect(billUses('SEMI').every((use) => use.startsWith('estoque INS-'))).toBe(true);
  }, 240_000);
});
