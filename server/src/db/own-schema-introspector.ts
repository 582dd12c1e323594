/**
 * PostgreSQL introspection limited to the connection's own schema (its search_path's first).
 *
 * kysely's PostgresIntrospector lists the tables and columns of every schema of the database, and
 * its Migrator asks it whether its bookkeeping tables exist before every run. One database shared
 * by several schemas (another application's, each test file's own) then fails that question with
 * 3F000 / 42P01 / 42703 whenever another schema is dropped or altered during the catalog query,
 * before any migration ran. Reading only our schema asks nothing of the others.
 */
import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  schema: string;
  table: string;
  kind: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  description: string | null;
}

export class OwnSchemaIntrospector implements DatabaseIntrospector {
  // the introspector is handed kysely's untyped instance; it queries the catalog only
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const r = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return r.rows;
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const r = await sql<ColumnRow>`
      select n.nspname as schema, c.relname as table, c.relkind as kind, a.attname as column,
             t.typname as type, tn.nspname as type_schema, a.attnotnull as not_null,
             a.atthasdef as has_default, col_description(a.attrelid, a.attnum) as description
        from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on c.oid = a.attrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_type t on t.oid = a.atttypid
        join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
       where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
         and a.attnum >= 0 and not a.attisdropped
       order by c.relname, a.attnum`.execute(this.db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of r.rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        // the schema builder here never declares serial or identity columns (db/migrator.ts)
        isAutoIncrementing: false,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        ...(row.description === null ? {} : { comment: row.description }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** kysely's PostgreSQL dialect whose introspection (and so whose Migrator) reads only our schema. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
