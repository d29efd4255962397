/** The digits of a GTIN-8, 12, 13 or 14: its shape, before the check digit. */
export const GTIN_DIGITS = /^(\d{8}|\d{12,14})$/;

/**
 * GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN) or GTIN-14, digits only. The last digit is the
 * GS1 mod-10 check: from the right, the other digits weigh 3, 1, 3, 1...
 */
export function isValidGtin(value: string): boolean {
  if (!GTIN_DIGITS.test(value)) return false;
  let sum = 0;
  for (let i = value.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += Number(value[i]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(value[value.length - 1]);
}
