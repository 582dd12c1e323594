/**
 * The migrator: runs named migrations with kysely's Migrator. Infrastructure: the migrations come from
 * the domains (each domain's descriptor, composed in src/domains.ts); this file knows none of them.
 *
 * Kysely records each migration by name and runs them in name order: a name that has run is never
 * renamed, reordered or changed (db.test.ts holds the list), so every existing database migrates.
 * Only the portable subset of the schema builder is used (text, integer, bigint, varchar; no
 * autoincrement, no dialect-specific defaults), so the same migrations create the same tables on
 * SQLite and PostgreSQL.
 */
import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';

/** Brings the database to the latest migration; throws (with the failing migration's error) on failure. */
export async function migrateToLatest<T>(
  db: Kysely<T>,
  migrations: Readonly<Record<string, Migration>>,
): Promise<MigrationResultSet> {
  // On PostgreSQL, pin the bookkeeping tables to the connection's own schema: without it kysely
  // looks for its lock table in every schema of the database, so a schema left by another run
  // (tests use one schema each) makes this one's migration fail.
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  // Its check for its own tables reads only this schema (OwnSchemaPostgresDialect), so another
  // schema of the same database changed meanwhile cannot fail it.
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
