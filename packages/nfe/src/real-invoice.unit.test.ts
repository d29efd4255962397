import { decideReceberNota, initialNotaState } from '@factory/domain';
import { describe, expect, it } from 'vitest';
import { spedNfe } from '../test/nfe-fixture.js';
import { parseNfe } from './parse-nfe.js';

// The real sped-nfe invoice (fixtures/README.md) through the whole pure path: parsed as it is,
// then received by the company it is addressed to, as the write path will do.
describe('receiving the real sped-nfe layout-4.00 invoice', () => {
  it('parses with aceitar_homologacao and is received at its cost, the link defaulting fator to 1 for UN', () => {
    const parsed = parseNfe(spedNfe('nfe_layout4_com_prot.xml'), { aceitarHomologacao: true });
    if (!parsed.ok) throw new Error(parsed.error.kind);
    const received = decideReceberNota({
      type: 'ReceberNota',
      data: {
        nota_id: 'nota-1',
        local_id: 'local-1',
        vinculos: [{ n_item: 1, insumo_id: 'insumo-1' }],
        movimento_ids: ['mov-1'],
        agora: '2026-03-02T13:00:00.000+00:00',
      },
      documento: parsed.value,
      context: {
        empresaCnpj: '58716523000119',
        perfil: { regimeTributario: 'presumido', contribuinteIpi: false },
        fornecedorId: 'fornecedor-1',
        nota: initialNotaState(),
        vinculosSalvos: new Map(),
        insumos: new Map([
          [
            'insumo-1',
            {
              ativo: true,
              excluido: false,
              unidade_compra: 'cx',
              unidade_consumo: 'un',
              fator_conversao: '12',
            },
          ],
        ]),
        pedido: null,
        pedidosPorNumero: new Map(),
      },
    });
    if (!received.ok) throw new Error(received.error.kind);
    expect(received.value.nota.data).toMatchObject({
      chave: '43180906929383000163550010000000261000010301',
      ambiente: 'homologacao',
      emitente_cnpj: '06929383000163',
      emitida_em: '2018-09-25T03:00:00.000+00:00',
      valor_total: '500',
    });
    // CRT 1 issuer, no vCredICMSSN: nothing to credit; 500.00 / 10 un.
    expect(received.value.nota.data.itens[0]).toMatchObject({
      fator: '1',
      quantidade_consumo: '10',
      custo_unitario: '50',
      creditos: '0',
    });
    expect(received.value.movimentos[0]?.data).toMatchObject({
      tipo: 'entrada_nfe',
      origem: 'nfe',
      quantidade: '10',
    });
  });
});
