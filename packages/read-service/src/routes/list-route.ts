import type { ListDeclaration } from '@factory/api';
import type { Pool } from '@factory/database';
import { type AuthContext, defineRoute, type KeysetValue, keysetField, keysetPage } from '@factory/http';
import type { ListWindow } from '@factory/read-models';
import { z } from 'zod';

/** What the stabilised lists need besides the pool. */
export interface ListDeps {
  pool: Pool;
  /** STABILIZATION_WINDOW_SECONDS: lists show rows older than min(now, watermark) - window. */
  windowSeconds: number;
  /** `now` of the cut; injectable so tests move time by hand. */
  clock: () => Date;
}

/** The page query every list of `@factory/read-models` takes. */
export interface PageQuery<F, K> {
  empresaId: string;
  filters: F;
  window: ListWindow;
  after: K | null;
  limit: number;
}

/** The keyset of a list ordered by an instant, then a uuid: the catalog lists and the ledger. */
export const instantThenUuid = z.tuple([keysetField.instant, keysetField.uuid]);

/** How the read API serves a list its contract declares. */
export interface ListServing<S extends z.ZodRawShape, F, Row, K extends KeysetValue[], Out> {
  keyset: z.ZodType<K>;
  keysetOf(row: Row): K;
  /** The page's rows; or the rows and the keys of the envelope (read by the same statement). */
  read(
    pool: Pool,
    query: PageQuery<F, K>,
  ): Promise<Row[] | { rows: Row[]; envelope: Record<string, unknown> }>;
  /** May refuse a combination of parameters (ApiError), knowing the caller's company. */
  readFilters(filters: z.output<z.ZodObject<S>>, auth: AuthContext): F;
  /** Only where a filter is matched normalised: the cursor then binds the value as matched. */
  cursorFilters?(filters: z.output<z.ZodObject<S>>): Record<string, unknown>;
  /** The resource's presenter; costs are nulled on the way out for a token without `custos:ler`. */
  present(row: Row): Out;
}

/**
 * Attaches the keyset page reader to a list the contract declares. A list under one record
 * (`/v1/fornecedores/:id/vinculos`) gets its path parameters among its filters: they select the
 * rows, and its cursors are bound to them as to any filter.
 */
export function defineListRoute<
  S extends z.ZodRawShape,
  F,
  Row,
  K extends KeysetValue[],
  Out,
  P extends z.ZodRawShape = Record<never, never>,
>(deps: ListDeps, list: ListDeclaration<S, Out, P>, spec: ListServing<S & P, F, Row, K, Out>) {
  return defineRoute({
    ...list.declaration,
    handler: async ({ query, params, auth, request }) => {
      // zod cannot infer the output of an object built on a generic shape: typed here by hand.
      const { limite, cursor, ...rest } = query as { limite: number; cursor?: string };
      const filters = { ...rest, ...(params as object) } as z.output<z.ZodObject<S & P>>;
      const readFilters = spec.readFilters(filters, auth);
      let envelope: Record<string, unknown> = {};
      const page = await keysetPage({
        cursors: request.server.cursors,
        list: list.url.slice('/v1/'.length),
        empresa: auth.empresa.id,
        filters: spec.cursorFilters?.(filters) ?? filters,
        limite,
        cursor,
        keyset: spec.keyset,
        fetch: async (after, limit) => {
          const read = await spec.read(deps.pool, {
            empresaId: auth.empresa.id,
            filters: readFilters,
            window: { now: deps.clock(), windowSeconds: deps.windowSeconds },
            after,
            limit,
          });
          if (Array.isArray(read)) return read;
          envelope = read.envelope;
          return read.rows;
        },
        keysetOf: spec.keysetOf,
        present: (row) => spec.present(row),
      });
      return { ...envelope, ...page };
    },
  });
}
