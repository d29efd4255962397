import { type Checked, type NfeDocumento, type NfeIcms, type NfeItem, validation } from '@factory/domain';
import { accessKeyProblem } from './access-key.js';
import { attribute, child, children, isNode, readXml, text, type XmlNode } from './xml-tree.js';

/** compras.md: an invoice of more items is refused. The layout's own bound. */
export const MAX_ITENS_NFE = 990;

export type ParseNfeOptions = {
  /** Accept an invoice of the test environment (`tpAmb` 2): the body's `aceitar_homologacao`. */
  aceitarHomologacao?: boolean;
};

const refuse = (mensagem: string) => validation('xml', mensagem);

/** Thrown inside the mapping only, so each field reads as one line; caught into a refusal below. */
class FieldProblem extends Error {}

/**
 * Reads a supplier's authorised NF-e and runs compras.md's checks 1 to 3 in order, the first
 * failure refused as 422 `validacao` naming the field (`xml`, or `aceitar_homologacao`), with a
 * Portuguese message saying which. A field the mapping needs that is missing or malformed is a
 * document off the 4.00 layout, so it is refused with check 1, before the protocol is looked at.
 * The signature is not verified.
 */
export function parseNfe(xml: string, options: ParseNfeOptions = {}): Checked<NfeDocumento> {
  const reading = readXml(xml);
  if (!reading.ok) return refuse(reading.mensagem);
  const proc = child(reading.root, 'nfeProc');
  if (!proc) return refuse('o XML deve ser um nfeProc: a NF-e autorizada com seu protNFe');
  const infNFe = child(child(proc, 'NFe'), 'infNFe');
  // Both the envelope and the invoice say their layout; either one off is another layout.
  const versoes = [attribute(proc, 'versao'), attribute(infNFe, 'versao')];
  if (!infNFe || versoes.some((v) => v !== '4.00')) {
    const versao = versoes.find((v) => v !== '4.00');
    return refuse(`a NF-e deve ser do layout 4.00 (versao ${versao ?? 'ausente'} recebida)`);
  }
  const ide = child(infNFe, 'ide');
  const modelo = text(ide, 'mod');
  if (modelo !== '55') return refuse(`a NF-e deve ser do modelo 55 (modelo ${modelo ?? 'ausente'} recebido)`);
  const dets = children(infNFe, 'det');
  if (dets.length > MAX_ITENS_NFE) {
    return refuse(`a NF-e tem ${dets.length} itens; o máximo é ${MAX_ITENS_NFE}`);
  }

  let documento: NfeDocumento;
  try {
    documento = mapDocument(infNFe as XmlNode, ide, dets);
  } catch (error) {
    if (error instanceof FieldProblem) return refuse(error.message);
    throw error;
  }

  const protocol = checkProtocol(proc, attribute(infNFe, 'Id'));
  if (protocol) return refuse(protocol);

  if (documento.tpAmb === 2 && options.aceitarHomologacao !== true) {
    return validation(
      'aceitar_homologacao',
      'a NF-e é do ambiente de homologação (tpAmb 2); envie aceitar_homologacao true para recebê-la',
    );
  }
  return { ok: true, value: documento };
}

/** Check 2: an authorised protocol for this very key, and a well-formed key. */
function checkProtocol(proc: XmlNode, id: string | undefined): string | null {
  const infProt = child(child(proc, 'protNFe'), 'infProt');
  if (!infProt) return 'a NF-e não tem protNFe (protocolo de autorização)';
  const cStat = text(infProt, 'cStat');
  if (cStat !== '100' && cStat !== '150') {
    return `o protocolo não autoriza a NF-e (cStat ${cStat ?? 'ausente'}; autorizada é 100 ou 150)`;
  }
  const key = id?.startsWith('NFe') ? id.slice(3) : undefined;
  if (text(infProt, 'chNFe') !== key) return 'a chNFe do protocolo difere da chave de acesso em infNFe/@Id';
  return key === undefined ? 'infNFe/@Id não traz a chave de acesso' : accessKeyProblem(key);
}

function mapDocument(infNFe: XmlNode, ide: XmlNode | undefined, dets: unknown[]): NfeDocumento {
  const emit = child(infNFe, 'emit');
  const dest = child(infNFe, 'dest');
  const id = attribute(infNFe, 'Id') ?? '';
  const itens = dets.map((det, index) => mapItem(det, index));
  itens.sort((a, b) => a.nItem - b.nItem);
  for (let i = 1; i < itens.length; i++) {
    if (itens[i]!.nItem === itens[i - 1]!.nItem)
      throw new FieldProblem(`det nItem ${itens[i]!.nItem} repetido`);
  }
  if (itens.length === 0) throw new FieldProblem('a NF-e não tem itens (det)');
  const crt = optional(emit, 'CRT', 'emit/CRT', /^[1-4]$/);
  return {
    chave: id.startsWith('NFe') ? id.slice(3) : id,
    modelo: 55,
    serie: Number(required(ide, 'serie', 'ide/serie', /^\d{1,3}$/)),
    numero: Number(required(ide, 'nNF', 'ide/nNF', /^[1-9]\d{0,8}$/)),
    dhEmi: dateTime(required(ide, 'dhEmi', 'ide/dhEmi', /./)),
    tpAmb: Number(required(ide, 'tpAmb', 'ide/tpAmb', /^[12]$/)) as 1 | 2,
    emit: { cnpj: optional(emit, 'CNPJ', 'emit/CNPJ', CNPJ), crt: crt === null ? null : Number(crt) },
    dest: { cnpj: optional(dest, 'CNPJ', 'dest/CNPJ', CNPJ) },
    vNF: decimal(child(child(infNFe, 'total'), 'ICMSTot'), 'vNF', 'total/ICMSTot/vNF', 2, true),
    itens,
  };
}

