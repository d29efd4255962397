// Produces catalog and stock events for tests and benchmarks the way the write side will:
// decide with the pure domain against the stream's state (contexts resolved from what this
// writer has written), append with the expected revision. Not exported by the package.
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_UNITS,
  decideFornecedor,
  decideInsumo,
  decideProduto,
  decideStock,
  evolveFornecedor,
  evolveInsumo,
  evolveProduto,
  type FornecedorItem,
  type InsumoItem,
  initialFornecedorState,
  initialInsumoState,
  initialProdutoState,
  type ProdutoItem,
} from '@factory/domain';
import type { EventStore } from '@factory/event-store';
import { Streams } from './catalog-streams.fixture.js';

export type LineSpec =
  | { insumo_id: string; consumo: number | string; perda_pct?: number | string; unidade?: string }
  | { componente_id: string; consumo: number | string; perda_pct?: number | string };

export interface MoveSpec {
  custo_unitario?: number | string | null;
  /** With entry taxes: the movement is then an invoice entry (entrada_nfe, origem nfe). */
  custo_unitario_bruto?: number | string;
  tipo?: string;
  em?: string;
}

export class CatalogWriter {
  readonly produtos;
  readonly insumos;
  readonly fornecedores;

  constructor(
    readonly store: EventStore,
    readonly empresaId: string,
    readonly clock: () => Date = () => new Date(),
  ) {
    const s = (category: string) => ({ store, empresaId, category, clock });
    this.produtos = new Streams(s('produto'), initialProdutoState, evolveProduto);
    this.insumos = new Streams(s('estoque'), initialInsumoState, evolveInsumo);
    this.fornecedores = new Streams(s('fornecedor'), initialFornecedorState, evolveFornecedor);
  }

  #now = (em?: string) => em ?? this.clock().toISOString();

  /** Upserts a product by SKU (a new id when no live product has it); returns its id. */
  async produto(item: ProdutoItem, em?: string): Promise<string> {
    const live = [...this.produtos.all()].filter(([, s]) => s.produto !== null && s.excluidoEm === null);
    const id = live.find(([, s]) => s.produto!.sku === item.sku)?.[0] ?? randomUUID();
    const head = live.find(([, s]) => s.produto!.sku === item.variacao?.base_sku);
    const aliasOwners = new Map(
      live.flatMap(([pid, s]) => s.produto!.apelidos.map((a) => [a, pid] as const)),
    );
    const members = live.filter(([pid, s]) => s.produto!.variacao?.grupo_id === id && pid !== id).length;
    await this.produtos.decide(id, (state) =>
      decideProduto(
        {
          type: 'SalvarProduto',
          data: { produto_id: id, item, agora: this.#now(em) },
          context: {
            canReadCosts: true,
            aliasOwners,
            groupHead: head
              ? { id: head[0], sku: head[1].produto!.sku, variacao: head[1].produto!.variacao }
              : null,
            groupMembers: members,
          },
        },
        state,
      ),
    );
    return id;
  }

  async excluirProduto(id: string, em?: string): Promise<void> {
    await this.produtos.decide(id, (state) =>
      decideProduto(
        { type: 'ExcluirProduto', data: { produto_id: id, agora: this.#now(em) }, context: { usedBy: [] } },
        state,
      ),
    );
  }

  /** Upserts a supply item by SKU; required on creation: nome, units, factor (defaults: m, rolo of 50). */
  async insumo(item: Partial<InsumoItem> & { sku: string }, em?: string): Promise<string> {
    const found = [...this.insumos.all()].find(
      ([, s]) => s.insumo?.sku === item.sku && s.excluidoEm === null,
    );
    const id = found?.[0] ?? randomUUID();
    const defaults = found
      ? {}
      : { nome: item.sku, unidade_compra: 'rolo', unidade_consumo: 'm', fator_conversao: 50 };
    await this.insumos.decide(id, (state) =>
      decideInsumo(
        {
          type: 'SalvarInsumo',
          data: { insumo_id: id, item: { ...defaults, ...item }, agora: this.#now(em) },
          context: { canReadCosts: true, units: DEFAULT_UNITS, defaultSupplierExists: true },
        },
        state,
      ),
    );
    return id;
  }

  async excluirInsumo(id: string, em?: string): Promise<void> {
    await this.insumos.decide(id, (state) =>
      decideInsumo(
        { type: 'ExcluirInsumo', data: { insumo_id: id, agora: this.#now(em) }, context: { usedBy: [] } },
        state,
      ),
    );
  }

  /** Creates a supplier (or updates `id`); returns its id. */
  async fornecedor(item: FornecedorItem, em?: string): Promise<string> {
    const id = item.id ?? randomUUID();
    await this.fornecedores.decide(id, (state) =>
      decideFornecedor(
        { type: 'SalvarFornecedor', data: { fornecedor_id: id, item, agora: this.#now(em) }, context: {} },
        state,
      ),
    );
    return id;
  }

  async excluirFornecedor(id: string, em?: string): Promise<void> {
    await this.fornecedores.decide(id, (state) =>
      decideFornecedor(
        { type: 'ExcluirFornecedor', data: { fornecedor_id: id, agora: this.#now(em) } },
        state,
      ),
    );
  }

  /** PUT /v1/fichas/{produto_id}: the next version of the product's bill. */
  async ficha(produtoId: string, lines: LineSpec[], em?: string): Promise<void> {
    const supplyItems = new Map(
      [...this.insumos.all()].flatMap(([id, s]) => (s.stock.item ? [[id, s.stock.item] as const] : [])),
    );
    const products = new Set(
      [...this.produtos.all()].filter(([, s]) => s.excluidoEm === null).map(([id]) => id),
    );
    const linhas = lines.map((l) => ({
      id: randomUUID(),
      tipo: 'insumo_id' in l ? 'insumo' : 'produto',
      ...l,
    }));
    await this.produtos.decide(produtoId, (state) =>
      decideProduto(
        {
          type: 'DefinirFicha',
          data: { produto_id: produtoId, linhas, agora: this.#now(em) },
          context: { supplyItems, products, bills: this.produtos.bills },
        },
        state,
      ),
    );
  }

  async desativarFicha(produtoId: string, em?: string): Promise<void> {
    await this.produtos.decide(produtoId, (state) =>
      decideProduto({ type: 'DesativarFicha', data: { produto_id: produtoId, agora: this.#now(em) } }, state),
    );
  }

  /** A stock movement of the item; returns the decided event's data (with the after-state). */
  async mover(insumoId: string, localId: string, quantidade: number | string, spec: MoveSpec = {}) {
    const nfe = spec.custo_unitario_bruto !== undefined;
    const q = Number(quantidade);
    const events = await this.insumos.decide(insumoId, (state) =>
      decideStock(
        {
          type: 'RegistrarMovimento',
          data: {
            movimento_id: randomUUID(),
            insumo_id: insumoId,
            local_id: localId,
            tipo: spec.tipo ?? (nfe ? 'entrada_nfe' : q > 0 ? 'entrada_manual' : 'perda'),
            quantidade,
            custo_unitario: spec.custo_unitario,
            custo_unitario_bruto: spec.custo_unitario_bruto,
            origem: nfe ? 'nfe' : 'api',
            criado_em: this.#now(spec.em),
          },
        },
        state.stock,
      ),
    );
    return events[0]!.data as {
      movimento_id: string;
      saldo: string;
      custo_medio: string;
      custo_medio_bruto: string;
    };
  }
}
