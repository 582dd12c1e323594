/**
 * The messages domain's tables (spec §7 Messages: notices and workflow messages, per-user read
 * state). Run as the first half of migration 0003 (db/migrations.ts), which also creates the home
 * dashboard's tables: the migration keeps the name and order databases have recorded.
 */
import type { Kysely, Migration } from 'kysely';

export const messageTables: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .createTable('message')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('bodyText', 'text', (c) => c.notNull())
      .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('toUserIds', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('creatorUserId', 'varchar(64)', (c) => c.references('user.id').onDelete('set null'))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('lastModifyTime', 'bigint', (c) => c.notNull())
      .addColumn('releasedAt', 'bigint')
      .execute();
    await s.createIndex('message_type_time').on('message').columns(['type', 'lastModifyTime']).execute();
    await s
      .createTable('message_receiver')
      .addColumn('messageId', 'varchar(64)', (c) => c.notNull().references('message.id').onDelete('cascade'))
      .addColumn('userId', 'varchar(64)', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('isRead', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('readTime', 'bigint')
      .addPrimaryKeyConstraint('message_receiver_pk', ['messageId', 'userId'])
      .execute();
    await s
      .createIndex('message_receiver_user')
      .on('message_receiver')
      .columns(['userId', 'isRead'])
      .execute();
  },
};

/**
 * A message the system writes keeps its title as a key and parameters (core/messageTitles.ts), put
 * into words in the reader's language when shown; `title` keeps the Chinese words (JNPF clients,
 * the keyword search). Rows from before, and notices, have none and show their title.
 */
export const messageTitleKeyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('message').addColumn('titleKey', 'varchar(64)').execute();
    await db.schema.alterTable('message').addColumn('titleParams', 'text').execute();
  },
};
