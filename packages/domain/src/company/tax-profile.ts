// The company's tax profile (compras.md): which taxes it recovers decides an invoice item's
// entry cost, so the profile is part of the company, not of a receipt.

export const REGIMES_TRIBUTARIOS = ['simples', 'presumido', 'real'] as const;
export type RegimeTributario = (typeof REGIMES_TRIBUTARIOS)[number];

export interface TaxProfile {
  regimeTributario: RegimeTributario;
  /** An industrial IPI taxpayer takes IPI credit on its inputs. */
  contribuinteIpi: boolean;
}

export const DEFAULT_TAX_PROFILE: TaxProfile = { regimeTributario: 'simples', contribuinteIpi: false };

export function isRegimeTributario(value: string): value is RegimeTributario {
  return (REGIMES_TRIBUTARIOS as readonly string[]).includes(value);
}
