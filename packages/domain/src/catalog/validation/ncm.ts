// Mercosur nomenclature code: 8 digits, without the dots some documents print.
export const NCM_PATTERN = /^\d{8}$/;

export function isValidNcm(value: string): boolean {
  return NCM_PATTERN.test(value);
}
