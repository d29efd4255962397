// Mercosur nomenclature code: 8 digits, without the dots some documents print.
const NCM = /^\d{8}$/;

export function isValidNcm(value: string): boolean {
  return NCM.test(value);
}
