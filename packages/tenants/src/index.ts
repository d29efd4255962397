export { type AuthRecord, findAuthRecordByHash, recordLastUse } from './auth-repository.js';
export {
  type CreateCompanyInput,
  createCompany,
  reactivateCompany,
  suspendCompany,
  validateCompany,
} from './company-service.js';
export type { Queryable } from './db.js';
export { DEMO_COMPANY, seedDemoCompany } from './demo-seed.js';
export { createLocation, isLocalTipo } from './location-service.js';
export { LOCAL_TIPOS, type Local, type LocalTipo, listLocations } from './locations-repository.js';
export { OpsError, type OpsErrorCode } from './ops-error.js';
export {
  createTenantFixture,
  randomCnpj,
  type TenantFixture,
  type TenantFixtureOptions,
} from './tenant-fixture.js';
export {
  generateToken,
  hashToken,
  looksLikeToken,
  TOKEN_PREFIX,
  TOKEN_PREFIXO_LENGTH,
  tokenPrefixo,
} from './token-format.js';
export {
  type CreatedToken,
  type CreateTokenInput,
  createToken,
  listTokens,
  revokeToken,
  type TokenListItem,
  validateScopes,
} from './token-service.js';
export { createUser, demoteUser } from './user-service.js';
