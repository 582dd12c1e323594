/**
 * Data permissions in and out of the database: a menu's fields and schemes (menu_data_field,
 * menu_data_scheme), who was granted which scheme (role_data, by the scheme's code), and a viewer's
 * attributes the schemes' tokens read.
 */
import type { Db } from '../database';
import { notFound } from '../http/envelope';
import { subtreeIds, type Viewer } from '../kernel';
import type { MenuDataFieldTable, MenuDataSchemeTable } from './schema';

export type DataField = MenuDataFieldTable;
export type DataScheme = MenuDataSchemeTable;

export async function dataFieldsOf(db: Db, menuId: string): Promise<DataField[]> {
  return db
    .selectFrom('menu_data_field')
    .selectAll()
    .where('menuId', '=', menuId)
    .orderBy('sortCode')
    .orderBy('createdAt')
    .execute();
}

export async function schemesOf(db: Db, menuId: string): Promise<DataScheme[]> {
  return db
    .selectFrom('menu_data_scheme')
    .selectAll()
    .where('menuId', '=', menuId)
    .orderBy('sortCode')
    .orderBy('createdAt')
    .execute();
}

/** Every scheme of every menu (the authorisation page's data tab). */
export async function allSchemes(db: Db): Promise<DataScheme[]> {
  return db.selectFrom('menu_data_scheme').selectAll().orderBy('sortCode').orderBy('createdAt').execute();
}

export async function loadDataField(db: Db, id: string): Promise<DataField> {
  const f = await db.selectFrom('menu_data_field').selectAll().where('id', '=', id).executeTakeFirst();
  if (!f) throw notFound('字段不存在');
  return f;
}

export async function loadScheme(db: Db, id: string): Promise<DataScheme> {
  const s = await db.selectFrom('menu_data_scheme').selectAll().where('id', '=', id).executeTakeFirst();
  if (!s) throw notFound('方案不存在');
  return s;
}

export async function codeTaken(
  db: Db,
  table: 'menu_data_field' | 'menu_data_scheme',
  menuId: string,
  enCode: string,
  exceptId?: string,
): Promise<boolean> {
  let q = db.selectFrom(table).select('id').where('menuId', '=', menuId).where('enCode', '=', enCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function insertDataField(db: Db, row: DataField): Promise<void> {
  await db.insertInto('menu_data_field').values(row).execute();
}

export async function updateDataField(db: Db, id: string, row: Partial<DataField>): Promise<void> {
  await db.updateTable('menu_data_field').set(row).where('id', '=', id).execute();
}

export async function deleteDataField(db: Db, id: string): Promise<void> {
  await db.deleteFrom('menu_data_field').where('id', '=', id).execute();
}

export async function insertScheme(db: Db, row: DataScheme): Promise<void> {
  await db.insertInto('menu_data_scheme').values(row).execute();
}

/** A scheme's new values; its grants follow a new code. */
export async function updateScheme(db: Db, old: DataScheme, row: Partial<DataScheme>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('menu_data_scheme').set(row).where('id', '=', old.id).execute();
    if (row.enCode !== undefined && row.enCode !== old.enCode)
      await trx
        .updateTable('role_data')
        .set({ enCode: row.enCode })
        .where('menuId', '=', old.menuId)
        .where('enCode', '=', old.enCode)
        .execute();
    if (row.fullName !== undefined)
      await trx
        .updateTable('role_data')
        .set({ fullName: row.fullName })
        .where('menuId', '=', old.menuId)
        .where('enCode', '=', row.enCode ?? old.enCode)
        .execute();
  });
}

/** A scheme and its grants, together. */
export async function deleteScheme(db: Db, s: DataScheme): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('role_data').where('menuId', '=', s.menuId).where('enCode', '=', s.enCode).execute();
    await trx.deleteFrom('menu_data_scheme').where('id', '=', s.id).execute();
  });
}

/**
 * The roles whose grants a user holds: their enabled roles, their position's hidden role and their
 * own (auth-user-…, one of their roles).
 */
