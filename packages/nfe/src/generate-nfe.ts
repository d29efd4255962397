import { Dec, type DecimalText, toText } from '@factory/domain';
import { buildAccessKey } from './access-key.js';

/** Taxes of one generated item (reais, 2 places); absent ones are 0. */
export type GeneratedIcms = {
  vICMS?: DecimalText;
  vICMSST?: DecimalText;
  vFCPST?: DecimalText;
  /** Simples Nacional credit (only meaningful from a CRT 1 or 2 issuer). */
  vCredICMSSN?: DecimalText;
};

export type GeneratedItem = {
  cProd: string;
  xProd: string;
  ncm?: string;
  cfop?: string;
  uCom: string;
  /** Up to 4 places. */
  qCom: DecimalText;
  /** Up to 10 places. */
  vUnCom: DecimalText;
  vFrete?: DecimalText;
  vSeg?: DecimalText;
  vOutro?: DecimalText;
  vDesc?: DecimalText;
  icms?: GeneratedIcms;
  vIPI?: DecimalText;
  xPed?: string;
};

export type GenerateNfeInput = {
  emitente: {
    cnpj: string;
    crt: 1 | 2 | 3;
    nome?: string;
    /** IBGE state code; default 35 (SP). */
    cUF?: string;
  };
  destinatarioCnpj: string;
  numero: number;
  serie?: number;
  /** `dhEmi`, with its offset: `2026-03-02T10:00:00-03:00`. */
  emitidaEm: string;
  tpAmb?: 1 | 2;
  /** The issuer's 8-digit random code; default derived from `numero`, so output is repeatable. */
  cNF?: string;
  itens: GeneratedItem[];
  /**
   * Leaves out the item tags the layout requires but the service never reads (GTINs, the
   * taxable-unit group, indTot, NCM and CFOP unless given), about 200 bytes an item: a
   * 990-item invoice then fits the 256 KB request body, which a full one (~420 KB) does not.
   */
  enxuto?: boolean;
};

export type GeneratedNfe = { xml: string; chave: string; vNF: DecimalText };

/**
 * Writes a well-formed, authorised-looking `nfeProc` of layout 4.00, model 55, with a correct
 * access key (check digit included) and `protNFe` cStat 100, whose totals add up: what `semear`
 * and the demo history receive, and what tests and benches feed the parser. Compact (no
 * indentation). Unsigned: the service does not
 * verify signatures in this release.
 */
export function generateNfe(input: GenerateNfeInput): GeneratedNfe {
  const serie = input.serie ?? 1;
  const tpAmb = input.tpAmb ?? 1;
  const chave = buildAccessKey({
    cUF: input.emitente.cUF ?? '35',
    aamm: `${input.emitidaEm.slice(2, 4)}${input.emitidaEm.slice(5, 7)}`,
    cnpj: input.emitente.cnpj,
    modelo: 55,
    serie,
    numero: input.numero,
    tpEmis: 1,
    cNF: input.cNF ?? String((input.numero * 7_919 + 13) % 100_000_000).padStart(8, '0'),
  });
  const totals = {
    vProd: new Dec(0),
    vFrete: new Dec(0),
    vSeg: new Dec(0),
    vDesc: new Dec(0),
    vOutro: new Dec(0),
    vIPI: new Dec(0),
    vICMS: new Dec(0),
    vST: new Dec(0),
    vFCPST: new Dec(0),
  };
  const dets = input.itens.map((item, i) => {
    const vProd = new Dec(item.qCom).times(item.vUnCom).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
    const gross = vProd
      .plus(item.vFrete ?? 0)
      .plus(item.vSeg ?? 0)
      .plus(item.vOutro ?? 0);
    if (gross.lt(item.vDesc ?? 0)) throw new RangeError(`item ${i + 1}: vDesc exceeds the item's value`);
    const icms = item.icms ?? {};
    totals.vProd = totals.vProd.plus(vProd);
    totals.vFrete = totals.vFrete.plus(item.vFrete ?? 0);
    totals.vSeg = totals.vSeg.plus(item.vSeg ?? 0);
    totals.vDesc = totals.vDesc.plus(item.vDesc ?? 0);
    totals.vOutro = totals.vOutro.plus(item.vOutro ?? 0);
    totals.vIPI = totals.vIPI.plus(item.vIPI ?? 0);
    totals.vICMS = totals.vICMS.plus(icms.vICMS ?? 0);
    totals.vST = totals.vST.plus(icms.vICMSST ?? 0);
    totals.vFCPST = totals.vFCPST.plus(icms.vFCPST ?? 0);
    return det(i + 1, item, money(vProd), input.emitente.crt, input.enxuto === true);
  });
  const vNF = totals.vProd
    .minus(totals.vDesc)
    .plus(totals.vST)
    .plus(totals.vFCPST)
    .plus(totals.vFrete)
    .plus(totals.vSeg)
    .plus(totals.vOutro)
    .plus(totals.vIPI);
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe>',
    `<infNFe Id="NFe${chave}" versao="4.00">`,
    `<ide><cUF>${chave.slice(0, 2)}</cUF><cNF>${chave.slice(35, 43)}</cNF><natOp>VENDA</natOp><mod>55</mod>`,
    `<serie>${serie}</serie><nNF>${input.numero}</nNF><dhEmi>${xmlText(input.emitidaEm)}</dhEmi><tpNF>1</tpNF>`,
    `<idDest>1</idDest><tpImp>1</tpImp><tpEmis>1</tpEmis><cDV>${chave[43]}</cDV><tpAmb>${tpAmb}</tpAmb>`,
    '<finNFe>1</finNFe><indFinal>0</indFinal><indPres>9</indPres><procEmi>0</procEmi><verProc>factory</verProc></ide>',
    `<emit><CNPJ>${xmlText(input.emitente.cnpj)}</CNPJ><xNome>${xmlText(input.emitente.nome ?? 'FORNECEDOR')}</xNome>`,
    `<CRT>${input.emitente.crt}</CRT></emit>`,
    `<dest><CNPJ>${xmlText(input.destinatarioCnpj)}</CNPJ><xNome>DESTINATARIO</xNome><indIEDest>9</indIEDest></dest>`,
    ...dets,
    '<total><ICMSTot>',
    `<vBC>0.00</vBC><vICMS>${money(totals.vICMS)}</vICMS><vST>${money(totals.vST)}</vST>`,
    `<vFCPST>${money(totals.vFCPST)}</vFCPST><vProd>${money(totals.vProd)}</vProd>`,
    `<vFrete>${money(totals.vFrete)}</vFrete><vSeg>${money(totals.vSeg)}</vSeg><vDesc>${money(totals.vDesc)}</vDesc>`,
    `<vIPI>${money(totals.vIPI)}</vIPI><vOutro>${money(totals.vOutro)}</vOutro><vNF>${money(vNF)}</vNF>`,
    '</ICMSTot></total><transp><modFrete>9</modFrete></transp></infNFe></NFe>',
    `<protNFe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>factory</verAplic>`,
    `<chNFe>${chave}</chNFe><dhRecbto>${xmlText(input.emitidaEm)}</dhRecbto>`,
    `<nProt>${chave.slice(0, 15)}</nProt><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo>`,
    '</infProt></protNFe></nfeProc>',
  ].join('');
  return { xml, chave, vNF: toText(vNF) };
}

