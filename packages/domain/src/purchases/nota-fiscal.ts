import type { DecimalText } from '../stock/money.js';

/**
 * A supplier's NF-e as the purchases decisions read it: the fields compras.md needs, typed and
 * checked, named as the layout names them so the mapping stays obvious. Defined here, not in
 * @factory/nfe (which parses the XML into it), so the domain depends on no parser. Decimals are
 * the document's own text (already checked to be plain non-negative decimals with the layout's
 * places); absent values are '0'.
 */
export type NfeIcms = {
  /** The ICMS group's element name (`ICMS00`, `ICMSSN102` ...), or null when the item has none. */
  grupo: string | null;
  /** `CST` of a normal-regime group, or null. */
  cst: string | null;
  /** `CSOSN` of a Simples Nacional group, or null. */
  csosn: string | null;
  vICMS: DecimalText;
  vICMSST: DecimalText;
  vFCPST: DecimalText;
  vCredICMSSN: DecimalText;
};

export type NfeItem = {
  nItem: number;
  cProd: string;
  xProd: string;
  ncm: string | null;
  cfop: string | null;
  uCom: string;
  /** Up to 4 decimal places. */
  qCom: DecimalText;
  /** Up to 10 decimal places. */
  vUnCom: DecimalText;
  vProd: DecimalText;
  vFrete: DecimalText;
  vSeg: DecimalText;
  vOutro: DecimalText;
  vDesc: DecimalText;
  icms: NfeIcms;
  /** From `IPI/IPITrib`; '0' without it. */
  vIPI: DecimalText;
  /** The buyer's purchase order as the supplier wrote it, or null. */
  xPed: string | null;
};

/** `tpAmb`: 1 production, 2 test environment (homologação). */
export type TipoAmbiente = 1 | 2;

export type NfeDocumento = {
  /** The 44-character access key, checked (protocol, format and check digit). */
  chave: string;
  modelo: number;
  serie: number;
  numero: number;
  /** `dhEmi` as written (with its UTC offset). */
  dhEmi: string;
  tpAmb: TipoAmbiente;
  emit: { cnpj: string | null; crt: number | null };
  dest: { cnpj: string | null };
  /** `ICMSTot/vNF`. */
  vNF: DecimalText;
  /** In `nItem` order. */
  itens: NfeItem[];
};
