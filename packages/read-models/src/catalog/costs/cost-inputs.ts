import type { CatalogRecorded } from '../catalog-events.js';

export interface NodeRef {
  empresa_id: string;
  id: string;
}

/** What a batch's roll-up must load: the nodes its events change, and the bill lines it adds. */
export interface CostInputs {
  items: NodeRef[];
  products: NodeRef[];
  /** Lines of the bills the batch defines: the nodes they consume must be loaded too. */
  edges: Array<{ empresa_id: string; produto_id: string; parte_id: string }>;
}

/** The nodes whose unit cost the batch may change; null when no event can move a cost. */
export function costInputs(events: readonly CatalogRecorded[]): CostInputs | null {
  const items = new Map<string, NodeRef>();
  const products = new Map<string, NodeRef>();
  const edges: CostInputs['edges'] = [];
  const add = (into: Map<string, NodeRef>, empresa_id: string, id: string) => {
    const key = `${empresa_id}|${id}`;
    if (!into.has(key)) into.set(key, { empresa_id, id });
  };
  for (const event of events) {
    const e = event.empresaId;
    switch (event.type) {
      case 'MovimentoRegistrado.v1':
      case 'MovimentoEstornado.v1':
      case 'InsumoCadastrado.v1':
        add(items, e, event.data.insumo_id);
        break;
      case 'InsumoAlterado.v1':
        if (Object.hasOwn(event.data.alteracoes, 'custo_referencia')) add(items, e, event.data.insumo_id);
        break;
      case 'ProdutoCadastrado.v1':
      case 'FichaDesativada.v1':
        add(products, e, event.data.produto_id);
        break;
      case 'ProdutoAlterado.v1':
        if (Object.hasOwn(event.data.alteracoes, 'custo_manual')) add(products, e, event.data.produto_id);
        break;
      case 'FichaDefinida.v1':
        add(products, e, event.data.produto_id);
        for (const l of event.data.linhas)
          edges.push({
            empresa_id: e,
            produto_id: event.data.produto_id,
            parte_id: (l.insumo_id ?? l.componente_id)!,
          });
        break;
      default:
        break;
    }
  }
  if (items.size === 0 && products.size === 0) return null;
  return { items: [...items.values()], products: [...products.values()], edges };
}
