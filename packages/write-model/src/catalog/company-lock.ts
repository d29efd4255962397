import type { PoolClient } from '@factory/database';

/**
 * Serialises, per company, the writes whose decision reads relations between records: bills
 * (a cycle is closed by two PUTs together, each acyclic alone), deletions (an item gaining a
 * bill while it is deleted) and variation groups. Held until the append's transaction ends.
 * Taken after the append (the command handler appends first), so a writer waiting here holds
 * only its own stream's new rows: no other writer waits on them while holding this lock.
 */
export async function lockCompanyCatalog(client: PoolClient, empresaId: string): Promise<void> {
  await client.query("SELECT pg_advisory_xact_lock(hashtextextended('catalog:' || $1::text, 0))", [
    empresaId,
  ]);
}
