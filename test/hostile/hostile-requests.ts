import { randomUUID } from 'node:crypto';
import type { AnyRoute } from '@factory/http';
import fc from 'fast-check';
import type { HostileScene } from './hostile-scene.js';
import {
  hostileBodyText,
  hostileJson,
  hostileNumber,
  hostileString,
  hostileUrlPart,
} from './hostile-values.js';

export interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A body each write route accepts, so that one hostile change reaches that route's checks. */
export function baselineBody(route: AnyRoute, scene: HostileScene): Json | undefined {
  const s = scene.seeded;
  const n = () => randomUUID().slice(0, 8).toUpperCase();
  switch (`${route.method} ${route.url}`) {
    case 'POST /v1/produtos/lote':
      return {
        itens: [
          {
            sku: `P-${n()}`,
            nome: 'Hostil',
            atributos: { cor: 'azul' },
            peso_kg: 1,
            apelidos: [`A-${n()}`],
            custo_manual: 12.5,
          },
        ],
      };
    case 'POST /v1/insumos/lote':
      return {
        itens: [
          {
            sku: `I-${n()}`,
            nome: 'Linha',
            unidade_compra: 'kg',
            unidade_consumo: 'g',
            fator_conversao: 1000,
            fornecedor_padrao_id: s.fornecedorId,
          },
        ],
      };
    case 'POST /v1/fornecedores/lote':
      return {
        itens: [{ nome: 'Fornecedor', uf: 'MG', condicao_pagamento: [30, 60], email_xml: 'nfe@x.com.br' }],
      };
    case 'PUT /v1/fichas/:produto_id':
      return {
        linhas: [{ tipo: 'insumo', insumo_id: s.insumoId, consumo: 2, unidade: 'g', perda_pct: 0.1 }],
      };
    case 'POST /v1/estoque/movimentos':
      return {
        insumo_id: s.insumoId,
        local_id: s.localId,
        tipo: 'ajuste',
        quantidade: -1,
        referencia: 'r',
        motivo: 'm',
      };
    case 'PUT /v1/producao/plano/:dia':
      return { itens: [{ produto_id: s.produtoId, quantidade: 2, local_id: s.localId }] };
    case 'POST /v1/producao/apontamentos':
      return {
        produto_id: s.produtoId,
        quantidade: 1,
        local_id: s.localId,
        dia: '2026-11-24',
        referencia: 'op-1',
        motivo: 'm',
      };
    case 'POST /v1/producao/apontamentos/:id/cancelamento':
    case 'POST /v1/estoque/movimentos/:id/estorno':
    case 'POST /v1/compras/pedidos/:id/cancelamento':
    case 'POST /v1/compras/recebimentos/:id/cancelamento':
      return { motivo: 'hostil' };
    case 'POST /v1/compras/pedidos':
      return {
        fornecedor_id: s.fornecedorId,
        local_id: s.localId,
        previsto_para: '2026-12-01',
        condicao_pagamento: [30],
        observacao: 'o',
        itens: [{ insumo_id: s.insumoId, quantidade: 2, preco_unitario: 30 }],
      };
    case 'POST /v1/compras/recebimentos':
    case 'POST /v1/compras/recebimentos/previa':
      return {
        xml: s.nfeXml,
        local_id: s.localId,
        pedido_id: s.pedidoId,
        vinculos: [{ n_item: 1, insumo_id: s.insumoId, fator: 1000 }],
        aceitar_homologacao: false,
      };
    case 'PUT /v1/fornecedores/:id/vinculos/:codigo':
      return { insumo_id: s.insumoId, fator: 1000 };
    default:
      return route.method === 'POST' || route.method === 'PUT' ? {} : undefined;
  }
}

/** Every [path, value] of a JSON value, the root included. */
function pathsOf(value: Json, at: Array<string | number> = []): Array<Array<string | number>> {
  const here = [at];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => pathsOf(v, [...at, i]))];
  if (value !== null && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...at, k]))];
  return here;
}

function replaceAt(value: Json, path: Array<string | number>, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaceAt((value as Record<string | number, Json>)[head!]!, rest, next);
  return copy;
}

/** `value` in place of every leaf of type `kind`, keys kept (the batch key `sku` included). */
export function replaceLeaves(value: Json, kind: string, next: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => replaceLeaves(v, kind, next));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceLeaves(v, kind, next)]));
  return typeof value === kind ? next : value;
}

// Header values must be Latin-1 without CR or LF, or the client library refuses to send them.
const headerSafe = (s: string) => s.replace(/[^\t\x20-\x7e]/g, '?');
const urlSafe = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '?'));

function pathParam(scene: HostileScene): fc.Arbitrary<string> {
  const s = scene.seeded;
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        s.produtoId,
        s.insumoId,
        s.fornecedorId,
        s.movimentoId,
        s.localId,
        s.pedidoId,
        s.notaId,
        '2026-11-24',
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom('2026-02-30', '2026-1-1', '99999-01-01', '0000-00-00') },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: hostileUrlPart },
  );
}

