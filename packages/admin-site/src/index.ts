export { ADMIN_BODY_LIMIT, ADMIN_PREFIX, type AdminAppOptions, createAdminApp } from './admin-app.js';
export { isAdminPath, mountAdmin } from './mount.js';
export { SESSION_COOKIE } from './session-cookie.js';