/** A CNPJ, numeric or alphanumeric (12 characters, then 2 check digits). */
const CNPJ = /^[0-9A-Z]{12}\d{2}$/;

function mapItem(det: unknown, index: number): NfeItem {
  if (!isNode(det as never)) throw new FieldProblem(`det ${index + 1} não é um item`);
  const node = det as XmlNode;
  const nItemText = attribute(node, 'nItem');
  if (nItemText === undefined || !/^[1-9]\d{0,2}$/.test(nItemText) || Number(nItemText) > 990) {
    throw new FieldProblem(`det ${index + 1}: nItem deve ser um número de 1 a 990`);
  }
  const nItem = Number(nItemText);
  const at = (path: string) => `det nItem ${nItem}: ${path}`;
  const prod = child(node, 'prod');
  if (!prod) throw new FieldProblem(`${at('prod')} ausente`);
  const imposto = child(node, 'imposto');
  const money = (name: string) => decimal(prod, name, at(`prod/${name}`), 2, false);
  return {
    nItem,
    cProd: required(prod, 'cProd', at('prod/cProd'), /^.{1,60}$/s),
    xProd: required(prod, 'xProd', at('prod/xProd'), /^.{1,120}$/s),
    ncm: optional(prod, 'NCM', at('prod/NCM'), /^\d{2}(\d{6})?$/),
    cfop: optional(prod, 'CFOP', at('prod/CFOP'), /^\d{4}$/),
    uCom: required(prod, 'uCom', at('prod/uCom'), /^.{1,6}$/s),
    qCom: positive(decimal(prod, 'qCom', at('prod/qCom'), 4, true), at('prod/qCom')),
    vUnCom: decimal(prod, 'vUnCom', at('prod/vUnCom'), 10, true),
    vProd: decimal(prod, 'vProd', at('prod/vProd'), 2, true),
    vFrete: money('vFrete'),
    vSeg: money('vSeg'),
    vOutro: money('vOutro'),
    vDesc: money('vDesc'),
    icms: mapIcms(child(imposto, 'ICMS'), at),
    vIPI: decimal(child(child(imposto, 'IPI'), 'IPITrib'), 'vIPI', at('imposto/IPI/IPITrib/vIPI'), 2, false),
    xPed: optional(prod, 'xPed', at('prod/xPed'), /^.{1,15}$/s),
  };
}

/** The item's one ICMS group (`ICMS00` ... `ICMSSN900`, `ICMSPart`, `ICMSST`), whichever it is. */
function mapIcms(icms: XmlNode | undefined, at: (path: string) => string): NfeIcms {
  const grupo = icms
    ? Object.keys(icms).find((name) => name.startsWith('ICMS') && isNode(icms[name]))
    : undefined;
  const group = grupo ? child(icms, grupo) : undefined;
  const value = (name: string) => decimal(group, name, at(`imposto/ICMS/${grupo}/${name}`), 2, false);
  return {
    grupo: grupo ?? null,
    cst: optional(group, 'CST', at(`imposto/ICMS/${grupo}/CST`), /^\d{2}$/),
    csosn: optional(group, 'CSOSN', at(`imposto/ICMS/${grupo}/CSOSN`), /^\d{3}$/),
    vICMS: value('vICMS'),
    vICMSST: value('vICMSST'),
    vFCPST: value('vFCPST'),
    vCredICMSSN: value('vCredICMSSN'),
  };
}

function required(node: XmlNode | undefined, name: string, path: string, pattern: RegExp): string {
  const value = optional(node, name, path, pattern);
  if (value === null) throw new FieldProblem(`${path} ausente`);
  return value;
}

function optional(node: XmlNode | undefined, name: string, path: string, pattern: RegExp): string | null {
  const value = text(node, name);
  if (value === undefined) {
    if (node?.[name] !== undefined) throw new FieldProblem(`${path} repetido ou sem texto`);
    return null;
  }
  if (!pattern.test(value)) throw new FieldProblem(`${path} inválido: ${JSON.stringify(value.slice(0, 60))}`);
  return value;
}

/**
 * A non-negative decimal with at most `places` decimal places, kept as the document's text
 * (no float ever holds it). Absent and optional: '0'.
 */
function decimal(
  node: XmlNode | undefined,
  name: string,
  path: string,
  places: 2 | 4 | 10,
  needed: boolean,
): string {
  const pattern = DECIMAL[places];
  const value = needed ? required(node, name, path, /./) : optional(node, name, path, /./);
  if (value === null) return '0';
  if (!pattern.test(value)) {
    throw new FieldProblem(
      `${path} deve ser um decimal não negativo com até ${places} casas: ${JSON.stringify(value.slice(0, 30))}`,
    );
  }
  return value;
}

/** A quantity of nothing moves no stock (the stock refuses a zero movement): refused here. */
function positive(value: string, path: string): string {
  if (!/[1-9]/.test(value)) throw new FieldProblem(`${path} deve ser maior que zero`);
  return value;
}

const DECIMAL = {
  2: /^\d{1,15}(\.\d{1,2})?$/,
  4: /^\d{1,15}(\.\d{1,4})?$/,
  10: /^\d{1,15}(\.\d{1,10})?$/,
} as const;

/** `dhEmi`: a date-time with its UTC offset (TDateTimeUTC), and a real instant. */
function dateTime(value: string): string {
  const shape = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$/;
  if (!shape.test(value) || Number.isNaN(Date.parse(value))) {
    throw new FieldProblem(`ide/dhEmi inválido: ${JSON.stringify(value.slice(0, 40))}`);
  }
  return value;
}
