import { streamName } from '@factory/event-store';

/** One stream per company and production day: its replacements are decided on it alone. */
export const planStream = (empresaId: string, dia: string): string => streamName('plano', empresaId, dia);
