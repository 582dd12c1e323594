/**
 * Opens the one query layer (kysely) on SQLite (libsql, synchronous, embedded default) or PostgreSQL
 * (pg pool, when DATABASE_URL is postgres://…). Infrastructure: it knows no domain and no table; the
 * tables' types are composed in src/database.ts and passed in as `DB`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresAdapter, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import { OwnSchemaPostgresDialect } from './own-schema-introspector';
import Database from 'libsql';
import pg from 'pg';
import { isPostgresUrl, type Config } from '../config';

export type Dialect = 'sqlite' | 'postgres';

export interface DbHandle<DB> {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Human-readable location (file path or URL without password) for logs. */
  location: string;
  close(): Promise<void>;
}

const PG_INT8 = 20;

function openSqlite<DB>(file: string): DbHandle<DB> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const raw = new Database(file, { timeout: 5000 });
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = FULL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec('PRAGMA busy_timeout = 5000');
  // libsql's Database is better-sqlite3 compatible, which is the shape SqliteDialect expects.
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: raw as unknown as SqliteDatabase }),
  });
  let closed = false;
  return {
    db,
    dialect: 'sqlite',
    location: file,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

async function openPostgres<DB>(url: string, schema: string | null): Promise<DbHandle<DB>> {
  if (schema) {
    // Create the schema first with a short-lived client, so the pool's search_path finds it.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
    // bigint columns hold millisecond times and counts: all far below 2^53, so read them as numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<DB>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  // Fail early (and clearly) when the server is unreachable.
  await sql`select 1`.execute(db);
  let closed = false;
  return {
    db,
    dialect: 'postgres',
    location: url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@') + (schema ? ` (schema ${schema})` : ''),
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

export async function openDatabase<DB>(
  config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>,
): Promise<DbHandle<DB>> {
  if (config.databaseUrl && isPostgresUrl(config.databaseUrl))
    return openPostgres<DB>(config.databaseUrl, config.databaseSchema);
  return openSqlite<DB>(path.join(config.dataDir, 'lighting.db'));
}

/** Inserts rows in chunks (one statement per chunk), inside whatever transaction `db` is. */
export async function insertChunked<DB, T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: ReadonlyArray<NoInfer<import('kysely').Insertable<DB[T]>>>,
  chunk = 200,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    // kysely cannot narrow a generic table name to its row type; the signature above keeps callers typed.
    await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto(table)
      .values(part as never)
      .execute();
  }
}

/**
 * Refreshes the query planner's statistics where they are missing or stale. SQLite never analyses
 * on its own, so after a large seed (or a bulk import) its planner guesses: on 100,000 users the
 * filtered user-list count took 115 ms without statistics and 24 ms with them. `optimize` with
 * 0x10002 looks at every table but only analyses those that need it, within a bounded sample.
 * PostgreSQL's autovacuum keeps its own statistics.
 */
export async function refreshStatistics<DB>(handle: DbHandle<DB>): Promise<void> {
  if (handle.dialect !== 'sqlite') return;
  await sql`PRAGMA analysis_limit = 1000`.execute(handle.db);
  await sql`PRAGMA optimize = 0x10002`.execute(handle.db);
}

/** Which database a query layer talks to. */
export function dialectOf<DB>(db: Kysely<DB>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
