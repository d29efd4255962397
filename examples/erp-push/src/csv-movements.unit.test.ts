import { expect, it } from 'vitest';
import { parseMovements } from './csv-movements.js';

it('reads movements by header name, numbers the lines as an editor does, and leaves empty cells out', () => {
  const csv = [
    '\uFEFFtipo,insumo_id,local_id,quantidade,custo_unitario,referencia,coluna_do_erp',
    'entrada_manual,i1,l1,12.5,4.35,"NF 1, série 2",x',
    '',
    'perda,i1,l1,-2,,,',
  ].join('\r\n');
  expect(parseMovements(csv)).toEqual([
    {
      linha: 2,
      original: ['entrada_manual', 'i1', 'l1', '12.5', '4.35', 'NF 1, série 2', 'x'],
      body: {
        insumo_id: 'i1',
        local_id: 'l1',
        tipo: 'entrada_manual',
        quantidade: 12.5,
        custo_unitario: 4.35,
        referencia: 'NF 1, série 2',
      },
    },
    {
      linha: 4,
      original: ['perda', 'i1', 'l1', '-2', '', '', ''],
      body: { insumo_id: 'i1', local_id: 'l1', tipo: 'perda', quantidade: -2 },
    },
  ]);
});

it('refuses a file without a required column', () => {
  expect(() => parseMovements('insumo_id,local_id,quantidade\ni,l,1\n')).toThrow('"tipo"');
});
