import { type AuthContext, canSeeCosts, type Movimento } from '@factory/http';
import type { RecordedMovement } from '@factory/write-model';

/**
 * The recorded movement as the API shows it: decimals (text in the log) as JSON numbers, the
 * unit cost only for tokens with `custos:ler`.
 */
export function toMovimento(movement: RecordedMovement, auth: AuthContext): Movimento {
  return {
    id: movement.movimento_id,
    insumo_id: movement.insumo_id,
    local_id: movement.local_id,
    tipo: movement.tipo,
    quantidade: Number(movement.quantidade),
    unidade: movement.unidade,
    custo_unitario: canSeeCosts(auth) ? Number(movement.custo_unitario) : null,
    referencia: movement.referencia,
    motivo: movement.motivo,
    origem: movement.origem,
    criado_em: movement.criado_em,
  };
}
