import type { NotaRecebida } from '@factory/domain';
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
    // A purchase order by its number and its lines by place, a Nota by its access key (one
    // receipt each in a seed), a supplier's links as the supplier's.
    const category = (stream: string) => stream.split('-')[0]!;
    const streamName = (stream: string) => {
      const id = stream.slice(-36);
      if (category(stream) === 'nota') return `nota ${stream.slice(-44)}`;
      if (category(stream) === 'vinculos') return `vinculos de ${names.get(id)}`;
      return names.get(id) ?? stream;
    };
    for (const r of rows) {
      const id = r.stream_id.slice(-36);
      if (r.type.startsWith('PedidoCompraCriado')) {
        names.set(id, `pedido ${r.data.numero}`);
        for (const [n, l] of (r.data.itens as Array<{ item_id: string }>).entries())
          names.set(l.item_id, `pedido ${r.data.numero} linha ${n}`);
      }
      if (r.type.startsWith('NotaRecebida')) names.set(r.data.nota_id as string, `nota ${r.data.chave}`);
      if (category(r.stream_id) === 'nota' || category(r.stream_id) === 'vinculos') continue;
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
    const events = [...streams.values()].flat();
    const movements = events.filter((e) => e.type.startsWith('Movimento')) as Array<
      LoggedEvent & { data: { tipo: string; unidade: string; referencia: string | null } }
    >;
    const notas = events.filter((e) => e.type.startsWith('NotaRecebida')) as Array<
      LoggedEvent & { data: NotaRecebida['data'] }
    >;
    // The plan's movements, and one entrada_nfe per item of each received invoice.
    const received = notas.flatMap((n) => n.data.itens.map(() => n.data.chave));
    expect(movements.filter((m) => received.includes(m.data.referencia ?? ''))).toHaveLength(received.length);
    expect(movements).toHaveLength(size.movimentos + received.length);
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

  it('buys: orders in every state, received invoices whose entry taxes make two costs, learned links', async () => {
    const result = await semear(db.pool, { ...size, semente: 'compras' });
    const streams = await history(result.empresas[0]!.id);
    const orders = [...streams.entries()].filter(([name]) => name.startsWith('pedido '));
    // 1 order per 1000 movements, at least one of each fate.
    expect(orders).toHaveLength(5);
    const situacao = (events: LoggedEvent[]) => {
      const last = events.at(-1)!;
      if (last.type.startsWith('PedidoCompraCancelado')) return 'cancelado';
      return (last.data as { situacao?: string }).situacao ?? 'aberto';
    };
    expect(new Set(orders.map(([, events]) => situacao(events)))).toEqual(
      new Set(['aberto', 'parcial', 'recebido', 'cancelado']),
    );
    // The cancelled one had a partial receipt first.
    const cancelled = orders.find(([, events]) => situacao(events) === 'cancelado')![1];
    expect(cancelled.map((e) => e.type.split('.')[0])).toEqual([
      'PedidoCompraCriado',
      'PedidoCompraAtendido',
      'PedidoCompraCancelado',
    ]);
    const notas = [...streams.values()]
      .flat()
      .filter((e) => e.type.startsWith('NotaRecebida'))
      .map((e) => e.data as NotaRecebida['data']);
    // Two receipts for a partly, fully and twice received order, one with no order.
    expect(notas).toHaveLength(6);
    expect(notas.filter((n) => n.pedido_id === null)).toHaveLength(1);
    expect(notas.every((n) => n.ambiente === 'producao' && /^\d{44}$/.test(n.chave))).toBe(true);
    // The company (the seed's first) is `real` and an IPI taxpayer: every item recovers PIS and
    // COFINS, so its net unit cost is below the one with entry taxes.
    const itens = notas.flatMap((n) => n.itens);
    expect(itens.length).toBeGreaterThan(notas.length);
    for (const item of itens) {
      expect(Number(item.creditos)).toBeGreaterThan(0);
      expect(Number(item.custo_unitario)).toBeLessThan(Number(item.custo_unitario_bruto));
    }
    const links = [...streams.entries()].filter(([name]) => name.startsWith('vinculos de fornecedor '));
    expect(links.length).toBeGreaterThan(0);
    const times = await logTimes(result.empresas[0]!.id);
    expect(times).toEqual([...times].sort());
  }, 240_000);
});
