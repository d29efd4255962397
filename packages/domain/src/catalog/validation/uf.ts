/** The 26 Brazilian states and the Federal District, as their two-letter codes. */
export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

export type Uf = (typeof UFS)[number];

const KNOWN: ReadonlySet<string> = new Set(UFS);

/** Upper case only: the code is stored as sent, so one spelling per state. */
export function isUf(value: string): value is Uf {
  return KNOWN.has(value);
}
