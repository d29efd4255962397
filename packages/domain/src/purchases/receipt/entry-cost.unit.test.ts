import { describe, expect, it } from 'vitest';
import type { TaxProfile } from '../../company/tax-profile.js';
import { Dec } from '../../stock/money.js';
import type { NfeItem } from '../nota-fiscal.js';
import { entryCost } from './entry-cost.js';

const item = (fields: Partial<Omit<NfeItem, 'icms'>> & { icms?: Partial<NfeItem['icms']> }): NfeItem => ({
  nItem: 1,
  cProd: 'P-1',
  xProd: 'Item',
  ncm: null,
  cfop: null,
  uCom: 'UN',
  qCom: '1',
  vUnCom: '1',
  vProd: '0',
  vFrete: '0',
  vSeg: '0',
  vOutro: '0',
  vDesc: '0',
  vIPI: '0',
  xPed: null,
  ...fields,
  icms: {
    grupo: 'ICMS00',
    cst: '00',
    csosn: null,
    vICMS: '0',
    vICMSST: '0',
    vFCPST: '0',
    vCredICMSSN: '0',
    ...fields.icms,
  },
});

const profile = (regimeTributario: TaxProfile['regimeTributario'], contribuinteIpi = false): TaxProfile => ({
  regimeTributario,
  contribuinteIpi,
});

// A normal-regime supplier (CRT 3): 10 units, 1000.00 of goods, 50.00 freight, 30.00 discount,
// IPI 100.00, ICMS 122.40 (12 % of 1020.00), ST 45.00 and FCP-ST 5.00.
// mercadoria = 1000 + 50 - 30 = 1020; bruto = 1020 + 100 + 45 + 5 = 1170.
const NORMAL = item({
  qCom: '10.0000',
  vProd: '1000.00',
  vFrete: '50.00',
  vDesc: '30.00',
  vIPI: '100.00',
  icms: { grupo: 'ICMS10', cst: '10', vICMS: '122.40', vICMSST: '45.00', vFCPST: '5.00' },
});

// A Simples Nacional supplier (CRT 1): 3 boxes of 12 (fator 12, 36 units), 100.00, credit 2.56.
const SIMPLES = item({
  qCom: '3',
  vProd: '100.00',
  icms: { grupo: 'ICMSSN101', cst: null, csosn: '101', vCredICMSSN: '2.56' },
});

// A CRT 2 supplier whose ICMSSN900 group states vICMS 9.00 too: only vCredICMSSN is credited,
// yet the PIS/COFINS base leaves the stated vICMS out. 2.5 units, 50.00.
const SIMPLES_EXCESSO = item({
  qCom: '2.5',
  vProd: '50.00',
  icms: { grupo: 'ICMSSN900', cst: null, csosn: '900', vICMS: '9.00', vCredICMSSN: '1.00' },
});

type Case = {
  name: string;
  item: NfeItem;
  crt: number;
  profile: TaxProfile;
  fator: string;
  bruto: string;
  icms: string;
  ipi: string;
  pisCofins: string;
  liquido: string;
  custoUnitario: string;
  custoUnitarioBruto: string;
};

