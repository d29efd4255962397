import type { Pool } from '@factory/database';
import { companyExists } from './companies-repository.js';
import { newId, requireName, requireUuid } from './input.js';
import { insertLocation, LOCAL_TIPOS, type LocalTipo } from './locations-repository.js';
import { OpsError } from './ops-error.js';

export function isLocalTipo(value: string): value is LocalTipo {
  return (LOCAL_TIPOS as readonly string[]).includes(value);
}

export async function createLocation(
  pool: Pool,
  input: { empresaId: string; nome: string; tipo: string; ativo: boolean },
): Promise<string> {
  const empresaId = requireUuid(input.empresaId, 'empresa');
  const nome = requireName(input.nome, 'nome');
  const { tipo } = input;
  if (!isLocalTipo(tipo))
    throw new OpsError('invalido', `tipo deve ser ${LOCAL_TIPOS.join(', ')}: ${JSON.stringify(tipo)}`);
  if (!(await companyExists(pool, empresaId)))
    throw new OpsError('nao_encontrado', `empresa não encontrada: ${empresaId}`);
  const id = newId();
  await insertLocation(pool, empresaId, { id, nome, tipo, ativo: input.ativo });
  return id;
}
