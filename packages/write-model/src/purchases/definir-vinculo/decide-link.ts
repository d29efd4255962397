import {
  type Decision,
  type FornecedorParaCompra,
  type InsumoParaCompra,
  parseDecimal,
  toText,
  type VinculoFornecedorDefinido,
  type VinculoFornecedorRemovido,
  validation,
} from '@factory/domain';
import type { LinksRecord } from '../links-record.js';

// Pure, like the domain's deciders; here until the domain's purchases module has its own link
// commands (the receipt's learned links are the domain's: receipt/links.ts).

const notFound = (campo: string, mensagem: string) =>
  ({ ok: false, error: { kind: 'not_found', campo, mensagem } }) as const;

/** compras.md: a supplier's code is 1 to 60 characters, exact. */
export const MAX_CODIGO = 60;

export interface DefinirVinculo {
  type: 'DefinirVinculo';
  data: { fornecedor_id: string; codigo: string; insumo_id?: unknown; fator?: unknown; agora: string };
  context: { fornecedor: FornecedorParaCompra | null; insumo: InsumoParaCompra | null };
}

export interface RemoverVinculo {
  type: 'RemoverVinculo';
  data: { fornecedor_id: string; codigo: string; agora: string };
  context: { fornecedor: FornecedorParaCompra | null };
}

const supplierMissing = (fornecedor: FornecedorParaCompra | null) =>
  fornecedor === null || fornecedor.excluido;

/**
 * PUT of a link: the supplier must be the company's and not deleted (404), the code 1 to 60
 * characters, the supply item the company's and not deleted, `fator` > 0 (422 naming the key).
 * A link equal to the saved one is decided again (its instant moves), as a PUT replaces.
 */
export function decideDefineLink(
  command: DefinirVinculo,
  _record: LinksRecord,
): Decision<VinculoFornecedorDefinido> {
  const { data, context } = command;
  if (supplierMissing(context.fornecedor)) return notFound('id', 'fornecedor não encontrado');
  if (data.codigo.length === 0 || data.codigo.length > MAX_CODIGO)
    return validation('codigo', `codigo deve ter de 1 a ${MAX_CODIGO} caracteres`);
  if (context.insumo === null || context.insumo.excluido)
    return validation('insumo_id', 'insumo inexistente ou excluído');
  const fator = parseDecimal(data.fator);
  if (fator === null || !fator.gt(0)) return validation('fator', 'fator deve ser um número maior que zero');
  return {
    ok: true,
    events: [
      {
        type: 'VinculoFornecedorDefinido.v1',
        data: {
          fornecedor_id: data.fornecedor_id,
          codigo: data.codigo,
          insumo_id: data.insumo_id as string,
          fator: toText(fator),
          origem: 'api',
          nota_id: null,
          definido_em: data.agora,
        },
      },
    ],
  };
}

/** DELETE of a link: 404 when the supplier is not the company's, or the code has no link. */
export function decideRemoveLink(
  command: RemoverVinculo,
  record: LinksRecord,
): Decision<VinculoFornecedorRemovido> {
  const { data, context } = command;
  if (supplierMissing(context.fornecedor)) return notFound('id', 'fornecedor não encontrado');
  if (!record.links.has(data.codigo)) return notFound('codigo', 'vínculo não encontrado');
  return {
    ok: true,
    events: [
      {
        type: 'VinculoFornecedorRemovido.v1',
        data: { fornecedor_id: data.fornecedor_id, codigo: data.codigo, removido_em: data.agora },
      },
    ],
  };
}
