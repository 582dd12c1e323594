/**
 * A digest of everything the database holds that a request could change: every row of every table,
 * except the bookkeeping a refused request may legitimately write (the request log, sign-in
 * attempts, image codes, token expiry sliding) and SQLite's own index structures.
 */
import { createHash } from 'node:crypto';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../src/database';

const SKIP =
  /^(system_log|token|login_attempt|captcha|kysely_migration.*|sqlite_.*)$|_rtree|_node$|_parent$|_rowid$/;

/**
 * The tables of the database the test uses and their columns (on PostgreSQL the current schema's:
 * the server's introspection reads only its own schema, db/own-schema-introspector.ts).
 */
export async function ownTables(db: Db): Promise<Array<{ name: string; columns: string[] }>> {
  return (await db.introspection.getTables()).map((t) => ({
    name: t.name,
    columns: t.columns.map((c) => c.name),
  }));
}

export async function tablesOf(db: Db): Promise<string[]> {
  const tables = await ownTables(db);
  return tables
    .map((t) => t.name)
    .filter((n) => !SKIP.test(n))
    .sort();
}

export async function digest(db: Db, tables: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // hashed where the rows are: one round trip per table instead of shipping every row
    for (const t of tables) {
      const r = await sql<{
        h: string | null;
      }>`select md5(string_agg(x::text, '|' order by x::text)) as h from ${sql.table(t)} x`.execute(db);
      out.set(t, r.rows[0]?.h ?? '');
    }
    return out;
  }
  for (const t of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(db)).rows;
    const lines = rows.map((r) =>
      JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
    );
    lines.sort();
    out.set(t, createHash('sha1').update(lines.join('\n')).digest('hex'));
  }
  return out;
}

/** Tables whose digest differs. */
export function changedTables(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...a.keys()].filter((k) => a.get(k) !== b.get(k));
}

/** A table's key column (`id`, else `objectid`) and the keys of its first rows. */
export interface TableRows {
  column: string;
  ids: unknown[];
}

/** Up to `n` keys of every table that has an `id` or `objectid` column: rows a request can name. */
export async function rowIds(db: Db, tables: readonly string[], n = 3): Promise<Map<string, TableRows>> {
  const meta = await ownTables(db);
  const out = new Map<string, TableRows>();
  for (const t of tables) {
    const cols = meta.find((m) => m.name === t)?.columns ?? [];
    const column = cols.includes('id') ? 'id' : cols.includes('objectid') ? 'objectid' : null;
    if (!column) continue;
    const rows = await sql<{
      k: unknown;
    }>`select ${sql.ref(column)} as k from ${sql.table(t)} order by ${sql.ref(column)} limit ${n}`.execute(
      db,
    );
    // integer keys may come back as bigint or text (PostgreSQL's int8): the API takes numbers
    const ids = rows.rows.map((r) => (column === 'objectid' ? Number(r.k) : r.k));
    if (ids.length) out.set(t, { column, ids });
  }
  return out;
}
