import { randomUUID } from 'node:crypto';
import { generateNfe } from '@factory/nfe';
import { describeWith } from '@factory/testing';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type PurchasesScene,
  post,
  put,
  startPurchasesScene,
} from '../../packages/write-service/test/purchases/purchases-api.fixture.js';
import { hostileString } from './hostile-values.js';

// Issue 19 §6: hostile NF-e documents on the receipt and its preview. XML bombs (entity
// expansion, external entities, deep nesting), a 990-item invoice, broken encodings, and any
// document cut or spliced anywhere: never a 5xx, never a hang (each request must finish within
// the test's timeout), nothing written on a refusal. HOSTILE_RUNS=<runs> hunts longer.
const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);
const ROUTES = ['/v1/compras/recebimentos', '/v1/compras/recebimentos/previa'];
const OPTIONAL_TAGS =
  /<cEAN>SEM GTIN<\/cEAN>|<cEANTrib>SEM GTIN<\/cEANTrib>|<uTrib>[^<]*<\/uTrib>|<qTrib>[^<]*<\/qTrib>|<vUnTrib>[^<]*<\/vUnTrib>|<indTot>1<\/indTot>|<NCM>[^<]*<\/NCM>|<CFOP>[^<]*<\/CFOP>/g;

describeWith(['postgres', 'redis'], 'hostile NF-e documents (issue 19)', () => {
  let scene: PurchasesScene;
  let valid: string;
  const logHead = async () =>
    (await scene.db.pool.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]!.n;
  const body = (xml: string) => ({
    xml,
    local_id: scene.localId,
    vinculos: [{ n_item: 1, insumo_id: scene.caixaId }],
    aceitar_homologacao: true,
  });
  /** Sends the document to both routes: below 500, the envelope on a refusal, nothing written. */
  const expectRefusedSafely = async (xml: string, expected?: { status: number; campo?: string }) => {
    for (const url of ROUTES) {
      const before = await logHead();
      const res = await post(scene.app, url, scene.token, body(xml));
      const where = `${url}: ${res.body.slice(0, 200)}`;
      expect(res.statusCode, where).toBeLessThan(500);
      if (expected) {
        expect(res.statusCode, where).toBe(expected.status);
        if (expected.campo) expect(res.json().erro.campo, where).toBe(expected.campo);
      }
      if (res.statusCode >= 400) {
        expect(res.json().erro.id_requisicao, where).toBe(res.headers['x-request-id']);
        expect(await logHead(), `${where} wrote on a refusal`).toBe(before);
      }
    }
  };

  beforeAll(async () => {
    scene = await startPurchasesScene();
    valid = scene.invoice().xml;
  });

  describe('XML bombs', () => {
    it('entity expansion (billion laughs), external and parameter entities: 422 xml, never expanded', async () => {
      const laughs = [
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">',
        ...Array.from({ length: 9 }, (_, i) => {
          const prev = i === 0 ? 'lol' : `lol${i}`;
          return `<!ENTITY lol${i + 1} "${`&${prev};`.repeat(10)}">`;
        }),
        ']><nfeProc versao="4.00">&lol9;</nfeProc>',
      ].join('');
      await expectRefusedSafely(laughs, { status: 422, campo: 'xml' });
      const external = valid.replace(
        '<nfeProc',
        '<!DOCTYPE nfeProc [<!ENTITY x SYSTEM "file:///etc/passwd">]><nfeProc',
      );
      await expectRefusedSafely(external.replace('<xProd>', '<xProd>&x;'), { status: 422, campo: 'xml' });
      const parameter = valid.replace(
        '<nfeProc',
        '<!DOCTYPE nfeProc [<!ENTITY % p SYSTEM "http://127.0.0.1:1/x.dtd"> %p;]><nfeProc',
      );
      await expectRefusedSafely(parameter, { status: 422, campo: 'xml' });
      // An entity reference without a declaration is no well-formed document either.
      await expectRefusedSafely(valid.replace('<xProd>', '<xProd>&undeclared;'), {
        status: 422,
        campo: 'xml',
      });
    });

    it('deep nesting within the body limit: 422 xml', async () => {
      const depth = 30_000;
      const nested = `<nfeProc versao="4.00">${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</nfeProc>`;
      await expectRefusedSafely(nested, { status: 422, campo: 'xml' });
      const inside = valid.replace('<xProd>', `<xProd>${'<b>'.repeat(20_000)}${'</b>'.repeat(20_000)}`);
      await expectRefusedSafely(inside, { status: 422, campo: 'xml' });
      const unclosed = `<nfeProc versao="4.00">${'<a>'.repeat(60_000)}`;
      await expectRefusedSafely(unclosed, { status: 422, campo: 'xml' });
    });

    it('a huge attribute or text within 256 KB, and past it: 422 or 413, never a 5xx', async () => {
      await expectRefusedSafely(valid.replace('versao="4.00"', `versao="${'4'.repeat(200_000)}"`));
      await expectRefusedSafely(valid.replace('<xProd>', `<xProd>${'x'.repeat(200_000)}`));
      await expectRefusedSafely(`${valid}${' '.repeat(300_000)}`, { status: 413 });
    });
  });

  describe('size', () => {
    it('a 990-item invoice is received (one movement per item, one write); 991 items are refused', async () => {
      const codigo = `H-${randomUUID().slice(0, 6)}`;
      const link = await put(
        scene.app,
        `/v1/fornecedores/${scene.supplierId}/vinculos/${codigo}`,
        scene.token,
        {
          insumo_id: scene.caixaId,
          fator: 12,
        },
      );
      expect(link.statusCode, link.body).toBe(200);
      // The layout's optional tags left out, so that 990 items fit the 256 KB body with their taxes.
      const compact = (count: number, numero: number) =>
        generateNfe({
          emitente: { cnpj: scene.supplierCnpj, crt: 3 },
          destinatarioCnpj: scene.companyCnpj,
          numero,
          emitidaEm: '2026-03-09T10:00:00-03:00',
          itens: Array.from({ length: count }, (_, i) => ({
            cProd: codigo,
            xProd: 'x',
            uCom: 'CX',
            qCom: `${(i % 50) + 1}.0000`,
            vUnCom: `${(i % 7) + 1}.12`,
          })),
        });
      const strip = (xml: string) => xml.replace(OPTIONAL_TAGS, '');
      const big = compact(990, 99_000);
      const xml = strip(big.xml);
      expect(JSON.stringify({ xml, local_id: scene.localId }).length).toBeLessThan(262_144);
      const preview = await post(scene.app, ROUTES[1]!, scene.token, { xml, local_id: scene.localId });
      expect(preview.statusCode, preview.body.slice(0, 300)).toBe(200);
      const res = await post(scene.app, ROUTES[0]!, scene.token, { xml, local_id: scene.localId });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
      expect(res.json().itens).toHaveLength(990);
      const { rows } = await scene.db.pool.query(
        `SELECT count(*)::int AS n, count(DISTINCT tx_id)::int AS tx FROM events
          WHERE type = 'MovimentoRegistrado.v1' AND data->>'referencia' = $1`,
        [big.chave],
      );
      expect(rows[0]).toEqual({ n: 990, tx: 1 });
      const over = { xml: strip(compact(991, 99_001).xml) };
      await expectRefusedSafely(over.xml, { status: 422, campo: 'xml' });
    }, 120_000);
  });

  describe('broken encodings', () => {
    it('bytes that are not UTF-8 in the body: 400 corpo_invalido, or a refusal, never a 5xx', async () => {
      const json = Buffer.from(JSON.stringify(body(valid)), 'utf8');
      const broken = Buffer.concat([
        json.subarray(0, 200),
        Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
        json.subarray(200),
      ]);
      for (const url of ROUTES) {
        const before = await logHead();
        const res = await scene.app.inject({
          method: 'POST',
          url,
          headers: {
            authorization: `Bearer ${scene.token}`,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          payload: broken,
        });
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
        expect(await logHead()).toBe(before);
      }
    });

    it('declared encodings, BOMs, NUL, lone surrogates and control characters in the document', async () => {
      const variants = [
        valid.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace('Parafuso', 'Parafuso ÇÃÕ'),
        valid.replace('encoding="UTF-8"', 'encoding="UTF-16"'),
        `\ufeff${valid}`,
        `\ufeff\ufeff${valid}`,
        valid.replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.1"?>'),
        valid.replace('<?xml version="1.0" encoding="UTF-8"?>', ''),
        valid.replaceAll('<', '\uff1c'),
        valid.replace('<xProd>Parafuso 3mm', '<xProd><![CDATA[Parafuso <3mm>]]>'),
        valid.replace('<infNFe', '<?php echo 1; ?><infNFe'),
      ];
      for (const xml of variants) await expectRefusedSafely(xml);
      // Characters XML 1.0 forbids are no well-formed document (check 1).
      const forbidden = [
        valid.replace('<xProd>', '<xProd>\u0000'),
        valid.replace('<xProd>', '<xProd>\ud800'),
        valid.replace('<xProd>', '<xProd>\u0001\u001f'),
        valid.replace('<cProd>', '<cProd>\udfff'),
      ];
      for (const xml of forbidden) await expectRefusedSafely(xml, { status: 422, campo: 'xml' });
    });
  });

  it('any document cut, spliced or sprinkled with hostile text: never a 5xx, nothing written on a refusal', async () => {
    const mutation = fc.oneof(
      fc.nat({ max: valid.length }).map((at) => valid.slice(0, at)),
      fc
        .tuple(fc.nat({ max: valid.length }), hostileString)
        .map(([at, text]) => `${valid.slice(0, at)}${text}${valid.slice(at)}`),
      fc
        .tuple(fc.nat({ max: valid.length }), fc.nat({ max: 400 }))
        .map(([at, length]) => `${valid.slice(0, at)}${valid.slice(at + length)}`),
      fc
        .tuple(fc.nat({ max: valid.length }), fc.nat({ max: valid.length }))
        .map(
          ([a, b]) =>
            `${valid.slice(0, Math.min(a, b))}${valid.slice(Math.min(a, b), Math.max(a, b)).repeat(3)}${valid.slice(Math.max(a, b))}`,
        ),
      fc
        .tuple(
          fc.constantFrom('cStat', 'chNFe', 'tpAmb', 'CNPJ', 'qCom', 'vProd', 'nItem', 'mod', 'vNF'),
          hostileString,
        )
        .map(([tag, text]) => valid.replace(new RegExp(`(<${tag}>)[^<]*`), `$1${text.replace(/\$/g, '')}`)),
    );
    await fc.assert(
      fc.asyncProperty(mutation, async (xml) => {
        for (const url of ROUTES) {
          const before = await logHead();
          const res = await post(scene.app, url, scene.token, { xml, local_id: scene.localId });
          const where = `${url} ${JSON.stringify(xml.slice(0, 120))}: ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400) expect(await logHead(), `${where} wrote on a refusal`).toBe(before);
        }
      }),
      { numRuns: RUNS },
    );
  }, 300_000);
});
