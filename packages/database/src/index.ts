export { type EmbeddedPostgresHandle, startEmbeddedPostgres } from './embedded.js';
export { createGroupCommit, type GroupCommit, type Settled } from './group-commit.js';
export { loadMigrations, type Migration, migrate } from './migrate.js';
export { createPool, inTransaction, type Pool, type PoolClient } from './pool.js';
export { isPortOpen, type ResolvedDatabase, resolveDatabase } from './resolve-database.js';
export { isDatabaseUnavailable } from './unavailable.js';
