import type { ProdutoEvent, ProdutoState } from '@factory/domain';
import type { UniquenessChange, WriteSideRow } from '@factory/event-store';
import type { AppendedEvent } from '../stream-command.js';

/**
 * The write-side rows of a product's events (data for the store): its record (SKU, variation,
 * manual cost, deletion), its aliases and its active bill (the company's bill graph).
 */
export function productRows(
  empresaId: string,
  events: readonly AppendedEvent<ProdutoEvent>[],
): WriteSideRow[] {
  return events.flatMap((event): WriteSideRow[] => {
    const eventId = event.id;
    const base = { eventId, empresaId, produtoId: event.data.produto_id };
    switch (event.type) {
      case 'ProdutoCadastrado.v1': {
        const { sku, variacao, custo_manual, apelidos } = event.data;
        return [
          { kind: 'product', ...base, sku, variacao, custoManual: custo_manual },
          { kind: 'product_aliases', ...base, apelidos },
        ];
      }
      case 'ProdutoAlterado.v1': {
        const { alteracoes } = event.data;
        const has = (key: string) => Object.hasOwn(alteracoes, key);
        const rows: WriteSideRow[] = [];
        if (has('variacao') || has('custo_manual'))
          rows.push({
            kind: 'product',
            ...base,
            ...(has('variacao') ? { variacao: alteracoes.variacao ?? null } : {}),
            ...(has('custo_manual') ? { custoManual: alteracoes.custo_manual ?? null } : {}),
          });
        if (has('apelidos'))
          rows.push({ kind: 'product_aliases', ...base, apelidos: alteracoes.apelidos ?? [] });
        return rows;
      }
      case 'ProdutoExcluido.v1':
        // A deleted product frees its SKU and its aliases.
        return [{ kind: 'product', ...base, excluidoEm: event.data.excluido_em }];
      case 'FichaDefinida.v1': {
        const { versao, linhas } = event.data;
        return [{ kind: 'active_bill', ...base, bill: { versao, linhas } }];
      }
      case 'FichaDesativada.v1':
        return [{ kind: 'active_bill', ...base, bill: null }];
      default: {
        const unhandled: never = event;
        throw new Error(`product rows: unknown event ${(unhandled as { type: string }).type}`);
      }
    }
  });
}

/** The SKU and aliases a product's events claim and release, from the state they were decided on. */
export function productKeys(
  empresaId: string,
  events: readonly ProdutoEvent[],
  decidedOn: ProdutoState,
): UniquenessChange[] {
  let aliases = new Set(decidedOn.produto?.apelidos ?? []);
  let sku = decidedOn.produto?.sku ?? null;
  const changes: UniquenessChange[] = [];
  const key = (scope: 'produto_sku' | 'produto_apelido', value: string) => ({ scope, empresaId, value });
  for (const event of events) {
    const owner = event.data.produto_id;
    const setAliases = (next: readonly string[]) => {
      const wanted = new Set(next);
      for (const a of aliases)
        if (!wanted.has(a)) changes.push({ op: 'release', key: key('produto_apelido', a), owner });
      for (const a of wanted)
        if (!aliases.has(a)) changes.push({ op: 'claim', key: key('produto_apelido', a), owner });
      aliases = wanted;
    };
    if (event.type === 'ProdutoCadastrado.v1') {
      sku = event.data.sku;
      changes.push({ op: 'claim', key: key('produto_sku', sku), owner });
      setAliases(event.data.apelidos);
    } else if (event.type === 'ProdutoAlterado.v1' && Object.hasOwn(event.data.alteracoes, 'apelidos'))
      setAliases(event.data.alteracoes.apelidos ?? []);
    else if (event.type === 'ProdutoExcluido.v1') {
      if (sku !== null) changes.push({ op: 'release', key: key('produto_sku', sku), owner });
      setAliases([]);
    }
  }
  return changes;
}
