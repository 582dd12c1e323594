/** Migration 0004: the system-administration tables (portable subset of the schema builder only). */
import type { Kysely, Migration } from 'kysely';

export const systemMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .createTable('area')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('parentId', 'varchar(64)', (c) => c.notNull().defaultTo('-1'))
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();
    await s.createIndex('area_parent').on('area').columns(['parentId', 'sortCode']).execute();

    await s
      .createTable('bill_rule')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('prefix', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('dateFormat', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('digit', 'integer', (c) => c.notNull().defaultTo(4))
      .addColumn('startNumber', 'bigint', (c) => c.notNull().defaultTo(1))
      .addColumn('suffix', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('currentDate', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('periodKey', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('currentSeq', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('issued', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();

    await s
      .createTable('data_interface')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('dataType', 'integer', (c) => c.notNull())
      .addColumn('query', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('path', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('requestMethod', 'varchar(10)', (c) => c.notNull().defaultTo('GET'))
      .addColumn('requestParameters', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();

    await s
      .createTable('role_data')
      .addColumn('roleId', 'varchar(64)', (c) => c.notNull().references('role.id').onDelete('cascade'))
      .addColumn('menuId', 'varchar(64)', (c) => c.notNull().references('menu.id').onDelete('cascade'))
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull())
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addPrimaryKeyConstraint('role_data_pk', ['roleId', 'menuId', 'enCode'])
      .execute();

    // Hidden roles hold the grants of one user or one position (category user | position).
    await s
      .alterTable('role')
      .addColumn('category', 'varchar(16)', (c) => c.notNull().defaultTo('role'))
      .execute();
    for (const t of ['position', 'dictionary_type', 'dictionary_data'] as const)
      await s
        .alterTable(t)
        .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .execute();

    // The user list at scale: default order, filters and joins by index.
    await s.createIndex('user_sort').on('user').columns(['sortCode', 'id']).execute();
    // Covering index of the user list's filters (organisation, keyword) and default order: counting and
    // picking a page never read table rows.
    await s
      .createIndex('user_search')
      .on('user')
      .columns(['organizeId', 'realName', 'account', 'mobile', 'sortCode', 'id'])
      .execute();
    await s.createIndex('user_position').on('user').column('positionId').execute();
    await s.createIndex('user_role_role').on('user_role').column('roleId').execute();
    await s.createIndex('position_organize').on('position').column('organizeId').execute();
    await s.createIndex('system_log_category').on('system_log').columns(['category', 'createdAt']).execute();
    await s.createIndex('token_live').on('token').columns(['revokedAt', 'expiresAt']).execute();
  },
};
