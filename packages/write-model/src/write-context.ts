import type { EventMetadata } from '@factory/event-store';

/** Who writes, when, and under which idempotency key: what every command's events carry. */
export interface WriteContext {
  empresaId: string;
  /** The API token; null for internal commands (seeds, jobs). */
  tokenId: string | null;
  requestId: string | null;
  idempotencyKey: string | null;
  /** The handler's clock reading: the events' `created` and the data's `criado_em`. */
  now: Date;
}

/** Event metadata: the company for projections (invariant 8), and the request's trail. */
export function metadataOf(context: WriteContext): EventMetadata {
  const metadata: EventMetadata = { empresa_id: context.empresaId };
  if (context.tokenId !== null) metadata.token_id = context.tokenId;
  if (context.requestId !== null) metadata.request_id = context.requestId;
  if (context.idempotencyKey !== null) metadata.idempotency_key = context.idempotencyKey;
  return metadata;
}

/** The specification's instant format (UTC, `+00:00`), as event data records times. */
export function isoInstant(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}
