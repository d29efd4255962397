import { declareRoute, param } from '@factory/http';
import { z } from 'zod';

// Opaque to clients: an example only shows that one comes back while there is more to read.
const EXAMPLE_CURSOR = 'eyJ2IjoxLCJrIjpbIjIwMjYtMDMtMTBUMTI6MDA6MDBaIl19.c2lnbmF0dXJl';

export interface ListSpec<S extends z.ZodRawShape, Out, P extends z.ZodRawShape = Record<never, never>> {
  /** `/v1/<list>`: `<list>` also names the list its cursors are bound to. */
  url: `/v1/${string}`;
  scope: string;
  summary: string;
  /**
   * Path parameters of a list under one record (`/v1/fornecedores/:id/vinculos`). They select
   * the rows as filters do, and a cursor is bound to their values as to the filters'.
   */
  params?: P;
  /** The list's own parameters; `limite` and `cursor` are every list's. */
  filters: S;
  item: z.ZodType<Out, Out>;
  /** Keys the response carries before `dados` (the position's `em`); none by default. */
  envelope?: z.ZodRawShape;
  /** One item as the list answers it, for the description's example page. */
  example?: Out;
  /** The keys of `envelope` in that example page. */
  envelopeExample?: Record<string, unknown>;
}

/**
 * GET of a stabilised keyset list of the caller's company: `{ dados, proximo_cursor }`. The
 * declaration keeps its filters and item schema apart too, for the app that reads the list.
 */
export function declareList<S extends z.ZodRawShape, Out, P extends z.ZodRawShape = Record<never, never>>(
  spec: ListSpec<S, Out, P>,
) {
  const declaration = declareRoute({
    method: 'GET',
    url: spec.url,
    scope: spec.scope,
    summary: spec.summary,
    ...(spec.params === undefined ? {} : { params: z.object(spec.params) }),
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
  });
  return { declaration, url: spec.url, filters: spec.filters, params: spec.params, item: spec.item };
}

export type ListDeclaration<
  S extends z.ZodRawShape,
  Out,
  P extends z.ZodRawShape = Record<never, never>,
> = ReturnType<typeof declareList<S, Out, P>>;
