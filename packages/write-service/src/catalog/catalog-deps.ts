import type { Pool } from '@factory/database';
import { type AuthContext, canSeeCosts } from '@factory/http';
import type { CatalogWriteContext, CatalogWriteModel } from '@factory/write-model';
import type { FastifyRequest } from 'fastify';

/** What the catalog routes need: the pool (idempotency keys), the write model and the clock. */
export interface CatalogRouteDeps {
  pool: Pool;
  catalog: CatalogWriteModel;
  clock: () => Date;
}

/** Who is writing, as the events' metadata records it, and whether the token sees costs. */
export const catalogContextOf = (
  auth: AuthContext,
  request: FastifyRequest,
  idempotencyKey: string | null,
  now: Date,
  part?: string,
): CatalogWriteContext => ({
  empresaId: auth.empresa.id,
  tokenId: auth.tokenId,
  requestId: request.id,
  idempotencyKey,
  now,
  canReadCosts: canSeeCosts(auth),
  ...(part === undefined ? {} : { part }),
});

/** `X-Posicao-Log` when something was appended; a write that appended nothing carries none. */
export const positionHeader = (position: number | null): Record<string, string> =>
  position === null ? {} : { 'X-Posicao-Log': String(position) };