function queryValue(scene: HostileScene): fc.Arbitrary<string> {
  const s = scene.seeded;
  return fc.oneof(
    fc.constantFrom('1', '200', '0', 'true', 'false', 'ativo', 'kit', 'ajuste', s.cursorA, s.cursorB),
    fc.constantFrom(
      s.produtoId,
      s.insumoId,
      s.localId,
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:00:00%2B03:00',
      '2026-01-01',
    ),
    hostileUrlPart,
    hostileString.map(urlSafe),
  );
}

function body(
  route: AnyRoute,
  scene: HostileScene,
): fc.Arbitrary<{ contentType?: string; payload?: string | Buffer }> {
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | undefined>(
        undefined,
        'application/json; charset=utf-8',
        'application/json; charset=latin1',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json, text/plain',
        'Application/JSON',
      ),
    },
  );
  const base = baselineBody(route, scene);
  if (base === undefined)
    return fc.record({ contentType: fc.constant(undefined), payload: fc.constant(undefined) });
  const paths = pathsOf(base);
  const mutated = fc
    .tuple(fc.constantFrom(...paths), fc.oneof(hostileJson, hostileString, hostileNumber))
    .map(([path, value]) => JSON.stringify(replaceAt(base, path, value)));
  const extraKey = fc
    .tuple(fc.constantFrom(...paths), hostileString, hostileJson)
    .map(([path, key, value]) => {
      const target = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], base);
      if (target === null || typeof target !== 'object' || Array.isArray(target)) return JSON.stringify(base);
      return JSON.stringify(replaceAt(base, path, { ...target, [key]: value }));
    });
  // One hostile value in every string (or every number) of the body at once: it reaches each
  // field that the other checks let through.
  const everywhere = fc
    .oneof(
      hostileString.map((v): [string, unknown] => ['string', v]),
      hostileNumber.map((v): [string, unknown] => ['number', v]),
    )
    .map(([kind, value]) => JSON.stringify(replaceLeaves(base, kind, value)));
  const payload = fc.oneof(
    { weight: 3, arbitrary: everywhere },
    { weight: 4, arbitrary: mutated },
    { weight: 2, arbitrary: extraKey },
    { weight: 2, arbitrary: hostileBodyText },
    { weight: 1, arbitrary: hostileJson.map((v) => JSON.stringify(v) ?? '') },
    { weight: 1, arbitrary: fc.constant(JSON.stringify(base)) },
  );
  return fc.record({ contentType, payload });
}

/** A request to `route` with hostile values in its path, parameters, headers and body. */
export function hostileRequest(route: AnyRoute, scene: HostileScene): fc.Arbitrary<HostileRequest> {
  const known = Object.keys((route.query as { shape?: object } | undefined)?.shape ?? {});
  const names = fc.oneof(
    ...(known.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...known) }] : []),
    {
      weight: 1,
      arbitrary: fc.constantFrom('token', 'access_token', 'x', '', 'LIMITE', '__proto__', 'limite[]'),
    },
    { weight: 1, arbitrary: hostileString.map(urlSafe) },
  );
  const params = route.url.match(/:[A-Za-z_]+/g) ?? [];
  const authorization = fc.oneof(
    { weight: 8, arbitrary: fc.constant(`Bearer ${scene.a.token}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | undefined>(
        undefined,
        `Bearer ${scene.b.token}`,
        `bearer  ${scene.a.token} `,
        'Bearer',
        `Basic ${scene.a.token}`,
      ),
    },
    { weight: 1, arbitrary: hostileString.map((s) => `Bearer ${headerSafe(s)}`) },
  );
  return fc
    .record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(route.method) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') },
      ),
      pathValues: fc.tuple(...params.map(() => pathParam(scene))),
      query: fc.array(fc.tuple(names, queryValue(scene)), { maxLength: 4 }),
      authorization,
      idempotencyKey: fc.oneof(fc.uuid(), hostileString.map(headerSafe)),
      extra: fc.option(
        fc.tuple(
          fc.constantFrom('x-api-key', 'x-request-id', 'cookie', 'accept', 'accept-charset'),
          hostileString.map(headerSafe),
        ),
      ),
      body: body(route, scene),
    })
    .map((r) => {
      let path = route.url;
      for (const [i, name] of params.entries()) path = path.replace(name, r.pathValues[i]!);
      const search = r.query.map(([name, value]) => `${name}=${value}`).join('&');
      const headers: Record<string, string> = { 'idempotency-key': r.idempotencyKey };
      if (r.authorization !== undefined) headers.authorization = r.authorization;
      if (r.body.contentType !== undefined && r.body.payload !== undefined)
        headers['content-type'] = r.body.contentType;
      if (r.extra) headers[r.extra[0]] = r.extra[1];
      return { method: r.method, url: search ? `${path}?${search}` : path, headers, payload: r.body.payload };
    });
}
