import type { TaxProfile } from '../../company/tax-profile.js';
import type { NfeDocumento } from '../nota-fiscal.js';
import type { InsumoParaCompra } from '../order/commands.js';
import type { PedidoCompraState } from '../order/state.js';
import type { VinculoSalvo } from './links.js';
import type { NotaState } from './nota-state.js';

/**
 * Receives (or previews) a parsed, protocol-checked NF-e (checks 1 to 3 are the parser's). The
 * caller has checked `local_id` is an active location, gives the ids, and looks up the facts
 * the checks read.
 */
export type ReceberNota = {
  type: 'ReceberNota';
  data: {
    nota_id: string;
    local_id: string;
    pedido_id?: unknown;
    vinculos?: unknown;
    /** One id per invoice item, in `nItem` order. */
    movimento_ids: readonly string[];
    agora: string;
  };
  documento: NfeDocumento;
  context: {
    /** The company's CNPJ (check 4). */
    empresaCnpj: string;
    perfil: TaxProfile;
    /** The company's non-deleted supplier whose CNPJ is the issuer's, if any (check 5). */
    fornecedorId: string | null;
    /** The access key's stream (check 6). */
    nota: NotaState;
    /** The supplier's saved links by code. */
    vinculosSalvos: ReadonlyMap<string, VinculoSalvo>;
    /** Every supply item the body's links or the saved links name (absent: unknown). */
    insumos: ReadonlyMap<string, InsumoParaCompra>;
    /** The order `pedido_id` names, when the body gives one (null: none such). */
    pedido: PedidoCompraState | null;
    /** When the body gives none: the supplier's orders whose `numero` an item's xPed names. */
    pedidosPorNumero: ReadonlyMap<number, PedidoCompraState>;
  };
};

export type CancelarRecebimento = {
  type: 'CancelarRecebimento';
  data: {
    nota_id: string;
    motivo?: unknown;
    /** One id per movement of the receipt, in item order. */
    estorno_ids: readonly string[];
    agora: string;
  };
  context: {
    /** The receipt's movements already reversed by someone else. */
    estornados: ReadonlySet<string>;
    /** The order the receipt fulfilled, when it names one. */
    pedido: PedidoCompraState | null;
  };
};
