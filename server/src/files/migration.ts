/** The files domain's migrations. */
import type { Kysely, Migration } from 'kysely';

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
