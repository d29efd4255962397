// Automatic SKUs are built from this prefix and must stay within the SKU alphabet (letters, digits,
// hyphen, up to 40), so the prefix is kept short enough to leave room for the sequence.
export const SKU_PREFIX = /^[A-Za-z0-9][A-Za-z0-9-]{0,14}$/;

export function isValidSkuPrefix(value: string): boolean {
  return SKU_PREFIX.test(value);
}
