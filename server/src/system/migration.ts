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

/** Migration 0001_init, this domain's part: organisations, positions, users, roles and their grants, menus with their buttons and columns, the system log and dictionaries. */
export const systemInit: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .createTable('organize')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('parentId', 'varchar(64)')
      .addColumn('category', 'varchar(16)', (c) => c.notNull())
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull())
      .addColumn('managerId', 'varchar(64)')
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();
    await s.createIndex('organize_parent').on('organize').column('parentId').execute();

    await s
      .createTable('position')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull())
      .addColumn('organizeId', 'varchar(64)', (c) => c.references('organize.id').onDelete('set null'))
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();

    await s
      .createTable('user')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('account', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('realName', 'varchar(50)', (c) => c.notNull())
      .addColumn('passwordHash', 'varchar(200)', (c) => c.notNull())
      .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(3))
      .addColumn('mobile', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('telePhone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
      .addColumn('postalAddress', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('signature', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('birthday', 'bigint')
      .addColumn('headIcon', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('organizeId', 'varchar(64)', (c) => c.references('organize.id').onDelete('set null'))
      .addColumn('positionId', 'varchar(64)', (c) => c.references('position.id').onDelete('set null'))
      .addColumn('managerId', 'varchar(64)')
      .addColumn('quickQuery', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('theme', 'varchar(20)', (c) => c.notNull().defaultTo('classic'))
      .addColumn('language', 'varchar(10)', (c) => c.notNull().defaultTo('zh'))
      .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('isAdministrator', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('prevLogin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('prevLoginTime', 'bigint')
      .addColumn('prevLoginIpAddress', 'varchar(64)')
      .addColumn('prevLoginIpAddressName', 'varchar(100)')
      .addColumn('lastLogin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lastLoginTime', 'bigint')
      .addColumn('lastLoginIpAddress', 'varchar(64)')
      .addColumn('lastLoginIpAddressName', 'varchar(100)')
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();
    await s.createIndex('user_organize').on('user').column('organizeId').execute();
    await s.createIndex('user_manager').on('user').column('managerId').execute();

    await s
      .createTable('role')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();

    await s
      .createTable('user_role')
      .addColumn('userId', 'varchar(64)', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('roleId', 'varchar(64)', (c) => c.notNull().references('role.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('user_role_pk', ['userId', 'roleId'])
      .execute();

    await s
      .createTable('menu')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('parentId', 'varchar(64)')
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addColumn('urlAddress', 'varchar(300)', (c) => c.notNull().defaultTo(''))
      .addColumn('icon', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('propertyJson', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('linkTarget', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    for (const t of ['menu_button', 'menu_column'] as const) {
      await s
        .createTable(t)
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('menuId', 'varchar(64)', (c) => c.notNull().references('menu.id').onDelete('cascade'))
        .addColumn('enCode', 'varchar(100)', (c) => c.notNull())
        .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
        .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint(`${t}_code`, ['menuId', 'enCode'])
        .execute();
    }

    await s
      .createTable('role_menu')
      .addColumn('roleId', 'varchar(64)', (c) => c.notNull().references('role.id').onDelete('cascade'))
      .addColumn('menuId', 'varchar(64)', (c) => c.notNull().references('menu.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('role_menu_pk', ['roleId', 'menuId'])
      .execute();
    for (const t of ['role_button', 'role_column'] as const) {
      await s
        .createTable(t)
        .addColumn('roleId', 'varchar(64)', (c) => c.notNull().references('role.id').onDelete('cascade'))
        .addColumn('menuId', 'varchar(64)', (c) => c.notNull().references('menu.id').onDelete('cascade'))
        .addColumn('enCode', 'varchar(100)', (c) => c.notNull())
        .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${t}_pk`, ['roleId', 'menuId', 'enCode'])
        .execute();
    }

    await s
      .createTable('system_log')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('userId', 'varchar(64)')
      .addColumn('userName', 'varchar(100)')
      .addColumn('category', 'integer', (c) => c.notNull())
      .addColumn('ipAddress', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('ipAddressName', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('requestUrl', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('requestMethod', 'varchar(10)', (c) => c.notNull().defaultTo(''))
      .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('abstracts', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('json', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();
    await s.createIndex('system_log_user').on('system_log').columns(['userId', 'createdAt']).execute();

    await s
      .createTable('dictionary_type')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('parentId', 'varchar(64)')
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('isTree', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await s
      .createTable('dictionary_data')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('dictionaryTypeId', 'varchar(64)', (c) =>
        c.notNull().references('dictionary_type.id').onDelete('cascade'),
      )
      .addColumn('parentId', 'varchar(64)')
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull())
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await s.createIndex('dictionary_data_type').on('dictionary_data').column('dictionaryTypeId').execute();
  },
};
