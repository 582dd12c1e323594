/** The files domain's migrations. */
import { sql, type Kysely, type Migration } from 'kysely';

/** Migration 0001_init, this domain's part: the stored uploads. */
export const filesInit: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .createTable('file')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('originalName', 'varchar(255)', (c) => c.notNull())
      .addColumn('mime', 'varchar(100)', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('ownerId', 'varchar(64)', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('file_type_name', ['type', 'name'])
      .execute();
  },
};

async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * Migration 0023_file_blobs: the uploads' bytes, when the database keeps them (blob-database.ts
 * says why bytea rather than large objects). No foreign key to `file`: the citizens' photos are
 * kept here too, and their rows are the citizen domain's.
 */
export const fileBlobs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('file_blob')
      .addColumn('key', 'varchar(80)', (c) => c.primaryKey())
      .addColumn('data', (await isPostgres(db)) ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();
  },
};
