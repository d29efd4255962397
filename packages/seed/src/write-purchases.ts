import type { ProductionCalendar, TaxProfile } from '@factory/domain';
import { generateNfe, parseNfe } from '@factory/nfe';
import type { PurchasesWriteModel, WriteContext } from '@factory/write-model';
import type { CatalogPlan } from './catalog-plan.js';
import type { LocalKind } from './movement-plan.js';
import { cUfOf, type PurchasePlan } from './purchase-plan.js';

/** What a company's purchases need of it besides its id: who receives the invoices, and how. */
export interface PurchaseCompany {
  empresaId: string;
  locais: Readonly<Record<LocalKind, string>>;
  /** The invoices' recipient (`dest/CNPJ`). */
  cnpj: string;
  /** Decides which taxes a receipt recovers (compras.md's entry cost). */
  perfil: TaxProfile;
  calendar: ProductionCalendar;
}

/**
 * Writes a purchases plan's steps one at a time through the purchases write model, as the API's
 * routes would: an order, a receipt of a generated invoice (read by the same parser as
 * `POST /v1/compras/recebimentos`, with a link for each item, so each item's `fator` defaults to
 * its supply item's purchase unit), a cancellation. Any refusal is a bug of the plan and throws.
 */
export function purchaseWriter(
  purchases: PurchasesWriteModel,
  company: PurchaseCompany,
  catalog: CatalogPlan,
  ids: { fornecedores: readonly string[]; insumos: readonly string[] },
): (plan: PurchasePlan) => Promise<void> {
  const pedidos = new Map<number, string>();
  const context = (now: Date): WriteContext => ({
    empresaId: company.empresaId,
    tokenId: null,
    requestId: null,
    idempotencyKey: null,
    now,
  });
  const pedidoOf = (ordem: number) => {
    const id = pedidos.get(ordem);
    if (id === undefined) throw new Error(`semear: pedido ${ordem} não foi criado`);
    return id;
  };
  return async (plan) => {
    if (plan.kind === 'pedido') {
      const outcome = await purchases.criarPedido(context(plan.at), {
        fornecedor_id: ids.fornecedores[plan.fornecedor],
        local_id: company.locais[plan.local],
        itens: plan.linhas.map((l) => ({
          insumo_id: ids.insumos[l.insumo],
          quantidade: String(l.quantidade),
          preco_unitario: l.preco,
        })),
        calendar: company.calendar,
        podeVerCustos: true,
      });
      if (!outcome.ok) throw refusal('pedido', plan, outcome.error);
      pedidos.set(plan.ordem, outcome.value.criado.pedido_id);
      return;
    }
    if (plan.kind === 'cancelar') {
      const outcome = await purchases.cancelarPedido(context(plan.at), {
        pedido_id: pedidoOf(plan.ordem),
        motivo: plan.motivo,
      });
      if (!outcome.ok) throw refusal('cancelamento', plan, outcome.error);
      return;
    }
    const supplier = catalog.fornecedores[plan.fornecedor]!;
    const { xml } = generateNfe({
      emitente: {
        cnpj: String(supplier.cnpj),
        crt: supplier.regime === 'simples' ? 1 : 3,
        nome: String(supplier.nome),
        cUF: cUfOf(supplier.uf),
      },
      destinatarioCnpj: company.cnpj,
      numero: plan.numero,
      emitidaEm: plan.emitidaEm,
      itens: plan.itens,
    });
    const parsed = parseNfe(xml, { aceitarHomologacao: false });
    if (!parsed.ok) throw refusal('NF-e gerada', plan, parsed.error);
    const outcome = await purchases.receberNota(context(plan.at), {
      documento: parsed.value,
      local_id: company.locais[plan.local],
      ...(plan.ordem === null ? {} : { pedido_id: pedidoOf(plan.ordem) }),
      vinculos: plan.insumos.map((insumo, i) => ({ n_item: i + 1, insumo_id: ids.insumos[insumo] })),
      empresaCnpj: company.cnpj,
      perfil: company.perfil,
    });
    if (!outcome.ok) throw refusal('recebimento', plan, outcome.error);
  };
}

function refusal(what: string, plan: PurchasePlan, error: unknown): Error {
  return new Error(`semear: ${what} recusado: ${JSON.stringify(error)} (${JSON.stringify(plan)})`);
}
