import { parseStreamName, type RecordedEvent } from '@factory/event-store';
import type { AppendedEvent } from '../../stream-command.js';

/**
 * A recorded event of one of these types as the commands' derivations read it, with its company
 * (from the stream's name), for a projection's `rowsOf`; null for any other event.
 */
export function catalogEvent<E>(
  event: RecordedEvent,
  types: ReadonlySet<string>,
): { empresaId: string; event: AppendedEvent<E> } | null {
  const empresaId = parseStreamName(event.stream)?.companyId;
  if (empresaId === undefined || !types.has(event.type)) return null;
  return { empresaId, event: event as unknown as AppendedEvent<E> };
}
