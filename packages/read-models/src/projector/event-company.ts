import { parseStreamName, type RecordedEvent } from '@factory/event-store';

/**
 * The company of events, for one batch: part of every stream name (invariant 8), which is what
 * the command was decided against; the metadata's empresa_id serves only streams named
 * otherwise. A batch holds many events of few streams, so each name is parsed once.
 */
export function companyReader(): (event: RecordedEvent) => string {
  const byStream = new Map<string, string | undefined>();
  return (event) => {
    let fromStream = byStream.get(event.stream);
    if (fromStream === undefined && !byStream.has(event.stream)) {
      fromStream = parseStreamName(event.stream)?.companyId;
      byStream.set(event.stream, fromStream);
    }
    const fromMetadata = event.metadata.empresa_id;
    const empresa = fromStream ?? (typeof fromMetadata === 'string' ? fromMetadata : undefined);
    if (!empresa) throw new Error(`event ${event.id} of stream ${event.stream} names no company`);
    return empresa;
  };
}
