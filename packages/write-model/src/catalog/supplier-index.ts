import type { PoolClient } from '@factory/database';
import type { FornecedorEvent } from '@factory/domain';
import type { QueryConfig } from 'pg';

/**
 * The write-side index of a supplier's stream (`catalog_suppliers`): its tax id (CNPJ or CPF
 * digits) among the company's non-deleted suppliers, which batches match items by.
 */
export async function indexSupplierEvents(
  client: PoolClient,
  empresaId: string,
  events: readonly FornecedorEvent[],
): Promise<void> {
  for (const event of events) {
    const statement = statementFor(empresaId, event);
    if (statement !== null) await client.query(statement);
  }
}

function statementFor(empresaId: string, event: FornecedorEvent): QueryConfig | null {
  switch (event.type) {
    case 'FornecedorCadastrado.v1': {
      const { fornecedor_id, cnpj, cpf } = event.data;
      return {
        text: 'INSERT INTO catalog_suppliers (fornecedor_id, empresa_id, documento) VALUES ($1, $2, $3)',
        values: [fornecedor_id, empresaId, cnpj ?? cpf],
      };
    }
    case 'FornecedorAlterado.v1': {
      const { fornecedor_id, alteracoes } = event.data;
      if (!Object.hasOwn(alteracoes, 'cnpj') && !Object.hasOwn(alteracoes, 'cpf')) return null;
      // A supplier holds one tax id: a change records the new one and clears the other kind.
      return {
        text: 'UPDATE catalog_suppliers SET documento = $3 WHERE fornecedor_id = $1 AND empresa_id = $2',
        values: [fornecedor_id, empresaId, alteracoes.cnpj ?? alteracoes.cpf ?? null],
      };
    }
    case 'FornecedorExcluido.v1':
      return {
        text: 'UPDATE catalog_suppliers SET excluido_em = $3 WHERE fornecedor_id = $1 AND empresa_id = $2',
        values: [event.data.fornecedor_id, empresaId, event.data.excluido_em],
      };
    default: {
      const unhandled: never = event;
      throw new Error(`supplier index: unknown event ${(unhandled as { type: string }).type}`);
    }
  }
}