const cases: Case[] = [
  // Company simples: no ICMS credit, no PIS/COFINS; IPI only as an IPI taxpayer.
  {
    name: 'normal supplier, company simples',
    item: NORMAL,
    crt: 3,
    profile: profile('simples'),
    fator: '1',
    bruto: '1170',
    icms: '0',
    ipi: '0',
    pisCofins: '0',
    liquido: '1170',
    custoUnitario: '117',
    custoUnitarioBruto: '117',
  },
  {
    name: 'normal supplier, company simples and IPI taxpayer',
    item: NORMAL,
    crt: 3,
    profile: profile('simples', true),
    fator: '1',
    bruto: '1170',
    icms: '0',
    ipi: '100',
    pisCofins: '0',
    liquido: '1070',
    custoUnitario: '107',
    custoUnitarioBruto: '117',
  },
  // Presumido: ICMS credit, no PIS/COFINS.
  {
    name: 'normal supplier, company presumido',
    item: NORMAL,
    crt: 3,
    profile: profile('presumido'),
    fator: '1',
    bruto: '1170',
    icms: '122.4',
    ipi: '0',
    pisCofins: '0',
    liquido: '1047.6',
    custoUnitario: '104.76',
    custoUnitarioBruto: '117',
  },
  {
    name: 'normal supplier, company presumido and IPI taxpayer',
    item: NORMAL,
    crt: 3,
    profile: profile('presumido', true),
    fator: '1',
    bruto: '1170',
    icms: '122.4',
    ipi: '100',
    pisCofins: '0',
    liquido: '947.6',
    custoUnitario: '94.76',
    custoUnitarioBruto: '117',
  },
  // Real: 9.25 % of (1020 - 122.40) = 9.25 % of 897.60 = 83.028.
  {
    name: 'normal supplier, company real',
    item: NORMAL,
    crt: 3,
    profile: profile('real'),
    fator: '1',
    bruto: '1170',
    icms: '122.4',
    ipi: '0',
    pisCofins: '83.028',
    liquido: '964.572',
    custoUnitario: '96.4572',
    custoUnitarioBruto: '117',
  },
  {
    name: 'normal supplier, company real and IPI taxpayer',
    item: NORMAL,
    crt: 3,
    profile: profile('real', true),
    fator: '1',
    bruto: '1170',
    icms: '122.4',
    ipi: '100',
    pisCofins: '83.028',
    liquido: '864.572',
    custoUnitario: '86.4572',
    custoUnitarioBruto: '117',
  },
  // Same goods in boxes of 10 (fator 10): 100 units, unit costs a tenth.
  {
    name: 'normal supplier, company real and IPI taxpayer, fator 10',
    item: NORMAL,
    crt: 3,
    profile: profile('real', true),
    fator: '10',
    bruto: '1170',
    icms: '122.4',
    ipi: '100',
    pisCofins: '83.028',
    liquido: '864.572',
    custoUnitario: '8.64572',
    custoUnitarioBruto: '11.7',
  },
  // Simples supplier: 100 / 36 = 2.7777... -> 2.777778.
  {
    name: 'simples supplier (CRT 1), company simples',
    item: SIMPLES,
    crt: 1,
    profile: profile('simples'),
    fator: '12',
    bruto: '100',
    icms: '0',
    ipi: '0',
    pisCofins: '0',
    liquido: '100',
    custoUnitario: '2.777778',
    custoUnitarioBruto: '2.777778',
  },
  // 97.44 / 36 = 2.70666... -> 2.706667.
  {
    name: 'simples supplier (CRT 1), company presumido: only vCredICMSSN',
    item: SIMPLES,
    crt: 1,
    profile: profile('presumido'),
    fator: '12',
    bruto: '100',
    icms: '2.56',
    ipi: '0',
    pisCofins: '0',
    liquido: '97.44',
    custoUnitario: '2.706667',
    custoUnitarioBruto: '2.777778',
  },
  // PIS/COFINS 9.25 % of 100 = 9.25; 100 - 2.56 - 9.25 = 88.19; / 36 = 2.449722...
  {
    name: 'simples supplier (CRT 1), company real',
    item: SIMPLES,
    crt: 1,
    profile: profile('real'),
    fator: '12',
    bruto: '100',
    icms: '2.56',
    ipi: '0',
    pisCofins: '9.25',
    liquido: '88.19',
    custoUnitario: '2.449722',
    custoUnitarioBruto: '2.777778',
  },
  {
    name: 'CRT 2 supplier stating vICMS, company presumido: vCredICMSSN only',
    item: SIMPLES_EXCESSO,
    crt: 2,
    profile: profile('presumido'),
    fator: '1',
    bruto: '50',
    icms: '1',
    ipi: '0',
    pisCofins: '0',
    liquido: '49',
    custoUnitario: '19.6',
    custoUnitarioBruto: '20',
  },
  // 9.25 % of (50 - 9) = 3.7925; 50 - 1 - 3.7925 = 45.2075; / 2.5 = 18.083.
  {
    name: 'CRT 2 supplier stating vICMS, company real',
    item: SIMPLES_EXCESSO,
    crt: 2,
    profile: profile('real'),
    fator: '1',
    bruto: '50',
    icms: '1',
    ipi: '0',
    pisCofins: '3.7925',
    liquido: '45.2075',
    custoUnitario: '18.083',
    custoUnitarioBruto: '20',
  },
  // The same group read as a normal issuer's (CRT 3): vICMS is the credit.
  {
    name: 'the same item from a CRT 3 supplier, company presumido: vICMS',
    item: SIMPLES_EXCESSO,
    crt: 3,
    profile: profile('presumido'),
    fator: '1',
    bruto: '50',
    icms: '9',
    ipi: '0',
    pisCofins: '0',
    liquido: '41',
    custoUnitario: '16.4',
    custoUnitarioBruto: '20',
  },
  // Credits above the cost floor at 0 (and so does the PIS/COFINS base: 5 - 8 < 0).
  {
    name: 'credits larger than the cost floor at 0',
    item: item({ qCom: '1', vProd: '10.00', vDesc: '5.00', icms: { vICMS: '8.00' } }),
    crt: 3,
    profile: profile('real'),
    fator: '1',
    bruto: '5',
    icms: '8',
    ipi: '0',
    pisCofins: '0',
    liquido: '0',
    custoUnitario: '0',
    custoUnitarioBruto: '5',
  },
  // 0.01 / 800 = 0.0000125: 6 places half to even gives 0.000012.
  {
    name: 'unit cost rounded to 6 places, half to even',
    item: item({ qCom: '800', vProd: '0.01' }),
    crt: 3,
    profile: profile('simples'),
    fator: '1',
    bruto: '0.01',
    icms: '0',
    ipi: '0',
    pisCofins: '0',
    liquido: '0.01',
    custoUnitario: '0.000012',
    custoUnitarioBruto: '0.000012',
  },
];

describe('entry cost of an invoice item (compras.md, by the company profile)', () => {
  it.each(cases)('$name', (c) => {
    const cost = entryCost(c.item, c.crt, c.profile, new Dec(c.fator));
    const text = (value: Dec) => value.toFixed();
    expect({
      bruto: text(cost.bruto),
      icms: text(cost.creditos.icms),
      ipi: text(cost.creditos.ipi),
      pisCofins: text(cost.creditos.pisCofins),
      liquido: text(cost.liquido),
      custoUnitario: text(cost.custoUnitario),
      custoUnitarioBruto: text(cost.custoUnitarioBruto),
    }).toEqual({
      bruto: c.bruto,
      icms: c.icms,
      ipi: c.ipi,
      pisCofins: c.pisCofins,
      liquido: c.liquido,
      custoUnitario: c.custoUnitario,
      custoUnitarioBruto: c.custoUnitarioBruto,
    });
    expect(text(cost.creditos.total)).toBe(text(new Dec(c.icms).plus(c.ipi).plus(c.pisCofins)));
  });
});
