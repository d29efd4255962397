import { describe, expect, it } from 'vitest';
import {
  AGORA,
  CHAPA,
  CHAVE,
  documento,
  FORNECEDOR,
  foldPedido,
  LOCAL,
  nfeItem,
  pedidoCriado,
  receber,
  TINTA,
} from '../../../test/purchases/purchases.fixture.js';
import type { NotaEvent } from '../events.js';
import { evolvePedidoCompra } from '../order/state.js';
import { decideCancelarRecebimento } from './decide-cancelar-recebimento.js';
import { decideReceberNota, previewReceipt, xPedNumeros } from './decide-receber-nota.js';
import { MAX_SEM_VINCULO_LISTADOS } from './links.js';
import { evolveNota, initialNotaState, type NotaState } from './nota-state.js';

// Item 1: 2 CX of CHAPA (cx of 12 un), 120.00. Item 2: 3 lata of TINTA as 'LATA ' (18 l each), 90.00.
const doc = documento([
  nfeItem(1),
  nfeItem(2, { cProd: 'T-9', uCom: 'LATA ', qCom: '3', vProd: '90.00', vFrete: '9.00' }),
]);
const links = [
  { n_item: 1, insumo_id: CHAPA },
  { n_item: 2, insumo_id: TINTA },
];

const error = (result: { ok: boolean; error?: unknown }) => (result.ok ? null : result.error);

const fold = (events: NotaEvent[]): NotaState => events.reduce(evolveNota, initialNotaState());

