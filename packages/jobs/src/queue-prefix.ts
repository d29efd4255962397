import { createHash } from 'node:crypto';

/**
 * The BullMQ key prefix of the processes that share one database. Queues are per database: a
 * job names rows of its database (a rebuild's record, the keys to purge), so a worker of
 * another database sharing the Redis must never take it. Host, port and database name, hashed:
 * no credential reaches Redis.
 */
export function queuePrefixFor(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const where = `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  return `factory-${createHash('sha256').update(where).digest('hex').slice(0, 12)}`;
}
