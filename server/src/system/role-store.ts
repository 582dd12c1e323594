/**
 * Roles, their members and their grants (menus, buttons, columns, data scopes) in and out of the
 * database, and the sessions the online-user list reads. A user's or a position's own grants live on
 * a hidden role (category user | position) with the id `auth-user-{id}` / `auth-position-{id}`.
 */
import type { Db } from '../database';
import { paged, type PageQuery } from '../db/paging';
import { contains } from '../db/search';
import { notFound } from '../http/envelope';
import type { CatalogueEntry } from './authorize-model';

export type GrantObjectType = 'Role' | 'User' | 'Position';

/** A role (not a hidden grant role) by id, or 404. */
export async function loadRole(db: Db, id: string) {
  const r = await db
    .selectFrom('role')
    .selectAll()
    .where('id', '=', id)
    .where('category', '=', 'role')
    .executeTakeFirst();
  if (!r) throw notFound('角色不存在');
  return r;
}

/** One page of roles with their member counts, searched by name and code. */
export async function pageRoles(db: Db, q: PageQuery & { keyword?: string }) {
  let base = db.selectFrom('role').where('category', '=', 'role');
  if (q.keyword) {
    const kw = q.keyword;
    base = base.where((eb) => eb.or([contains('fullName', kw), contains('enCode', kw)]));
  }
  return paged(base, q, (b) =>
    b
      .select((eb) => [
        'role.id',
        'role.fullName',
        'role.enCode',
        'role.description',
        'role.sortCode',
        'role.enabledMark',
        'role.createdAt',
        eb
          .selectFrom('user_role')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('user_role.roleId', '=', 'role.id')
          .as('userCount'),
      ])
      .orderBy('role.sortCode')
      .orderBy('role.id'),
  );
}

/** Enabled roles, briefly, in sort order. */
/** Which of `ids` are roles (not a position's or user's own grants). */
export async function roleIdsAmong(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('role')
    .select('id')
    .where('id', 'in', [...ids])
    .where('category', '=', 'role')
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function enabledRoles(db: Db) {
  return db
    .selectFrom('role')
    .select(['id', 'fullName', 'enCode'])
    .where('category', '=', 'role')
    .where('enabledMark', '=', 1)
    .orderBy('sortCode')
    .orderBy('id')
    .execute();
}

/** The ids of a role's members. */
export async function roleUserIds(db: Db, roleId: string): Promise<string[]> {
  const users = await db.selectFrom('user_role').select('userId').where('roleId', '=', roleId).execute();
  return users.map((u) => u.userId);
}

export async function deleteRole(db: Db, id: string): Promise<void> {
  await db.deleteFrom('role').where('id', '=', id).execute();
}

/** A role's members, in the users' sort order. */
export async function roleUsers(db: Db, roleId: string) {
  return db
    .selectFrom('user_role')
    .innerJoin('user', 'user.id', 'user_role.userId')
    .select(['user.id', 'user.account', 'user.realName'])
    .where('user_role.roleId', '=', roleId)
    .orderBy('user.sortCode')
    .orderBy('user.id')
    .execute();
}

/** Replaces a role's members. */
export async function setRoleUsers(db: Db, roleId: string, userIds: readonly string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_role').where('roleId', '=', roleId).execute();
    for (const userId of userIds) await trx.insertInto('user_role').values({ userId, roleId }).execute();
  });
}

/**
 * The role holding the object's grants: a role itself, or the hidden role of a user or a position
 * (created when `create`, else null when there is none yet). 404 when the object does not exist.
 */
export async function grantRole(
  db: Db,
  type: GrantObjectType,
  id: string,
  create: boolean,
  now: () => number,
): Promise<string | null> {
  if (type === 'Role') return (await loadRole(db, id)).id;
  const table = type === 'User' ? 'user' : 'position';
  const obj = await db
    .selectFrom(table as 'position')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!obj) throw notFound(type === 'User' ? '用户不存在' : '岗位不存在');
  const roleId = type === 'User' ? `auth-user-${id}` : `auth-position-${id}`;
  const exists = await db.selectFrom('role').select('id').where('id', '=', roleId).executeTakeFirst();
  if (exists) return roleId;
  if (!create) return null;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('role')
      .values({
        id: roleId,
        fullName: `${type === 'User' ? '用户' : '岗位'}授权`,
        enCode: roleId,
        description: '',
        sortCode: 0,
        enabledMark: 1,
        category: type === 'User' ? 'user' : 'position',
        createdAt: now(),
      })
      .execute();
    if (type === 'User') await trx.insertInto('user_role').values({ userId: id, roleId }).execute();
  });
  return roleId;
}

/** Whether `id` is a role, a user or a position (the 3.x wizard names an object by its id alone). */
export async function grantObjectType(db: Db, id: string): Promise<GrantObjectType | null> {
  if (await db.selectFrom('role').select('id').where('id', '=', id).executeTakeFirst()) return 'Role';
  if (await db.selectFrom('user').select('id').where('id', '=', id).executeTakeFirst()) return 'User';
  if (await db.selectFrom('position').select('id').where('id', '=', id).executeTakeFirst()) return 'Position';
  return null;
}

