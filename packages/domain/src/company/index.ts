export { CNPJ_DIGITS, cnpjCheckDigits, isValidCnpj, isValidCpf, onlyDigits } from './cnpj.js';
export {
  type Dia,
  isValidDia,
  type ProductionCalendar,
  productionDay,
  productionDayEnd,
  productionDayStart,
} from './production-day.js';
export { ALL_SCOPES, ANY_SCOPE, grants, isScope, type Scope } from './scopes.js';
export { isValidSkuPrefix, SKU_PREFIX } from './sku-prefix.js';
export {
  DEFAULT_TAX_PROFILE,
  isRegimeTributario,
  REGIMES_TRIBUTARIOS,
  type RegimeTributario,
  type TaxProfile,
} from './tax-profile.js';
export { canonicalTimeZone, isValidTimeZone, isValidTurnHour, TURN_HOUR } from './time-zone.js';
export {
  DEFAULT_TOKEN_VALIDITY,
  isTokenValidity,
  MAX_ACTIVE_TOKENS,
  TOKEN_VALIDITIES,
  type TokenSituation,
  type TokenState,
  type TokenValidity,
  tokenExpiry,
  tokenSituation,
} from './token-policy.js';
export { DEFAULT_UNITS } from './units.js';
