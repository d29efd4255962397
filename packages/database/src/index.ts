export { arrayLiteral } from './array-literal.js';
export { embeddedHome } from './embedded/embedded-home.js';
export { isPortOpen } from './embedded/port-open.js';
export {
  type EmbeddedPostgresHandle,
  embeddedUrl,
  startEmbeddedPostgres,
} from './embedded/start-embedded.js';
export { loadMigrations, type Migration, migrate } from './migrate.js';
export { listenForNotifications, type NotificationListenerOptions } from './notifications.js';
export { createPool, inTransaction, type Pool, type PoolClient } from './pool.js';
export { type ResolvedDatabase, resolveDatabase } from './resolve-database.js';
export { ContentionDeadlineError, isDatabaseUnavailable } from './unavailable.js';
