/**
 * Migration 0010: the error log (system log category 4) counts repeats. An error — from a browser
 * (POST /api/system/ErrorLog) or from the server itself — is one row per fingerprint (message, top
 * stack frame, URL path: shared core/errorLog), with how often and when it was first (createdAt) and
 * last seen. Other categories keep one row per event (fingerprint null, count 1).
 *
 * A database seeded before this also gets 异常日志's columns in system.log's column catalogue, granted
 * to the roles that see its other columns (a fresh database has them from the seed).
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database';
import { ERROR_LOG_COLUMNS } from './menus';

const LOG_MENU_ID = 'menu-system.log';

export const errorLogMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.alterTable('system_log').addColumn('fingerprint', 'varchar(64)').execute();
    await s
      .alterTable('system_log')
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await s.alterTable('system_log').addColumn('lastSeen', 'bigint').execute();
    await s.createIndex('system_log_fingerprint').on('system_log').column('fingerprint').unique().execute();
    await s.createIndex('system_log_last_seen').on('system_log').columns(['category', 'lastSeen']).execute();
    await addErrorLogColumns(db);
  },
};

/** 异常日志's columns in system.log's catalogue and grants, where the menu exists and lacks them. */
export async function addErrorLogColumns(db: Kysely<unknown>): Promise<void> {
  await addMenuColumns(db, LOG_MENU_ID, ERROR_LOG_COLUMNS, 'abstracts');
}

/**
 * Adds `columns` ([enCode, fullName]) to a menu's column catalogue where the menu exists and lacks
 * them, granted to the roles that are granted its column `like` (so who saw the list still sees all
 * of it). For a database seeded before a list gained columns; a fresh seed has them already.
 */
export async function addMenuColumns(
  db: Kysely<unknown>,
  menuId: string,
  columns: ReadonlyArray<readonly [string, string]>,
  like: string,
): Promise<void> {
  // the tables exist from migrations 0001/0004: typed access for the catalogue rows
  const d = db as unknown as Kysely<Database>;
  const menu = await d.selectFrom('menu').select('id').where('id', '=', menuId).executeTakeFirst();
  if (!menu) return;
  const have = await d
    .selectFrom('menu_column')
    .select(['enCode', 'sortCode'])
    .where('menuId', '=', menuId)
    .execute();
  const grantees = await d
    .selectFrom('role_column')
    .select('roleId')
    .where('menuId', '=', menuId)
    .where('enCode', '=', like)
    .execute();
  let sortCode = Math.max(-1, ...have.map((c) => c.sortCode));
  for (const [enCode, fullName] of columns) {
    if (have.some((c) => c.enCode === enCode)) continue;
    await d
      .insertInto('menu_column')
      .values({ id: `${menuId}:c:${enCode}`, menuId, enCode, fullName, sortCode: ++sortCode })
      .execute();
    for (const g of grantees)
      await d.insertInto('role_column').values({ roleId: g.roleId, menuId, enCode, fullName }).execute();
  }
}