/** What can be granted: the enabled menus, every button and column, the enabled data schemes. */
export async function grantCatalogue(db: Db) {
  const menus = await db
    .selectFrom('menu')
    .select(['id', 'parentId', 'type', 'enCode', 'fullName', 'icon', 'sortCode'])
    .where('enabledMark', '=', 1)
    .execute();
  const buttons = await db.selectFrom('menu_button').selectAll().execute();
  const columns = await db.selectFrom('menu_column').selectAll().execute();
  const schemes = await db
    .selectFrom('menu_data_scheme')
    .select(['menuId', 'enCode', 'fullName', 'sortCode'])
    .where('enabledMark', '=', 1)
    .execute();
  return { menus, buttons, columns, schemes };
}

/** A role's grants as the authorisation page's ids: menu ids and `menuId:b|c|d:enCode`. */
export async function grantIdsOf(db: Db, roleId: string) {
  const module = (
    await db.selectFrom('role_menu').select('menuId').where('roleId', '=', roleId).execute()
  ).map((r) => r.menuId);
  const b = await db
    .selectFrom('role_button')
    .select(['menuId', 'enCode'])
    .where('roleId', '=', roleId)
    .execute();
  const c = await db
    .selectFrom('role_column')
    .select(['menuId', 'enCode'])
    .where('roleId', '=', roleId)
    .execute();
  const d = await db
    .selectFrom('role_data')
    .select(['menuId', 'enCode'])
    .where('roleId', '=', roleId)
    .execute();
  return {
    module,
    button: b.map((r) => `${r.menuId}:b:${r.enCode}`),
    column: c.map((r) => `${r.menuId}:c:${r.enCode}`),
    resource: d.map((r) => `${r.menuId}:d:${r.enCode}`),
  };
}

type Granted = Pick<CatalogueEntry, 'menuId' | 'enCode' | 'fullName'>;

/** The grant roles (with their category: role, position, user) holding an item of the catalogue. */
export async function itemHolders(
  db: Db,
  item: { kind: 'module' | 'button' | 'column' | 'resource'; menuId: string; enCode: string },
): Promise<Array<{ id: string; category: string }>> {
  if (item.kind === 'module')
    return db
      .selectFrom('role_menu as g')
      .innerJoin('role as r', 'r.id', 'g.roleId')
      .select(['r.id', 'r.category'])
      .where('g.menuId', '=', item.menuId)
      .orderBy('r.sortCode')
      .orderBy('r.id')
      .execute();
  const table = item.kind === 'button' ? 'role_button' : item.kind === 'column' ? 'role_column' : 'role_data';
  return db
    .selectFrom(`${table} as g` as 'role_button as g')
    .innerJoin('role as r', 'r.id', 'g.roleId')
    .select(['r.id', 'r.category'])
    .where('g.menuId', '=', item.menuId)
    .where('g.enCode', '=', item.enCode)
    .orderBy('r.sortCode')
    .orderBy('r.id')
    .execute();
}

/** Replaces a role's grants. */
export async function setGrants(
  db: Db,
  roleId: string,
  g: {
    menuIds: readonly string[];
    buttons: readonly Granted[];
    columns: readonly Granted[];
    data: readonly Granted[];
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const t of ['role_menu', 'role_button', 'role_column', 'role_data'] as const)
      await trx.deleteFrom(t).where('roleId', '=', roleId).execute();
    for (const menuId of g.menuIds) await trx.insertInto('role_menu').values({ roleId, menuId }).execute();
    for (const b of g.buttons)
      await trx
        .insertInto('role_button')
        .values({ roleId, menuId: b.menuId, enCode: b.enCode, fullName: b.fullName })
        .execute();
    for (const c of g.columns)
      await trx
        .insertInto('role_column')
        .values({ roleId, menuId: c.menuId, enCode: c.enCode, fullName: c.fullName })
        .execute();
    for (const d of g.data)
      await trx
        .insertInto('role_data')
        .values({ roleId, menuId: d.menuId, enCode: d.enCode, fullName: d.fullName })
        .execute();
  });
}

/** Unrevoked, unexpired sessions (newest first, at most 5000), searched by account and name. */
export async function liveSessions(db: Db, now: number, keyword: string | undefined) {
  let q = db
    .selectFrom('token as t')
    .innerJoin('user as u', 'u.id', 't.userId')
    .leftJoin('organize as o', 'o.id', 'u.organizeId')
    .select([
      't.token',
      't.userId',
      't.createdAt',
      't.expiresAt',
      't.ip',
      'u.account',
      'u.realName',
      'o.fullName as organize',
    ])
    .where('t.revokedAt', 'is', null)
    .where('t.expiresAt', '>', now);
  if (keyword) {
    const kw = keyword;
    q = q.where((eb) => eb.or([contains('u.account', kw), contains('u.realName', kw)]));
  }
  return q.orderBy('t.createdAt', 'desc').limit(5000).execute();
}

/** Whether a user exists. */
export async function userExists(db: Db, id: string): Promise<boolean> {
  return !!(await db.selectFrom('user').select('id').where('id', '=', id).executeTakeFirst());
}

/** What the JNPF 3.x member picker's objectId names: a role, a position, or 404. */
export async function relationObject(db: Db, id: string): Promise<'Role' | 'Position'> {
  const role = await db
    .selectFrom('role')
    .select('id')
    .where('id', '=', id)
    .where('category', '=', 'role')
    .executeTakeFirst();
  if (role) return 'Role';
  const position = await db.selectFrom('position').select('id').where('id', '=', id).executeTakeFirst();
  if (position) return 'Position';
  throw notFound('角色或岗位不存在');
}
