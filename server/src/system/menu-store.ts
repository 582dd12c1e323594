/**
 * Menu entries and their button and column catalogues in and out of the database. A new entry and
 * a new catalogue entry are granted to the administrator role in the same transaction.
 */
import type { Insertable, Updateable } from 'kysely';
import { MENU_COLUMNS } from '../auth';
import type { Db } from '../database';
import { notFound } from '../http/envelope';
import type { MenuTable } from './schema';

const MENU_COLS = [...MENU_COLUMNS, 'enabledMark'] as const;
/** The role every new menu entry and catalogue entry is granted to. */
const ADMIN_ROLE = 'role-admin';
/** The buttons a new page (types 2–5) gets. */
const DEFAULT_BUTTONS = [
  ['btn_add', '新增'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
] as const;

/** Every menu entry. */
export async function allMenus(db: Db) {
  return db.selectFrom('menu').select(MENU_COLS).execute();
}

/** A menu entry by id, or 404. */
export async function loadMenu(db: Db, id: string) {
  const m = await db.selectFrom('menu').select(MENU_COLS).where('id', '=', id).executeTakeFirst();
  if (!m) throw notFound('菜单不存在');
  return m;
}

/** Every menu entry's place in the tree. */
export async function menuPlaces(db: Db) {
  return db.selectFrom('menu').select(['id', 'parentId', 'type']).execute();
}

export async function menuExists(db: Db, id: string): Promise<boolean> {
  return !!(await db.selectFrom('menu').select('id').where('id', '=', id).executeTakeFirst());
}

/** Inserts a menu entry granted to the administrator role, with the default buttons for a page (types 2–5). */
export async function insertMenu(
  db: Db,
  row: Insertable<MenuTable> & { id: string; type: number },
): Promise<void> {
  const id = row.id;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('menu').values(row).execute();
    await trx.insertInto('role_menu').values({ roleId: ADMIN_ROLE, menuId: id }).execute();
    if (row.type >= 2 && row.type <= 5)
      for (const [i, [enCode, fullName]] of DEFAULT_BUTTONS.entries()) {
        await trx
          .insertInto('menu_button')
          .values({ id: `${id}:b:${enCode}`, menuId: id, enCode, fullName, sortCode: i })
          .execute();
        await trx
          .insertInto('role_button')
          .values({ roleId: ADMIN_ROLE, menuId: id, enCode, fullName })
          .execute();
      }
  });
}

export async function updateMenu(db: Db, id: string, set: Updateable<MenuTable>): Promise<void> {
  await db.updateTable('menu').set(set).where('id', '=', id).execute();
}

export async function deleteMenu(db: Db, id: string): Promise<void> {
  await db.deleteFrom('menu').where('id', '=', id).execute();
}

export type CatalogueKind = 'Button' | 'Column';
const tableOf = (kind: CatalogueKind) => (kind === 'Button' ? 'menu_button' : 'menu_column');

/** A menu's buttons or columns, in order. */
export async function catalogueOf(db: Db, kind: CatalogueKind, menuId: string) {
  return db
    .selectFrom(tableOf(kind))
    .select(['id', 'enCode', 'fullName', 'sortCode', 'enabledMark'])
    .where('menuId', '=', menuId)
    .orderBy('sortCode')
    .execute();
}

/**
 * Replaces a menu's buttons or columns with `list` (in its order). Grants of entries that no longer
 * exist go too; new entries are granted to the administrator role.
 */
