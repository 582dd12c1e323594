/**
 * In-code migrations, run by kysely's Migrator. Only the portable subset of the schema builder is used
 * (text, integer, bigint, varchar; no autoincrement, no dialect-specific defaults), so the same
 * migrations create the same tables on SQLite and PostgreSQL.
 */
import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import { accountApplicationMigration } from '../auth/migration';
import { chatMigration } from '../chat/migration';
import { homeFaultTypeNames, homeTables } from '../home/migration';
import { lowcodeMigration } from '../lowcode/migration';
import { lowcodePublishMigration } from '../lowcode/migration-publish';
import { mapGeographyMigration, mapMigration, repairCostMigration } from '../map/migration';
import { messageTables, messageTitleKeyMigration } from '../messages/migration';
import { publicFollowUpMigration, publicMigration } from '../public/migration';
import { systemMigration } from '../system/migration';
import { errorLogMigration } from '../system/migration-error-log';
import {
  dictionaryColumnsMigration,
  dictionaryI18nMigration,
  faultTypeItemsMigration,
} from '../system/migration-dictionary-i18n';
import { workflowMigration } from '../workflow/migration';

/* The schema builder is untyped by design (tables do not exist yet), so migrations take Kysely<unknown>. */
type AnyDb = Kysely<unknown>;

const init: Migration = {
  async up(db: AnyDb) {
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
      .createTable('token')
      .addColumn('token', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('userId', 'varchar(64)', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('expiresAt', 'bigint', (c) => c.notNull())
      .addColumn('revokedAt', 'bigint')
      .addColumn('revokeReason', 'varchar(50)')
      .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    await s.createIndex('token_user').on('token').column('userId').execute();

    await s
      .createTable('login_attempt')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('account', 'varchar(100)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('success', 'integer', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();
    await s
      .createIndex('login_attempt_account')
      .on('login_attempt')
      .columns(['account', 'createdAt'])
      .execute();
    await s.createIndex('login_attempt_ip').on('login_attempt').columns(['ip', 'createdAt']).execute();

    await s
      .createTable('captcha')
      .addColumn('timestamp', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('code', 'varchar(16)', (c) => c.notNull())
      .addColumn('expiresAt', 'bigint', (c) => c.notNull())
      .execute();

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

    await s
      .createTable('flow_engine')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('category', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('icon', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('iconBackground', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();

    await s
      .createTable('visualdev_base')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('category', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();

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

/**
 * Migrations run one after another as one (kysely records one name, in one transaction where the
 * dialect allows): how a migration that once created two domains' tables is split into each
 * domain's folder without changing the history databases have recorded.
 */
export function inOrder(...parts: readonly Migration[]): Migration {
  return {
    async up(db) {
      for (const p of parts) await p.up(db);
    },
  };
}

/**
 * Kysely records each migration by name and runs them in name order: a name that has run is never
 * renamed, reordered or changed (db.test.ts holds the list), so every existing database migrates.
 */
export const migrations: Record<string, Migration> = {
  '0001_init': init,
  '0002_account_application': accountApplicationMigration,
  '0003_messages_home': inOrder(messageTables, homeTables),
  '0004_system': systemMigration,
  '0005_map': mapMigration,
  '0008_chat': chatMigration,
  '0009_public': publicMigration,
  '0010_public_follow_up': publicFollowUpMigration,
  '0011_error_log': errorLogMigration,
  '0012_lowcode': lowcodeMigration,
  '0013_map_geography': mapGeographyMigration,
  '0014_dictionary_i18n': dictionaryI18nMigration,
  '0015_lowcode_publish': lowcodePublishMigration,
  '0016_workflow': workflowMigration,
  '0017_fault_types': inOrder(faultTypeItemsMigration, homeFaultTypeNames, dictionaryColumnsMigration),
  '0018_repair_cost': repairCostMigration,
  '0019_message_title_key': messageTitleKeyMigration,
};

/** Brings the database to the latest migration; throws (with the failing migration's error) on failure. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<MigrationResultSet> {
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
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
