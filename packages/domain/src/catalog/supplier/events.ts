import type { FornecedorRegistro } from './record.js';

/** Events of a supplier's stream (`fornecedor-<empresa>-<id>`). */

/** The full record: every key present, defaults filled in. */
export type FornecedorCadastrado = {
  type: 'FornecedorCadastrado.v1';
  data: FornecedorRegistro & { fornecedor_id: string; cadastrado_em: string };
};

/** Only the fields that changed, with their new values (`null` when cleared). */
export type FornecedorAlterado = {
  type: 'FornecedorAlterado.v1';
  data: { fornecedor_id: string; alteracoes: Partial<FornecedorRegistro>; alterado_em: string };
};

export type FornecedorExcluido = {
  type: 'FornecedorExcluido.v1';
  data: { fornecedor_id: string; excluido_em: string };
};

export type FornecedorEvent = FornecedorCadastrado | FornecedorAlterado | FornecedorExcluido;

export const FORNECEDOR_EVENT_TYPES: readonly FornecedorEvent['type'][] = [
  'FornecedorCadastrado.v1',
  'FornecedorAlterado.v1',
  'FornecedorExcluido.v1',
];
