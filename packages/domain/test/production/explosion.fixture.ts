// Builders for the explosion tests: bills are defined through the product decider, as the
// write API defines them, so the lines are in their stored form. Not exported by the package.
import type { LinhaFichaItem } from '../../src/catalog/bill/commands.js';
import type { LinhaDaFicha } from '../../src/catalog/bill/events.js';
import { decideProduto } from '../../src/catalog/product/decide.js';
import { evolveProduto, initialProdutoState } from '../../src/catalog/product/state.js';
import { type ActiveBills, explode, needsOf, type ProductionLine } from '../../src/production/explode.js';
import { toText } from '../../src/stock/money.js';
import type { ItemDefinition } from '../../src/stock/state.js';
import { cadastrado, definirFicha, TECIDO } from '../catalog/product/product.fixture.js';

/** Thread, bought in cones of 1000 m and consumed in metres. */
export const LINHA: ItemDefinition = {
  ...TECIDO,
  insumoId: 'linha',
  sku: 'LIN-01',
  unidadeCompra: 'cone',
  fatorConversao: '1000',
};
/** Buttons, bought and consumed one by one. */
export const BOTAO: ItemDefinition = {
  ...TECIDO,
  insumoId: 'botao',
  sku: 'BOT-01',
  unidadeCompra: 'un',
  unidadeConsumo: 'un',
  fatorConversao: '1',
};

const supplyItems = new Map([TECIDO, LINHA, BOTAO].map((i) => [i.insumoId, i]));

export const insumo = (insumo_id: string, consumo: number | string, fields: Partial<LinhaFichaItem> = {}) =>
  ({ id: `l-${insumo_id}`, tipo: 'insumo', insumo_id, consumo, ...fields }) as LinhaFichaItem;

export const componente = (
  componente_id: string,
  consumo: number | string,
  fields: Partial<LinhaFichaItem> = {},
) => ({ id: `l-${componente_id}`, tipo: 'produto', componente_id, consumo, ...fields }) as LinhaFichaItem;

/**
 * The active bills left by defining each product's lines, in order, through the decider;
 * `withoutBill` names further products that exist but have no active bill.
 */
export function givenBills(definitions: Record<string, LinhaFichaItem[]>, withoutBill: string[] = []) {
  const bills = new Map<string, LinhaDaFicha[]>();
  const products = new Set([...Object.keys(definitions), ...withoutBill]);
  for (const [produto_id, linhas] of Object.entries(definitions)) {
    const state = evolveProduto(initialProdutoState(), cadastrado({}, produto_id));
    const command = definirFicha(linhas, { supplyItems, products, bills: new Map() });
    const decision = decideProduto({ ...command, data: { ...command.data, produto_id } }, state);
    if (!decision.ok) throw new Error(`bill of ${produto_id} refused: ${JSON.stringify(decision.error)}`);
    for (const event of decision.events)
      if (event.type === 'FichaDefinida.v1') bills.set(produto_id, event.data.linhas);
  }
  return {
    bills: bills as ActiveBills,
    whenExploded: (produto_id: string, quantidade: string) =>
      asText(explode(bills as ActiveBills, produto_id, quantidade)),
    whenPlanned: (lines: ProductionLine[]) => needsOf(bills, lines),
  };
}

const asText = ({ consumo, semFicha }: ReturnType<typeof explode>) => ({
  consumo: Object.fromEntries([...consumo].map(([id, q]) => [id, toText(q)])),
  semFicha,
});
