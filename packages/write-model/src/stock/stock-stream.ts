import { streamName } from '@factory/event-store';

/** One stream per supply item, named with its company: `estoque-<empresa_id>-<insumo_id>`. */
export const stockStream = (empresaId: string, insumoId: string): string =>
  streamName('estoque', empresaId, insumoId);
