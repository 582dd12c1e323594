/** The kernel's own table, as a module the app composes before every domain (its migration runs first). */
import type { Kysely, Migration } from 'kysely';
import type { DomainModule } from './domain';

/**
 * Migration 0019_request_keys, the kernel's part: one store of request keys for every domain. The
 * domains' parts (after this one) copy their old keys into it and drop their own stores.
 */
const requestKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('request_key')
      .addColumn('owner', 'varchar(80)', (c) => c.notNull())
      .addColumn('key', 'varchar(80)', (c) => c.notNull())
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('request_key_pk', ['owner', 'key'])
      .execute();
    // a key's other senders (an exclusive key seen from another phone is refused)
    await db.schema.createIndex('request_key_key').on('request_key').column('key').execute();
  },
};

export const kernelModule: DomainModule = {
  name: 'kernel',
  migrations: { '0019_request_keys': requestKeys },
};
