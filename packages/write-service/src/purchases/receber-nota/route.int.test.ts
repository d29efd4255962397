import { randomUUID } from 'node:crypto';
import { createLocation } from '@factory/tenants';
import { randomCnpj } from '@factory/tenants/testing';
import { describeWith } from '@factory/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  anItem,
  countEvents,
  expectError,
  type PurchasesScene,
  post,
  put,
  startPurchasesScene,
} from '../../../test/purchases/purchases-api.fixture.js';

const URL = '/v1/compras/recebimentos';

describeWith(['postgres', 'redis'], 'POST /v1/compras/recebimentos', () => {
  let scene: PurchasesScene;
  beforeAll(async () => {
    scene = await startPurchasesScene();
  });
  const linked = (xml: string, fields: Record<string, unknown> = {}) => ({
    xml,
    local_id: scene.localId,
    vinculos: [{ n_item: 1, insumo_id: scene.caixaId }],
    ...fields,
  });
  const logHead = async () =>
    (await scene.db.pool.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]!.n;

  describe('success', () => {
    it('records the Nota, one entrada_nfe movement per item and learns the links, in one write', async () => {
      const { xml, chave } = scene.invoice({
        itens: [anItem(), anItem({ cProd: 'R-1', uCom: 'KG', qCom: '2.5000', vUnCom: '40' })],
      });
      const res = await post(scene.app, URL, scene.token, {
        xml,
        local_id: scene.localId,
        vinculos: [
          { n_item: 1, insumo_id: scene.caixaId },
          { n_item: 2, insumo_id: scene.quiloId },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      const nota = res.json();
      expect(nota).toMatchObject({
        chave,
        tipo: 'entrada',
        situacao: 'recebida',
        fornecedor_id: scene.supplierId,
        emitente_cnpj: scene.supplierCnpj,
        local_id: scene.localId,
        pedido_id: null,
        valor_total: 225,
        ambiente: 'producao',
        emitida_em: '2026-03-09T13:00:00.000+00:00',
      });
      expect(nota.itens).toEqual([
        expect.objectContaining({
          n_item: 1,
          codigo: 'P-100',
          unidade: 'CX',
          quantidade: 10,
          insumo_id: scene.caixaId,
          fator: 12,
          quantidade_consumo: 120,
          custo_unitario: 1.041667,
          custo_unitario_bruto: 1.041667,
          creditos: 0,
        }),
        expect.objectContaining({
          n_item: 2,
          insumo_id: scene.quiloId,
          fator: 1000,
          quantidade_consumo: 2500,
          custo_unitario: 0.04,
        }),
      ]);
      const { rows } = await scene.db.pool.query(
        'SELECT position, type, data, tx_id::text FROM events WHERE event_id = ANY($1::uuid[]) ORDER BY position',
        [[nota.id, ...nota.itens.map((i: { movimento_id: string }) => i.movimento_id)]],
      );
      expect(rows.map((r) => r.type).sort()).toEqual([
        'MovimentoRegistrado.v1',
        'MovimentoRegistrado.v1',
        'NotaRecebida.v1',
      ]);
      // One write: a single transaction holds them all.
      expect(new Set(rows.map((r) => r.tx_id)).size).toBe(1);
      const movement = rows.find((r) => r.data.movimento_id === nota.itens[0].movimento_id);
      expect(movement.data).toMatchObject({
        tipo: 'entrada_nfe',
        origem: 'nfe',
        referencia: chave,
        quantidade: '120',
        custo_unitario: '1.041667',
        custo_unitario_bruto: '1.041667',
      });
      // X-Posicao-Log is the write's last event (the links learned included): waiting for it shows all.
      const last = await scene.db.pool.query(
        'SELECT max(position)::text AS p, count(*)::int AS n FROM events WHERE tx_id = (SELECT tx_id FROM events WHERE event_id = $1)',
        [nota.id],
      );
      expect(last.rows[0]).toEqual({ p: res.headers['x-posicao-log'], n: 5 });
    });

    it('uses a saved link for the code (learned by an earlier receipt or put), with its factor', async () => {
      const codigo = `L-${randomUUID().slice(0, 6)}`;
      const link = await put(
        scene.app,
        `/v1/fornecedores/${scene.supplierId}/vinculos/${codigo}`,
        scene.token,
        {
          insumo_id: scene.quiloId,
          fator: 500,
        },
      );
      expect(link.statusCode, link.body).toBe(200);
      const { xml } = scene.invoice({
        itens: [anItem({ cProd: codigo, uCom: 'SC', qCom: '3.0000', vUnCom: '10' })],
      });
      const res = await post(scene.app, URL, scene.token, { xml, local_id: scene.localId });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().itens[0]).toMatchObject({
        insumo_id: scene.quiloId,
        fator: 500,
        quantidade_consumo: 1500,
      });
    });

    it('defaults fator to 1 when uCom is the consumption unit (case and spaces ignored)', async () => {
      const { xml } = scene.invoice({ itens: [anItem({ uCom: ' Un ', qCom: '7.0000' })] });
      const res = await post(scene.app, URL, scene.token, linked(xml));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().itens[0]).toMatchObject({ fator: 1, quantidade_consumo: 7 });
    });

    it('nulls the monetary fields for a token without custos:ler', async () => {
      const token = await scene.tokenWith(['compras:escrever']);
      const { xml } = scene.invoice();
      const res = await post(scene.app, URL, token, linked(xml));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().valor_total).toBeNull();
      expect(res.json().itens[0]).toMatchObject({
        custo_unitario: null,
        custo_unitario_bruto: null,
        creditos: null,
      });
    });
  });

  describe('the contract errors, each in its order, writing nothing', () => {
    const refused = async (
      body: Record<string, unknown>,
      status: number,
      codigo: string,
      campo?: string,
      mensagem?: RegExp,
    ) => {
      const before = await logHead();
      const res = await post(scene.app, URL, scene.token, body);
      expectError(res, status, codigo, campo);
      if (mensagem) expect(res.json().erro.mensagem).toMatch(mensagem);
      expect(await logHead()).toBe(before);
      return res;
    };

    it('400 without Idempotency-Key; 413 past 256 KB; 422 for a body field of the wrong type', async () => {
      const { xml } = scene.invoice();
      expectError(
        await post(scene.app, URL, scene.token, linked(xml), { key: null }),
        400,
        'parametro_invalido',
        'Idempotency-Key',
      );
      expectError(
        await post(scene.app, URL, scene.token, linked(`${xml}${' '.repeat(262_145)}`)),
        413,
        'corpo_grande_demais',
      );
      await refused(linked(xml, { aceitar_homologacao: 'sim' }), 422, 'validacao', 'aceitar_homologacao');
      await refused({ local_id: scene.localId }, 422, 'validacao', 'xml');
    });

    it('check 1: not well-formed, DOCTYPE or entity, not an nfeProc 4.00 model 55', async () => {
      const { xml } = scene.invoice();
      await refused(linked(xml.slice(0, -10)), 422, 'validacao', 'xml');
      const doctype = xml.replace('<nfeProc', '<!DOCTYPE nfeProc [<!ENTITY a "aaaa">]><nfeProc');
      await refused(linked(doctype), 422, 'validacao', 'xml');
      await refused(
        linked(
          xml.replace(
            '<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">',
            '<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="3.10">',
          ),
        ),
        422,
        'validacao',
        'xml',
      );
      await refused(linked(xml.replace('<mod>55</mod>', '<mod>65</mod>')), 422, 'validacao', 'xml');
      // Check 1 before check 2: a model 65 document without its protocol speaks of the model.
      const both = xml.replace('<mod>55</mod>', '<mod>65</mod>').replace(/<protNFe.*<\/protNFe>/, '');
      await refused(linked(both), 422, 'validacao', 'xml', /modelo/);
    });

    it('check 2: no protNFe, not authorised, chNFe not the key, wrong check digit', async () => {
      const { xml, chave } = scene.invoice();
      await refused(linked(xml.replace(/<protNFe.*<\/protNFe>/, '')), 422, 'validacao', 'xml');
      await refused(linked(xml.replace('<cStat>100</cStat>', '<cStat>110</cStat>')), 422, 'validacao', 'xml');
      const other = `${chave.slice(0, 30)}${chave[30] === '9' ? '8' : '9'}${chave.slice(31)}`;
      await refused(
        linked(xml.replace(`<chNFe>${chave}</chNFe>`, `<chNFe>${other}</chNFe>`)),
        422,
        'validacao',
        'xml',
      );
      await refused(linked(xml.replaceAll(chave, other)), 422, 'validacao', 'xml');
    });

    it('check 3: a test-environment invoice without aceitar_homologacao (check 2 first)', async () => {
      const { xml } = scene.invoice({ tpAmb: 2 });
      await refused(linked(xml), 422, 'validacao', 'aceitar_homologacao');
      await refused(linked(xml, { aceitar_homologacao: false }), 422, 'validacao', 'aceitar_homologacao');
      await refused(linked(xml.replace('<cStat>100</cStat>', '<cStat>301</cStat>')), 422, 'validacao', 'xml');
      const ok = await post(scene.app, URL, scene.token, linked(xml, { aceitar_homologacao: true }));
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().ambiente).toBe('homologacao');
    });

    it('check 4: an invoice to another company (before check 3 is passed, check 3 answers)', async () => {
      const { xml } = scene.invoice({ destinatarioCnpj: randomCnpj() });
      await refused(linked(xml), 422, 'validacao', 'xml', /destinatário/);
      const test = scene.invoice({ destinatarioCnpj: randomCnpj(), tpAmb: 2 });
      await refused(linked(test.xml), 422, 'validacao', 'aceitar_homologacao');
    });

    it('check 5: an issuer who is no supplier of the company, the message naming its CNPJ (check 4 first)', async () => {
      const cnpj = randomCnpj();
      const { xml } = scene.invoice({ emitente: { cnpj, crt: 3 } });
      await refused(linked(xml), 422, 'validacao', 'xml', new RegExp(cnpj));
      const both = scene.invoice({ emitente: { cnpj, crt: 3 }, destinatarioCnpj: randomCnpj() });
      await refused(linked(both.xml), 422, 'validacao', 'xml', /destinatário/);
      // A deleted supplier is no supplier.
      const gone = await scene.supplier();
      const del = await scene.app.inject({
        method: 'DELETE',
        url: `/v1/fornecedores/${gone.id}`,
        headers: { authorization: `Bearer ${scene.token}` },
      });
      expect(del.statusCode, del.body).toBe(200);
      await refused(
        linked(scene.invoice({ emitente: { cnpj: gone.cnpj, crt: 3 } }).xml),
        422,
        'validacao',
        'xml',
        new RegExp(gone.cnpj),
      );
    });

    it('check 6: an access key received and not cancelled: 409, before the links are looked at', async () => {
      const { xml } = scene.invoice();
      expect((await post(scene.app, URL, scene.token, linked(xml))).statusCode).toBe(201);
      await refused(linked(xml), 409, 'conflito');
      await refused({ xml, local_id: scene.localId }, 409, 'conflito');
    });

    it('check 7: items without a link, listed by nItem and code; a factor that cannot be defaulted', async () => {
      const { xml } = scene.invoice({
        itens: [anItem({ cProd: 'SEM-1' }), anItem({ cProd: 'SEM-2' }), anItem({ cProd: 'SEM-3' })],
      });
      const res = await refused(
        { xml, local_id: scene.localId, vinculos: [{ n_item: 2, insumo_id: scene.caixaId }] },
        422,
        'validacao',
        'vinculos',
      );
      expect(res.json().erro.mensagem).toMatch(/nItem 1 \(código SEM-1\).*nItem 3 \(código SEM-3\)/);
      expect(res.json().erro.mensagem).not.toMatch(/SEM-2/);
      const odd = scene.invoice({ itens: [anItem({ uCom: 'PCT' })] });
      await refused(linked(odd.xml), 422, 'validacao', 'vinculos[0].fator');
      await refused(
        linked(odd.xml, { vinculos: [{ n_item: 1, insumo_id: randomUUID(), fator: 2 }] }),
        422,
        'validacao',
        'vinculos[0].insumo_id',
      );
      await refused(
        linked(odd.xml, { vinculos: [{ n_item: 9, insumo_id: scene.caixaId, fator: 2 }] }),
        422,
        'validacao',
        'vinculos[0].n_item',
      );
      await refused(
        linked(odd.xml, { vinculos: [{ n_item: 1, insumo_id: scene.caixaId, fator: 0 }] }),
        422,
        'validacao',
        'vinculos[0].fator',
      );
    });

    it('check 8: an order of another supplier, cancelled or received: 409 (check 7 first)', async () => {
      const other = await scene.supplier();
      const order = await post(scene.app, '/v1/compras/pedidos', scene.token, {
        fornecedor_id: other.id,
        local_id: scene.localId,
        itens: [{ insumo_id: scene.caixaId, quantidade: 1 }],
      });
      expect(order.statusCode, order.body).toBe(201);
      // A code with no saved link, so that check 7 has something to refuse.
      const { xml } = scene.invoice({ itens: [anItem({ cProd: `NOVO-${randomUUID().slice(0, 6)}` })] });
      await refused(linked(xml, { pedido_id: order.json().id }), 409, 'conflito');
      await refused(
        { xml, local_id: scene.localId, pedido_id: order.json().id },
        422,
        'validacao',
        'vinculos',
      );
      await refused(linked(xml, { pedido_id: randomUUID() }), 422, 'validacao', 'pedido_id');
      const own = await post(scene.app, '/v1/compras/pedidos', scene.token, {
        fornecedor_id: scene.supplierId,
        local_id: scene.localId,
        itens: [{ insumo_id: scene.caixaId, quantidade: 1 }],
      });
      const cancel = await post(
        scene.app,
        `/v1/compras/pedidos/${own.json().id}/cancelamento`,
        scene.token,
        {},
      );
      expect(cancel.statusCode, cancel.body).toBe(200);
      await refused(linked(xml, { pedido_id: own.json().id }), 409, 'conflito');
    });

    it('422 local_id for a location that is not an active one of the company', async () => {
      const inactive = await createLocation(scene.db.pool, {
        empresaId: scene.empresaId,
        nome: `Inativo ${randomUUID().slice(0, 4)}`,
        tipo: 'deposito',
        ativo: false,
      });
      const { xml } = scene.invoice();
      await refused(linked(xml, { local_id: inactive }), 422, 'validacao', 'local_id');
      await refused(linked(xml, { local_id: randomUUID() }), 422, 'validacao', 'local_id');
    });

    it('403 for a token without compras:escrever', async () => {
      const token = await scene.tokenWith(['compras:ler']);
      expectError(await post(scene.app, URL, token, linked(scene.invoice().xml)), 403, 'escopo_insuficiente');
    });
  });

  describe('idempotency and concurrency', () => {
    it('replays a retry with the same key byte for byte, writing once', async () => {
      const { xml } = scene.invoice();
      const key = randomUUID();
      const first = await post(scene.app, URL, scene.token, linked(xml), { key });
      const again = await post(scene.app, URL, scene.token, linked(xml), { key });
      expect(first.statusCode, first.body).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotency-replayed']).toBe('true');
      expect(again.headers['x-posicao-log']).toBe(first.headers['x-posicao-log']);
    });

    it('64 parallel identical receipts (one key) record one: every answer the same 201', async () => {
      const { xml, chave } = scene.invoice();
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 64 }, () => post(scene.app, URL, scene.token, linked(xml), { key })),
      );
      const statuses = answers.map((a) => a.statusCode);
      // A repeat that waited past its bound is told to retry (503 with Retry-After), never a second write.
      expect(
        statuses.filter((s) => s !== 201 && s !== 503),
        answers
          .map((a) => a.body)
          .join('\n')
          .slice(0, 500),
      ).toEqual([]);
      const bodies = new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.body));
      expect(bodies.size).toBe(1);
      expect(await receiptsOf(chave)).toBe(1);
    });

    it('64 parallel receipts of one access key with distinct keys record one; the others are 409', async () => {
      const { xml, chave } = scene.invoice();
      const answers = await Promise.all(
        Array.from({ length: 64 }, () => post(scene.app, URL, scene.token, linked(xml))),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(63);
      expect(await receiptsOf(chave)).toBe(1);
      expect(await countMovements(chave)).toBe(1);
    });
  });

  const receiptsOf = async (chave: string) =>
    (
      await scene.db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM events WHERE type = 'NotaRecebida.v1' AND data->>'chave' = $1`,
        [chave],
      )
    ).rows[0]!.n;
  const countMovements = async (chave: string) =>
    (
      await scene.db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM events WHERE type = 'MovimentoRegistrado.v1' AND data->>'referencia' = $1`,
        [chave],
      )
    ).rows[0]!.n;
  void countEvents;
});
