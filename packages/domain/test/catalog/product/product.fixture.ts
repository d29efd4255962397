// Builders for the product-stream tests (given events / when command / then events). Not
// exported by the package.
import { expect } from 'vitest';
import type { DefinirFicha, FichaContext, LinhaFichaItem } from '../../../src/catalog/bill/commands.js';
import type {
  ExcluirProduto,
  ProdutoContext,
  ProdutoItem,
  SalvarProduto,
} from '../../../src/catalog/product/commands.js';
import {
  decideProduto,
  type ProdutoCommand,
  type ProdutoDecision,
} from '../../../src/catalog/product/decide.js';
import type { ProdutoCadastrado, ProdutoEvent } from '../../../src/catalog/product/events.js';
import { newProduto } from '../../../src/catalog/product/record.js';
import { evolveProduto, initialProdutoState, type ProdutoState } from '../../../src/catalog/product/state.js';
import type { ItemDefinition } from '../../../src/stock/state.js';

export const PRODUTO = 'produto-1';
export const AGORA = '2025-03-01T12:00:00.000+00:00';
export const DEPOIS = '2025-03-02T09:30:00.000+00:00';

/** A product item whose values may be anything a client could send. */
type AnyItem = Partial<Record<keyof ProdutoItem, unknown>> & { [key: string]: unknown };

export const salvar = (
  item: AnyItem = {},
  context: Partial<ProdutoContext> = {},
  produto_id = PRODUTO,
): SalvarProduto => ({
  type: 'SalvarProduto',
  data: { produto_id, item: { sku: 'CAM-01', ...item } as ProdutoItem, agora: DEPOIS },
  context: { canReadCosts: true, aliasOwners: new Map(), ...context },
});

export const cadastrado = (
  fields: Partial<ProdutoCadastrado['data']> = {},
  produto_id = fields.produto_id ?? PRODUTO,
): ProdutoCadastrado => ({
  type: 'ProdutoCadastrado.v1',
  data: { produto_id, ...newProduto('CAM-01', 'Camiseta'), cadastrado_em: AGORA, ...fields },
});

export const excluir = (
  usedBy: ExcluirProduto['context']['usedBy'] = [],
  groupMembers: ExcluirProduto['context']['groupMembers'] = [],
): ExcluirProduto => ({
  type: 'ExcluirProduto',
  data: { produto_id: PRODUTO, agora: DEPOIS },
  context: { usedBy, groupMembers },
});

/** A supply item definition as the bill's caller resolves it: fabric bought in 50 m rolls. */
export const TECIDO: ItemDefinition = {
  insumoId: 'tecido',
  sku: 'TEC-01',
  unidadeCompra: 'rolo',
  unidadeConsumo: 'm',
  fatorConversao: '50',
  custoReferencia: null,
};

export const linha = (fields: Partial<Record<keyof LinhaFichaItem, unknown>> = {}): LinhaFichaItem =>
  ({ id: 'linha-1', tipo: 'insumo', insumo_id: 'tecido', consumo: 1.2, ...fields }) as LinhaFichaItem;

export const definirFicha = (
  linhas: LinhaFichaItem[],
  context: Partial<FichaContext> = {},
): DefinirFicha => ({
  type: 'DefinirFicha',
  data: { produto_id: PRODUTO, linhas, agora: DEPOIS },
  context: { supplyItems: new Map([['tecido', TECIDO]]), products: new Set(), bills: new Map(), ...context },
});

export const fold = (events: readonly ProdutoEvent[]): ProdutoState =>
  events.reduce(evolveProduto, initialProdutoState());

export const given = (...events: ProdutoEvent[]) => ({
  when: (command: ProdutoCommand): ProdutoDecision => decideProduto(command, fold(events)),
});

/** The refusal the API maps to an error, matched on its kind and campo. */
export const refused = (kind: string, campo?: string) => ({
  ok: false,
  error: expect.objectContaining(campo === undefined ? { kind } : { kind, campo }),
});
