import { describe, expect, it } from 'vitest';
import type { SubstituirPlano } from './commands.js';
import { decideSubstituirPlano, planoDecider } from './decide-substituir-plano.js';
import type { PlanoSubstituido } from './events.js';

const AGORA = '2026-11-24T10:00:00.000+00:00';
const substituir = (itens: SubstituirPlano['data']['itens']): SubstituirPlano => ({
  type: 'SubstituirPlano',
  data: { dia: '2026-11-24', itens, agora: AGORA },
  context: { products: new Set(['camiseta', 'kit']), locations: new Set(['fabrica']) },
});
const given = (...events: PlanoSubstituido[]) => ({
  when: (command: SubstituirPlano) =>
    decideSubstituirPlano(command, events.reduce(planoDecider.evolve, planoDecider.initialState())),
});
const refused = (campo: string) => ({
  ok: false,
  error: expect.objectContaining({ kind: 'validation', campo }),
});

describe('replacing a day plan', () => {
  it('creates version 1 with the lines in the order given, quantities as decimal text', () => {
    expect(
      given().when(
        substituir([
          { produto_id: 'kit', quantidade: 2, local_id: 'fabrica' },
          { produto_id: 'camiseta', quantidade: 0.5, local_id: 'fabrica' },
        ]),
      ),
    ).toEqual({
      ok: true,
      events: [
        {
          type: 'PlanoSubstituido.v1',
          data: {
            dia: '2026-11-24',
            versao: 1,
            itens: [
              { produto_id: 'kit', quantidade: '2', local_id: 'fabrica' },
              { produto_id: 'camiseta', quantidade: '0.5', local_id: 'fabrica' },
            ],
            substituido_em: AGORA,
          },
        },
      ],
    });
  });

  it('moves to the next version on every replacement, an empty plan included', () => {
    const v1 = given().when(substituir([]));
    if (!v1.ok) throw new Error('refused');
    expect(given(...(v1.events as PlanoSubstituido[])).when(substituir([]))).toMatchObject({
      ok: true,
      events: [{ data: { versao: 2, itens: [] } }],
    });
  });

  it('refuses, naming the line and key, a product without an active bill, a quantity not above 0, an unknown location', () => {
    const line = { produto_id: 'camiseta', quantidade: 1, local_id: 'fabrica' };
    expect(given().when(substituir([line, { ...line, produto_id: 'bone' }]))).toMatchObject(
      refused('itens[1].produto_id'),
    );
    expect(given().when(substituir([{ ...line, quantidade: 0 }]))).toMatchObject(
      refused('itens[0].quantidade'),
    );
    expect(given().when(substituir([{ ...line, quantidade: -1 }]))).toMatchObject(
      refused('itens[0].quantidade'),
    );
    expect(given().when(substituir([{ ...line, local_id: 'deposito' }]))).toMatchObject(
      refused('itens[0].local_id'),
    );
  });

  it('refuses more than 500 lines', () => {
    const line = { produto_id: 'camiseta', quantidade: 1, local_id: 'fabrica' };
    expect(given().when(substituir(Array.from({ length: 500 }, () => line)))).toMatchObject({ ok: true });
    expect(given().when(substituir(Array.from({ length: 501 }, () => line)))).toMatchObject(refused('itens'));
  });
});