describe('receiving an invoice', () => {
  it('records the Nota, learns the links and decides one entrada_nfe per item with its costs', () => {
    const result = decideReceberNota(receber(doc, { vinculos: links }));
    if (!result.ok) throw new Error(result.error.kind);
    const { nota, vinculos, movimentos, pedido } = result.value;
    expect(nota.data).toMatchObject({
      nota_id: 'nota-1',
      chave: CHAVE,
      tipo: 'entrada',
      emitida_em: '2026-03-02T13:00:00.000+00:00',
      ambiente: 'producao',
      fornecedor_id: FORNECEDOR,
      emitente_cnpj: '11222333000181',
      pedido_id: null,
      local_id: LOCAL,
      valor_total: '240',
      recebida_em: AGORA,
    });
    // Company simples: no credits. 120 / 24 = 5; (90 + 9) / 54 = 1.833333...
    expect(nota.data.itens).toEqual([
      {
        n_item: 1,
        codigo: 'P-1',
        descricao: 'Item 1',
        ncm: '72085100',
        cfop: '5101',
        unidade: 'CX',
        quantidade: '2',
        insumo_id: CHAPA,
        fator: '12',
        quantidade_consumo: '24',
        valor_bruto: '120',
        valor_liquido: '120',
        custo_unitario: '5',
        custo_unitario_bruto: '5',
        creditos: '0',
        creditos_detalhe: { icms: '0', ipi: '0', pis_cofins: '0' },
        movimento_id: 'mov-1',
      },
      expect.objectContaining({
        n_item: 2,
        unidade: 'LATA ',
        fator: '18',
        quantidade_consumo: '54',
        custo_unitario: '1.833333',
      }),
    ]);
    expect(movimentos.map((m) => m.data)).toEqual([
      {
        movimento_id: 'mov-1',
        insumo_id: CHAPA,
        local_id: LOCAL,
        tipo: 'entrada_nfe',
        quantidade: '24',
        unidade: null,
        custo_unitario: '5',
        custo_unitario_bruto: '5',
        referencia: CHAVE,
        motivo: null,
        origem: 'nfe',
        criado_em: AGORA,
      },
      expect.objectContaining({
        movimento_id: 'mov-2',
        insumo_id: TINTA,
        quantidade: '54',
        custo_unitario: '1.833333',
      }),
    ]);
    expect(vinculos.map((v) => v.data)).toEqual([
      {
        fornecedor_id: FORNECEDOR,
        codigo: 'P-1',
        insumo_id: CHAPA,
        fator: '12',
        origem: 'recebimento',
        nota_id: 'nota-1',
        definido_em: AGORA,
      },
      {
        fornecedor_id: FORNECEDOR,
        codigo: 'T-9',
        insumo_id: TINTA,
        fator: '18',
        origem: 'recebimento',
        nota_id: 'nota-1',
        definido_em: AGORA,
      },
    ]);
    expect(pedido).toBeNull();
  });

  it('costs by the company profile: a presumido company credits the ICMS', () => {
    const taxed = documento([nfeItem(1, { icms: { vICMS: '14.40' } })]);
    const result = decideReceberNota(
      receber(
        taxed,
        { vinculos: [links[0]] },
        { perfil: { regimeTributario: 'presumido', contribuinteIpi: false } },
      ),
    );
    // (120 - 14.40) / 24 = 4.4
    expect(result.ok && result.value.nota.data.itens[0]).toMatchObject({
      custo_unitario: '4.4',
      custo_unitario_bruto: '5',
      creditos: '14.4',
    });
  });

  it('uses saved links (and does not rewrite one sent again unchanged)', () => {
    const salvos = new Map([
      ['P-1', { insumo_id: CHAPA, fator: '12' }],
      ['T-9', { insumo_id: TINTA, fator: '18' }],
    ]);
    const result = decideReceberNota(receber(doc, { vinculos: [links[0]] }, { vinculosSalvos: salvos }));
    expect(result.ok && result.value.vinculos).toEqual([]);
    expect(result.ok && result.value.movimentos.map((m) => m.data.insumo_id)).toEqual([CHAPA, TINTA]);
  });

  describe('checks 4 to 8, in order, the first failure answering', () => {
    it('4: the recipient is not the company', () => {
      const other = documento(doc.itens, { dest: { cnpj: '11444777000161' } });
      expect(error(decideReceberNota(receber(other, { vinculos: links }, { fornecedorId: null })))).toEqual({
        kind: 'validation',
        campo: 'xml',
        mensagem: 'o destinatário da NF-e (CNPJ 11444777000161) não é esta empresa',
      });
    });

    it('5: the issuer is no supplier of the company, named by its CNPJ', () => {
      expect(error(decideReceberNota(receber(doc, { vinculos: [] }, { fornecedorId: null })))).toEqual({
        kind: 'validation',
        campo: 'xml',
        mensagem:
          'o emitente da NF-e (CNPJ 11222333000181) não é fornecedor da empresa: cadastre o fornecedor antes',
      });
    });

    it('5: an issuer without CNPJ (a CPF) is no supplier either', () => {
      const cpf = documento(doc.itens, { emit: { cnpj: null, crt: 3 } });
      expect(error(decideReceberNota(receber(cpf, { vinculos: links })))).toMatchObject({
        campo: 'xml',
        mensagem: 'o emitente da NF-e não tem CNPJ: só se recebem notas de fornecedores cadastrados por CNPJ',
      });
    });

    it('6: the key was received and not cancelled (409); a cancelled receipt does not count', () => {
      const first = decideReceberNota(receber(doc, { vinculos: links }));
      if (!first.ok) throw new Error('setup');
      const received = fold([first.value.nota]);
      expect(error(decideReceberNota(receber(doc, { vinculos: [] }, { nota: received })))).toEqual({
        kind: 'conflict',
        mensagem: `a NF-e de chave ${CHAVE} já foi recebida`,
      });
      const cancelled = decideCancelarRecebimento(
        {
          type: 'CancelarRecebimento',
          data: { nota_id: 'nota-1', estorno_ids: ['e-1', 'e-2'], agora: AGORA },
          context: { estornados: new Set(), pedido: null },
        },
        received,
      );
      if (!cancelled.ok) throw new Error('setup');
      const again = decideReceberNota(
        receber(
          doc,
          { vinculos: links, nota_id: 'nota-2' },
          { nota: evolveNota(received, cancelled.value.nota) },
        ),
      );
      expect(again.ok).toBe(true);
    });

    it('7: items without a link, listed by nItem and code, at most 20', () => {
      expect(error(decideReceberNota(receber(doc, { vinculos: [links[1]] })))).toEqual({
        kind: 'validation',
        campo: 'vinculos',
        mensagem: 'itens sem vínculo com um insumo: nItem 1 (código P-1); envie-os em vinculos',
      });
      const many = documento(Array.from({ length: 25 }, (_, i) => nfeItem(i + 1)));
      const message = (error(decideReceberNota(receber(many))) as { mensagem: string }).mensagem;
      expect(message.match(/nItem \d+/g)).toHaveLength(MAX_SEM_VINCULO_LISTADOS);
      expect(message).toContain('nItem 20 (código P-20) e mais 5;');
    });

    it('7: a saved link to a deleted supply item counts as none', () => {
      const salvos = new Map([['P-1', { insumo_id: 'excluido', fator: '1' }]]);
      const command = receber(documento([nfeItem(1)]), {}, { vinculosSalvos: salvos });
      command.context.insumos = new Map([
        [
          'excluido',
          { ativo: true, excluido: true, unidade_compra: 'cx', unidade_consumo: 'un', fator_conversao: '1' },
        ],
      ]);
      expect(error(decideReceberNota(command))).toMatchObject({ campo: 'vinculos' });
    });

    it.each([
      ['not a list', { a: 1 }, 'vinculos'],
      ['an item not on the invoice', [{ n_item: 9, insumo_id: CHAPA }], 'vinculos[0].n_item'],
      ['an item twice', [links[0], links[0]], 'vinculos[1].n_item'],
      ['an unknown supply item', [links[0], { n_item: 2, insumo_id: 'nenhum' }], 'vinculos[1].insumo_id'],
      ['a factor of 0', [{ ...links[0], fator: 0 }], 'vinculos[0].fator'],
      [
        'no factor, and a unit neither of the supply item',
        [{ n_item: 1, insumo_id: TINTA }],
        'vinculos[0].fator',
      ],
    ])('7: a body link %s', (_name, vinculos, campo) => {
      expect(error(decideReceberNota(receber(doc, { vinculos })))).toMatchObject({
        kind: 'validation',
        campo,
      });
    });

    it('7: fator defaults to fator_conversao for the purchase unit, 1 for the consumption unit, case and spaces ignored', () => {
      const units = documento([nfeItem(1, { uCom: ' Cx' }), nfeItem(2, { uCom: 'UN' })]);
      const result = decideReceberNota(
        receber(units, { vinculos: [links[0], { n_item: 2, insumo_id: CHAPA }] }),
      );
      expect(result.ok && result.value.nota.data.itens.map((i) => i.fator)).toEqual(['12', '1']);
      const given = decideReceberNota(
        receber(units, {
          vinculos: [
            { ...links[0], fator: '10' },
            { n_item: 2, insumo_id: CHAPA, fator: 2 },
          ],
        }),
      );
      expect(given.ok && given.value.nota.data.itens.map((i) => i.fator)).toEqual(['10', '2']);
    });

    it('8: an order of another supplier, cancelado or recebido (409); an unknown one (422)', () => {
      const other = foldPedido([pedidoCriado({ fornecedor_id: 'outro' })]);
      const cancelado = evolvePedidoCompra(foldPedido([pedidoCriado()]), {
        type: 'PedidoCompraCancelado.v1',
        data: { pedido_id: 'pedido-1', motivo: null, cancelado_em: AGORA },
      });
      const at = (pedido: typeof other | null) =>
        error(decideReceberNota(receber(doc, { vinculos: links, pedido_id: 'pedido-1' }, { pedido })));
      expect(at(other)).toEqual({ kind: 'conflict', mensagem: 'o pedido de compra é de outro fornecedor' });
      expect(at(cancelado)).toEqual({ kind: 'conflict', mensagem: 'o pedido de compra 7 já está cancelado' });
      expect(at(null)).toMatchObject({ kind: 'validation', campo: 'pedido_id' });
    });

    it('runs them in order: an invoice failing 5, 6, 7 and 8 answers 5; 6, 7 and 8 answers 6; 7 and 8 answers 7', () => {
      const first = decideReceberNota(receber(doc, { vinculos: links }));
      if (!first.ok) throw new Error('setup');
      const received = fold([first.value.nota]);
      const all = receber(doc, { pedido_id: 'pedido-x' }, { fornecedorId: null, nota: received });
      expect(error(decideReceberNota(all))).toMatchObject({ campo: 'xml' });
      const fromSix = receber(doc, { pedido_id: 'pedido-x' }, { nota: received });
      expect(error(decideReceberNota(fromSix))).toMatchObject({ kind: 'conflict' });
      expect(error(decideReceberNota(receber(doc, { pedido_id: 'pedido-x' })))).toMatchObject({
        campo: 'vinculos',
      });
    });
  });

  describe('the purchase order', () => {
    const pedido = foldPedido([pedidoCriado()]);

    it('adds qCom × fator / fator_conversao per supply item on the order', () => {
      // Two invoice items of CHAPA: 2 cx + 30 un (2.5 cx); TINTA: 3 latas.
      const twice = documento([
        ...doc.itens,
        nfeItem(3, { cProd: 'P-1b', uCom: 'UN', qCom: '30', vProd: '150.00' }),
      ]);
      const vinculos = [...links, { n_item: 3, insumo_id: CHAPA }];
      const result = decideReceberNota(receber(twice, { vinculos, pedido_id: 'pedido-1' }, { pedido }));
      if (!result.ok) throw new Error(result.error.kind);
      expect(result.value.nota.data.pedido_id).toBe('pedido-1');
      expect(result.value.pedido?.data).toEqual({
        pedido_id: 'pedido-1',
        nota_id: 'nota-1',
        itens: [
          { item_id: 'linha-1', insumo_id: CHAPA, quantidade: '4.5' },
          { item_id: 'linha-2', insumo_id: TINTA, quantidade: '3' },
        ],
        situacao: 'parcial',
        atendido_em: AGORA,
      });
    });

    it('is taken from xPed when the body names none: an open order of the same supplier with that numero', () => {
      const withXPed = documento([nfeItem(1, { xPed: ' 7 ' }), doc.itens[1] as never]);
      const found = decideReceberNota(
        receber(withXPed, { vinculos: links }, { pedidosPorNumero: new Map([[7, pedido]]) }),
      );
      expect(found.ok && found.value.nota.data.pedido_id).toBe('pedido-1');
      const otherSupplier = foldPedido([pedidoCriado({ fornecedor_id: 'outro' })]);
      const none = decideReceberNota(
        receber(withXPed, { vinculos: links }, { pedidosPorNumero: new Map([[7, otherSupplier]]) }),
      );
      expect(none.ok && none.value.nota.data.pedido_id).toBeNull();
      expect(none.ok && none.value.pedido).toBeNull();
      expect(
        xPedNumeros([{ xPed: 'PC-7' }, { xPed: '0' }, { xPed: '12' }, { xPed: null }, { xPed: '12' }]),
      ).toEqual([12]);
    });
  });

  describe('the preview', () => {
    it('runs every check but 7: an unlinked item is sem_vinculo with nulls; ids are null', () => {
      const salvos = new Map([['T-9', { insumo_id: TINTA, fator: '18' }]]);
      const result = previewReceipt(
        receber(documento([...doc.itens, nfeItem(3)]), { vinculos: [links[0]] }, { vinculosSalvos: salvos }),
      );
      if (!result.ok) throw new Error(result.error.kind);
      expect(result.value.nota_id).toBeNull();
      expect(
        result.value.itens.map((i) => [i.situacao_vinculo, i.insumo_id, i.custo_unitario, i.movimento_id]),
      ).toEqual([
        ['vinculado', CHAPA, '5', null],
        ['aprendido', TINTA, '1.833333', null],
        ['sem_vinculo', null, null, null],
      ]);
      expect(result.value.itens[2]).toMatchObject({
        fator: null,
        quantidade_consumo: null,
        custo_unitario_bruto: null,
        creditos: null,
      });
    });

    it('still refuses checks 4, 5, 6 and 8, and bad body links', () => {
      expect(error(previewReceipt(receber(doc, {}, { fornecedorId: null })))).toMatchObject({ campo: 'xml' });
      expect(
        error(previewReceipt(receber(doc, { vinculos: [{ n_item: 5, insumo_id: CHAPA }] }))),
      ).toMatchObject({ campo: 'vinculos[0].n_item' });
      expect(error(previewReceipt(receber(doc, { pedido_id: 'p' })))).toMatchObject({ campo: 'pedido_id' });
    });
  });
});