function det(nItem: number, item: GeneratedItem, vProd: string, crt: 1 | 2 | 3, enxuto: boolean): string {
  const optionalMoney = (name: string, value: DecimalText | undefined) =>
    value === undefined ? '' : `<${name}>${money(new Dec(value))}</${name}>`;
  const icms = item.icms ?? {};
  return [
    `<det nItem="${nItem}"><prod><cProd>${xmlText(item.cProd)}</cProd>`,
    enxuto ? '' : '<cEAN>SEM GTIN</cEAN>',
    `<xProd>${xmlText(item.xProd)}</xProd>`,
    enxuto && item.ncm === undefined ? '' : `<NCM>${item.ncm ?? '00000000'}</NCM>`,
    enxuto && item.cfop === undefined ? '' : `<CFOP>${item.cfop ?? '5101'}</CFOP>`,
    `<uCom>${xmlText(item.uCom)}</uCom><qCom>${item.qCom}</qCom><vUnCom>${item.vUnCom}</vUnCom><vProd>${vProd}</vProd>`,
    enxuto
      ? ''
      : `<cEANTrib>SEM GTIN</cEANTrib><uTrib>${xmlText(item.uCom)}</uTrib><qTrib>${item.qCom}</qTrib><vUnTrib>${item.vUnCom}</vUnTrib>`,
    optionalMoney('vFrete', item.vFrete),
    optionalMoney('vSeg', item.vSeg),
    optionalMoney('vDesc', item.vDesc),
    optionalMoney('vOutro', item.vOutro),
    enxuto ? '' : '<indTot>1</indTot>',
    item.xPed === undefined ? '' : `<xPed>${xmlText(item.xPed)}</xPed>`,
    '</prod><imposto><ICMS>',
    icmsGroup(icms, crt),
    '</ICMS>',
    item.vIPI === undefined
      ? ''
      : `<IPI><cEnq>999</cEnq><IPITrib><CST>50</CST><vIPI>${money(new Dec(item.vIPI))}</vIPI></IPITrib></IPI>`,
    '</imposto></det>',
  ].join('');
}

/** The group the layout names for those values and the issuer's regime. */
function icmsGroup(icms: GeneratedIcms, crt: 1 | 2 | 3): string {
  const st =
    icms.vICMSST === undefined && icms.vFCPST === undefined
      ? ''
      : `<vICMSST>${money(new Dec(icms.vICMSST ?? 0))}</vICMSST><vFCPST>${money(new Dec(icms.vFCPST ?? 0))}</vFCPST>`;
  if (crt !== 3) {
    const credit =
      icms.vCredICMSSN === undefined ? '' : `<vCredICMSSN>${money(new Dec(icms.vCredICMSSN))}</vCredICMSSN>`;
    const csosn = st ? (credit ? '201' : '202') : credit ? '101' : '102';
    return `<ICMSSN${csosn}><orig>0</orig><CSOSN>${csosn}</CSOSN>${st}${credit}</ICMSSN${csosn}>`;
  }
  const vICMS = `<vICMS>${money(new Dec(icms.vICMS ?? 0))}</vICMS>`;
  return st
    ? `<ICMS10><orig>0</orig><CST>10</CST>${vICMS}${st}</ICMS10>`
    : `<ICMS00><orig>0</orig><CST>00</CST>${vICMS}</ICMS00>`;
}

const money = (value: Dec): string => value.toFixed(2, Dec.ROUND_HALF_UP);

const xmlText = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