export async function grantRoleIds(
  db: Db,
  user: { id: string; positionId: string | null },
): Promise<string[]> {
  const ids = (
    await db
      .selectFrom('user_role')
      .innerJoin('role', 'role.id', 'user_role.roleId')
      .select('role.id')
      .where('user_role.userId', '=', user.id)
      .where('role.enabledMark', '=', 1)
      .execute()
  ).map((r) => r.id);
  if (user.positionId) {
    const position = await db
      .selectFrom('role')
      .select('id')
      .where('id', '=', `auth-position-${user.positionId}`)
      .where('enabledMark', '=', 1)
      .executeTakeFirst();
    if (position) ids.push(position.id);
  }
  return ids;
}

/** The enabled schemes of a menu granted to any of the roles, with the roles that grant each. */
export async function grantedSchemes(
  db: Db,
  roleIds: readonly string[],
  menuId: string,
): Promise<Array<DataScheme & { roleId: string }>> {
  if (roleIds.length === 0) return [];
  return db
    .selectFrom('role_data as g')
    .innerJoin('menu_data_scheme as s', (j) =>
      j.onRef('s.menuId', '=', 'g.menuId').onRef('s.enCode', '=', 'g.enCode'),
    )
    .selectAll('s')
    .select('g.roleId')
    .where('g.roleId', 'in', roleIds)
    .where('g.menuId', '=', menuId)
    .where('s.enabledMark', '=', 1)
    .orderBy('s.sortCode')
    .execute();
}

/** What a scheme's tokens mean for this user. */
export async function viewerOf(db: Db, user: { id: string; organizeId: string | null }): Promise<Viewer> {
  const orgs = await db.selectFrom('organize').select(['id', 'parentId', 'district']).execute();
  const below = user.organizeId ? [...subtreeIds(orgs, user.organizeId)] : [];
  const inBelow = new Set(below);
  const districts = [
    ...new Set(orgs.filter((o) => inBelow.has(o.id) && o.district).map((o) => o.district as string)),
  ];
  // subordinates: whoever names the user as manager, and theirs, down the chain
  const managed = await db
    .selectFrom('user')
    .select(['id', 'managerId'])
    .where('managerId', 'is not', null)
    .execute();
  const subs = [
    ...subtreeIds(
      managed.map((u) => ({ id: u.id, parentId: u.managerId })),
      user.id,
    ),
  ].filter((id) => id !== user.id);
  const own = user.organizeId ? [user.organizeId] : [];
  return {
    '@userId': [user.id],
    '@userAraSubordinates': [user.id, ...subs],
    '@subordinateId': subs,
    '@organizeId': own,
    '@dempmentId': own,
    '@organizationAndSuborganization': below,
    '@district': districts,
    // a domain's own (map: the crews the user leads) come through AppContext.viewerAttributes
    '@crewId': [],
  };
}

/** A menu by its code, as data permissions ask about it. */
export async function menuByCode(db: Db, enCode: string) {
  return db
    .selectFrom('menu')
    .select(['id', 'enCode', 'type', 'propertyJson'])
    .where('enCode', '=', enCode)
    .executeTakeFirst();
}

/** The roles whose grants a user holds, with where each comes from (the authorisation page). */
export async function grantSourcesOf(
  db: Db,
  user: { id: string; positionId: string | null },
): Promise<Array<{ roleId: string; kind: 'role' | 'user' | 'position'; name: string }>> {
  const roles = await db
    .selectFrom('user_role')
    .innerJoin('role', 'role.id', 'user_role.roleId')
    .select(['role.id', 'role.fullName', 'role.category'])
    .where('user_role.userId', '=', user.id)
    .where('role.enabledMark', '=', 1)
    .execute();
  const out: Array<{ roleId: string; kind: 'role' | 'user' | 'position'; name: string }> = roles.map((r) => ({
    roleId: r.id,
    kind: r.category === 'user' ? 'user' : 'role',
    name: r.fullName,
  }));
  if (user.positionId) {
    const role = await db
      .selectFrom('role')
      .select('id')
      .where('id', '=', `auth-position-${user.positionId}`)
      .where('enabledMark', '=', 1)
      .executeTakeFirst();
    const position = await db
      .selectFrom('position')
      .select('fullName')
      .where('id', '=', user.positionId)
      .executeTakeFirst();
    if (role && position) out.push({ roleId: role.id, kind: 'position', name: position.fullName });
  }
  return out;
}