describe('cancelling a receipt', () => {
  const pedido = foldPedido([pedidoCriado()]);
  const received = decideReceberNota(receber(doc, { vinculos: links, pedido_id: 'pedido-1' }, { pedido }));
  if (!received.ok) throw new Error('setup');
  const nota = fold([received.value.nota]);
  const afterReceipt = evolvePedidoCompra(pedido, received.value.pedido as never);
  const cancelar = (estornados: string[] = [], motivo?: unknown) => ({
    type: 'CancelarRecebimento' as const,
    data: { nota_id: 'nota-1', motivo, estorno_ids: ['e-1', 'e-2'], agora: AGORA },
    context: { estornados: new Set(estornados), pedido: afterReceipt },
  });

  it('reverses every movement, takes the quantities back off the order and marks the Nota cancelled', () => {
    const result = decideCancelarRecebimento(cancelar([], 'devolvida'), nota);
    if (!result.ok) throw new Error(result.error.kind);
    expect(result.value.nota.data).toEqual({
      nota_id: 'nota-1',
      chave: CHAVE,
      pedido_id: 'pedido-1',
      motivo: 'devolvida',
      estornos: ['e-1', 'e-2'],
      cancelada_em: AGORA,
    });
    expect(result.value.estornos.map((e) => e.data)).toEqual([
      {
        movimento_id: 'e-1',
        insumo_id: CHAPA,
        estornado_id: 'mov-1',
        motivo: 'devolvida',
        origem: 'nfe',
        criado_em: AGORA,
      },
      {
        movimento_id: 'e-2',
        insumo_id: TINTA,
        estornado_id: 'mov-2',
        motivo: 'devolvida',
        origem: 'nfe',
        criado_em: AGORA,
      },
    ]);
    expect(result.value.pedido?.data).toMatchObject({
      nota_id: 'nota-1',
      situacao: 'aberto',
      itens: received.value.pedido?.data.itens,
    });
  });

  it('refuses a receipt cancelled already or one of whose movements was reversed (409); an unknown one (404)', () => {
    const result = decideCancelarRecebimento(cancelar(), nota);
    if (!result.ok) throw new Error('setup');
    expect(error(decideCancelarRecebimento(cancelar(), evolveNota(nota, result.value.nota)))).toMatchObject({
      kind: 'conflict',
    });
    expect(error(decideCancelarRecebimento(cancelar(['mov-2']), nota))).toEqual({
      kind: 'conflict',
      mensagem: 'o movimento mov-2 deste recebimento já foi estornado',
    });
    expect(error(decideCancelarRecebimento(cancelar(), initialNotaState()))).toMatchObject({
      kind: 'not_found',
    });
  });
});
