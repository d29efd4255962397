import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { MirroredList } from './mirrored-lists.js';

export type Row = Record<string, unknown>;

/**
 * The analyst's database: one table per list, its key columns, the row's stamp and the whole
 * row as JSON (`dados`, queried with DuckDB's `->>`), plus `_marcas`, the greatest stamp read
 * per list. A page's rows and its mark commit in one transaction, so a sync killed anywhere
 * resumes from a mark that matches the rows.
 */
export class MirrorDatabase {
  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
  ) {}

  static async open(path: string, lists: readonly MirroredList[]): Promise<MirrorDatabase> {
    const instance = await DuckDBInstance.create(path);
    const connection = await instance.connect();
    const db = new MirrorDatabase(instance, connection);
    await connection.run(
      'CREATE TABLE IF NOT EXISTS _marcas (lista VARCHAR PRIMARY KEY, desde VARCHAR, sincronizado_em TIMESTAMPTZ)',
    );
    for (const list of lists) {
      const keys = list.key.map((k) => `${k} VARCHAR NOT NULL`).join(', ');
      await connection.run(
        `CREATE TABLE IF NOT EXISTS ${list.table} (${keys}, carimbo VARCHAR, dados JSON NOT NULL, ` +
          `PRIMARY KEY (${list.key.join(', ')}))`,
      );
    }
    return db;
  }

  async mark(list: MirroredList): Promise<string | null> {
    const reader = await this.connection.runAndReadAll('SELECT desde FROM _marcas WHERE lista = $1', [
      list.table,
    ]);
    return (reader.getRowObjects()[0]?.desde as string | undefined) ?? null;
  }

  /** Upserts a page by key and moves the list's mark, in one transaction. */
  async savePage(list: MirroredList, rows: readonly Row[], mark: string | null): Promise<void> {
    await this.transaction(async () => {
      for (const row of rows) await this.upsert(list, row);
      await this.connection.run(
        'INSERT OR REPLACE INTO _marcas (lista, desde, sincronizado_em) VALUES ($1, $2, now())',
        [list.table, mark],
      );
    });
  }

  /** Replaces a list without incremental reading whole. */
  async replaceAll(list: MirroredList, rows: readonly Row[]): Promise<void> {
    await this.transaction(async () => {
      await this.connection.run(`DELETE FROM ${list.table}`);
      for (const row of rows) await this.upsert(list, row);
    });
  }

  /** Every mirrored row of a list, as the service gave it. */
  async rows(list: MirroredList): Promise<Row[]> {
    const reader = await this.connection.runAndReadAll(`SELECT dados FROM ${list.table}`);
    return reader.getRowObjects().map((r) => JSON.parse(r.dados as string) as Row);
  }

  async query(sql: string): Promise<Row[]> {
    return (await this.connection.runAndReadAll(sql)).getRowObjects() as Row[];
  }

  close(): void {
    this.connection.closeSync();
    this.instance.closeSync();
  }

  private async upsert(list: MirroredList, row: Row): Promise<void> {
    const stamp = list.incremental ? (row[list.incremental.stamp] as string) : null;
    const columns = [...list.key, 'carimbo', 'dados'];
    const values = [...list.key.map((k) => String(row[k])), stamp, JSON.stringify(row)];
    await this.connection.run(
      `INSERT OR REPLACE INTO ${list.table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      values,
    );
  }

  private async transaction(work: () => Promise<void>): Promise<void> {
    await this.connection.run('BEGIN TRANSACTION');
    try {
      await work();
      await this.connection.run('COMMIT');
    } catch (error) {
      await this.connection.run('ROLLBACK');
      throw error;
    }
  }
}
