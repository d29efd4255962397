// The SKU alphabet of the specification: letters, digits and hyphen, 1 to 40 characters.
export const SKU_PATTERN = /^[A-Za-z0-9-]{1,40}$/;

export function isValidSku(value: string): boolean {
  return SKU_PATTERN.test(value);
}
