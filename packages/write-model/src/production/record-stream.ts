import { streamName } from '@factory/event-store';

/** One stream per production record: its registration and its cancellation. */
export const recordStream = (empresaId: string, apontamentoId: string): string =>
  streamName('apontamento', empresaId, apontamentoId);