export async function setCatalogue(
  db: Db,
  kind: CatalogueKind,
  menuId: string,
  list: ReadonlyArray<{ enCode: string; fullName: string }>,
): Promise<void> {
  const table = tableOf(kind);
  const grant = kind === 'Button' ? 'role_button' : 'role_column';
  const tag = kind === 'Button' ? 'b' : 'c';
  const codes = list.map((x) => x.enCode);
  // an entry kept keeps its state (switched on or off)
  const before = new Map(
    (await db.selectFrom(table).select(['enCode', 'enabledMark']).where('menuId', '=', menuId).execute()).map(
      (r) => [r.enCode, r.enabledMark],
    ),
  );
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom(table).where('menuId', '=', menuId).execute();
    if (codes.length)
      await trx.deleteFrom(grant).where('menuId', '=', menuId).where('enCode', 'not in', codes).execute();
    else await trx.deleteFrom(grant).where('menuId', '=', menuId).execute();
    for (const [i, x] of list.entries()) {
      await trx
        .insertInto(table)
        .values({
          id: `${menuId}:${tag}:${x.enCode}`,
          menuId,
          enCode: x.enCode,
          fullName: x.fullName,
          sortCode: i,
          enabledMark: before.get(x.enCode) ?? 1,
        })
        .execute();
      if (!before.has(x.enCode))
        await trx
          .insertInto(grant)
          .values({ roleId: ADMIN_ROLE, menuId, enCode: x.enCode, fullName: x.fullName })
          .execute();
    }
  });
}

/* One catalogue entry at a time: the JNPF 3.x menu page's ModuleButton / ModuleColumn calls. */

const grantOf = (kind: CatalogueKind) => (kind === 'Button' ? 'role_button' : 'role_column');
/** An entry's id: its menu's and its code's (role-store and the seeds name entries so). */
const entryId = (kind: CatalogueKind, menuId: string, enCode: string) =>
  `${menuId}:${kind === 'Button' ? 'b' : 'c'}:${enCode}`;

export interface CatalogueEntryValues {
  enCode: string;
  fullName: string;
  sortCode: number;
  enabledMark: number;
}

/** A button or column by id, or 404. */
export async function loadCatalogueEntry(db: Db, kind: CatalogueKind, id: string) {
  const row = await db
    .selectFrom(tableOf(kind))
    .select(['id', 'menuId', 'enCode', 'fullName', 'sortCode', 'enabledMark'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(kind === 'Button' ? '按钮不存在' : '列不存在');
  return row;
}

/** Whether a menu already has an entry with this code (but `exceptId`). */
export async function catalogueCodeTaken(
  db: Db,
  kind: CatalogueKind,
  menuId: string,
  enCode: string,
  exceptId?: string,
): Promise<boolean> {
  let q = db.selectFrom(tableOf(kind)).select('id').where('menuId', '=', menuId).where('enCode', '=', enCode);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

/** Adds entries to a menu's catalogue, granted to the administrator role (like setCatalogue's new ones). */
export async function insertCatalogueEntries(
  db: Db,
  kind: CatalogueKind,
  menuId: string,
  list: readonly CatalogueEntryValues[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const x of list) {
      await trx
        .insertInto(tableOf(kind))
        .values({ id: entryId(kind, menuId, x.enCode), menuId, ...x })
        .execute();
      await trx
        .insertInto(grantOf(kind))
        .values({ roleId: ADMIN_ROLE, menuId, enCode: x.enCode, fullName: x.fullName })
        .execute();
    }
  });
}

/** Rewrites an entry; a new code renames its id and its grants with it. Returns the entry's id. */
export async function updateCatalogueEntry(
  db: Db,
  kind: CatalogueKind,
  entry: { id: string; menuId: string; enCode: string },
  v: CatalogueEntryValues,
): Promise<string> {
  const id = entryId(kind, entry.menuId, v.enCode);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable(tableOf(kind))
      .set({ id, ...v })
      .where('id', '=', entry.id)
      .execute();
    await trx
      .updateTable(grantOf(kind))
      .set({ enCode: v.enCode, fullName: v.fullName })
      .where('menuId', '=', entry.menuId)
      .where('enCode', '=', entry.enCode)
      .execute();
  });
  return id;
}

/** Removes an entry and every grant of it. */
export async function deleteCatalogueEntry(
  db: Db,
  kind: CatalogueKind,
  entry: { id: string; menuId: string; enCode: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom(tableOf(kind)).where('id', '=', entry.id).execute();
    await trx
      .deleteFrom(grantOf(kind))
      .where('menuId', '=', entry.menuId)
      .where('enCode', '=', entry.enCode)
      .execute();
  });
}
