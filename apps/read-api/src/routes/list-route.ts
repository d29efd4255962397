import type { Pool } from '@factory/database';
import {
  type AuthContext,
  defineRoute,
  type KeysetValue,
  keysetField,
  keysetPage,
  param,
} from '@factory/http';
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

export interface ListRouteSpec<S extends z.ZodRawShape, F, Row, K extends KeysetValue[], Out> {
  /** `/v1/<list>`: `<list>` also names the list its cursors are bound to. */
  url: `/v1/${string}`;
  scope: string;
  summary: string;
  /** The list's own parameters; `limite` and `cursor` are every list's. */
  filters: S;
  item: z.ZodType<Out, Out>;
  keyset: z.ZodType<K>;
  keysetOf(row: Row): K;
  /** The page's rows; or the rows and the keys of `envelope` (read by the same statement). */
  read(
    pool: Pool,
    query: PageQuery<F, K>,
  ): Promise<Row[] | { rows: Row[]; envelope: Record<string, unknown> }>;
  /** Keys the response carries before `dados` (the position's `em`); none by default. */
  envelope?: z.ZodRawShape;
  /** May refuse a combination of parameters (ApiError), knowing the caller's company. */
  readFilters(filters: z.output<z.ZodObject<S>>, auth: AuthContext): F;
  /** Only where a filter is matched normalised: the cursor then binds the value as matched. */
  cursorFilters?(filters: z.output<z.ZodObject<S>>): Record<string, unknown>;
  /** The resource's presenter; costs are nulled on the way out for a token without `custos:ler`. */
  present(row: Row): Out;
  /** One item as the list answers it, for the description's example page. */
  example?: Out;
  /** The keys of `envelope` in that example page. */
  envelopeExample?: Record<string, unknown>;
}

// Opaque to clients: an example only shows that one comes back while there is more to read.
const EXAMPLE_CURSOR = 'eyJ2IjoxLCJrIjpbIjIwMjYtMDMtMTBUMTI6MDA6MDBaIl19.c2lnbmF0dXJl';

/** GET of a stabilised keyset list of the caller's company: `{ dados, proximo_cursor }`. */
export function defineListRoute<S extends z.ZodRawShape, F, Row, K extends KeysetValue[], Out>(
  deps: ListDeps,
  spec: ListRouteSpec<S, F, Row, K, Out>,
) {
  return defineRoute({
    method: 'GET',
    url: spec.url,
    scope: spec.scope,
    summary: spec.summary,
    query: z.object({ limite: param.limite, cursor: param.cursor.optional(), ...spec.filters }),
    response: z.object({
      ...spec.envelope,
      dados: z.array(spec.item),
      proximo_cursor: z.string().nullable(),
    }),
    ...(spec.example === undefined
      ? {}
      : {
          examples: {
            response: { ...spec.envelopeExample, dados: [spec.example], proximo_cursor: EXAMPLE_CURSOR },
          },
        }),
    handler: async ({ query, auth, request }) => {
      // zod cannot infer the output of an object built on a generic shape: typed here by hand.
      const { limite, cursor, ...rest } = query as { limite: number; cursor?: string };
      const filters = rest as z.output<z.ZodObject<S>>;
      const readFilters = spec.readFilters(filters, auth);
      let envelope: Record<string, unknown> = {};
      const page = await keysetPage({
        cursors: request.server.cursors,
        list: spec.url.slice('/v1/'.length),
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
