import type { TaxProfile } from '../../company/tax-profile.js';
import { Dec } from '../../stock/money.js';
import type { NfeItem } from '../nota-fiscal.js';

/** compras.md: unit costs of an invoice item are kept exact to this many places. */
export const ENTRY_COST_PLACES = 6;

/** PIS (1.65 %) and COFINS (7.6 %) of the non-cumulative regime, recovered by a `real` company. */
export const PIS_COFINS_RATE = new Dec('0.0925');

export type EntryCost = {
  /** vProd + vFrete + vSeg + vOutro − vDesc + vIPI + vICMSST + vFCPST, exact. */
  bruto: Dec;
  creditos: { icms: Dec; ipi: Dec; pisCofins: Dec; total: Dec };
  /** bruto − credits, exact. */
  liquido: Dec;
  /** qCom × fator, in the supply item's consumption unit. */
  quantidadeConsumo: Dec;
  custoUnitario: Dec;
  custoUnitarioBruto: Dec;
};

/** A Simples Nacional issuer (CRT 1, or 2 when over its sub-limit) credits only `vCredICMSSN`. */
const isSimplesIssuer = (crt: number | null) => crt === 1 || crt === 2;

/**
 * Entry cost of one invoice item, compras.md's formulas (CPC 16: taxes the company recovers are
 * not cost), by the company's profile. Everything exact until the unit costs, which are rounded
 * to 6 places half to even, as every cost of the domain is. `fator` > 0 and qCom > 0 (the
 * parser refuses a zero quantity).
 *
 * Two floors where the contract is silent: the PIS/COFINS base (acquisition value without the
 * ICMS) never goes below 0, and neither does `liquido` (credits larger than the cost would make
 * a negative unit cost, which the stock refuses and which means nothing).
 */
export function entryCost(item: NfeItem, crt: number | null, profile: TaxProfile, fator: Dec): EntryCost {
  const v = (text: string) => new Dec(text);
  const mercadoria = v(item.vProd).plus(item.vFrete).plus(item.vSeg).plus(item.vOutro).minus(item.vDesc);
  const bruto = mercadoria.plus(item.vIPI).plus(item.icms.vICMSST).plus(item.icms.vFCPST);
  const icms =
    profile.regimeTributario === 'simples'
      ? new Dec(0)
      : isSimplesIssuer(crt)
        ? v(item.icms.vCredICMSSN)
        : v(item.icms.vICMS);
  const ipi = profile.contribuinteIpi ? v(item.vIPI) : new Dec(0);
  const pisCofins =
    profile.regimeTributario === 'real'
      ? Dec.max(mercadoria.minus(item.icms.vICMS), 0).times(PIS_COFINS_RATE)
      : new Dec(0);
  const total = icms.plus(ipi).plus(pisCofins);
  const liquido = Dec.max(bruto.minus(total), 0);
  const quantidadeConsumo = v(item.qCom).times(fator);
  const unit = (value: Dec) =>
    value.div(quantidadeConsumo).toDecimalPlaces(ENTRY_COST_PLACES, Dec.ROUND_HALF_EVEN);
  return {
    bruto,
    creditos: { icms, ipi, pisCofins, total },
    liquido,
    quantidadeConsumo,
    custoUnitario: unit(liquido),
    custoUnitarioBruto: unit(bruto),
  };
}
