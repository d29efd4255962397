import type { AuthContext } from '@factory/http';
import type { WriteContext } from '@factory/write-model';
import type { FastifyRequest } from 'fastify';

/** Who is writing, as the events' metadata records it. */
export const writeContextOf = (
  auth: AuthContext,
  request: FastifyRequest,
  idempotencyKey: string | null,
  now: Date,
): WriteContext => ({
  empresaId: auth.empresa.id,
  tokenId: auth.tokenId,
  requestId: request.id,
  idempotencyKey,
  now,
});
