export {
  inactiveLocationsQuery,
  type LocationRef,
  locationKey,
  readActiveLocations,
} from './active-locations.js';
export {
  type AdminSession,
  closeSession,
  keepNewToken,
  openSession,
  resumeSession,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  takeNewTokenOnce,
} from './admin-session-service.js';
export { type AuthRecord, findAuthRecordByHash, recordLastUse } from './auth-repository.js';
export {
  type CreateCompanyInput,
  changeTaxProfile,
  createCompany,
  reactivateCompany,
  suspendCompany,
  type TaxProfileChange,
  validateCompany,
} from './company-service.js';
export type { Queryable } from './db.js';
export { DEMO_ADMIN_EMAIL, DEMO_COMPANY, demoAdminSignIn, seedDemoCompany } from './demo-seed.js';
export { normalizeEmail } from './input.js';
export {
  acceptInvitation,
  createInvitation,
  INVITATION_PATH,
  INVITATION_VALIDITY_MS,
  invitationLink,
  openInvitation,
  passwordProblem,
} from './invitation-service.js';
export type { OpenInvitation } from './invitations-repository.js';
export { createLocation, isLocalTipo } from './location-service.js';
export { LOCAL_TIPOS, type Local, type LocalTipo, listLocations } from './locations-repository.js';
export { OpsError, type OpsErrorCode } from './ops-error.js';
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password.js';
export { SIGN_IN_LOCKOUT, type SignInResult, signIn } from './sign-in-service.js';
export {
  generateToken,
  hashToken,
  looksLikeToken,
  TOKEN_PREFIX,
  TOKEN_PREFIXO_LENGTH,
  tokenHashText,
  tokenPrefixo,
} from './token-format.js';
export {
  ACTIVITY_LIMIT,
  type CreatedToken,
  type CreateTokenInput,
  createToken,
  listTokens,
  revokeCompanyToken,
  revokeToken,
  type TokenEvent,
  type TokenListItem,
  tokenActivity,
  validateScopes,
} from './token-service.js';
export { readUnitCodes } from './units-repository.js';
export { createUser, demoteUser } from './user-service.js';
