/**
 * A unit must be one of the company's units (its list starts as DEFAULT_UNITS and
 * operators may add more), so the caller passes the list in. Exact match: `KG` is not `kg`.
 */
export function isCompanyUnit(unit: string, companyUnits: readonly string[]): boolean {
  return companyUnits.includes(unit);
}
