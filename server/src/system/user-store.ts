/** People (user rows) and their roles as the user administration writes and reads them. */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../database';
import { paged, type PageQuery } from '../db/paging';
import { likePattern } from '../db/search';
import { notFound } from '../http/envelope';
import { inIdOrder } from './rules';
import type { NewUser, User, UserUpdate } from './schema';

/** A user by id, or 404. */
export async function loadUser(db: Db, id: string): Promise<User> {
  const u = await db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
  if (!u) throw notFound('用户不存在');
  return u;
}

/** The enabled organisations and the enabled users: what the people picker's tree is made of. */
export async function enabledOrgsAndUsers(db: Db) {
  const orgs = await db
    .selectFrom('organize')
    .select(['id', 'parentId', 'fullName', 'enCode', 'category', 'sortCode'])
    .where('enabledMark', '=', 1)
    .execute();
  const users = await db
    .selectFrom('user')
    .select(['id', 'account', 'realName', 'organizeId', 'sortCode', 'headIcon'])
    .where('enabledMark', '=', 1)
    .execute();
  return { orgs, users };
}

/** Whether an account is taken, in any letter case. */
export async function accountTaken(db: Db, account: string): Promise<boolean> {
  return !!(await db
    .selectFrom('user')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
    .executeTakeFirst());
}

/** Inserts a user with these roles. */
export async function insertUser(db: Db, row: NewUser, roleIds: readonly string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('user').values(row).execute();
    for (const roleId of roleIds)
      await trx.insertInto('user_role').values({ userId: row.id, roleId }).execute();
  });
}

/**
 * Updates a user and, when `roleIds` is given, replaces their ordinary roles (the user's own hidden
 * grant role stays).
 */
export async function updateUser(
  db: Db,
  id: string,
  set: UserUpdate,
  roleIds: readonly string[] | undefined,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('user').set(set).where('id', '=', id).execute();
    if (roleIds) {
      const ordinary = trx.selectFrom('role').select('id').where('category', '=', 'role');
      await trx.deleteFrom('user_role').where('userId', '=', id).where('roleId', 'in', ordinary).execute();
      for (const roleId of roleIds)
        await trx.insertInto('user_role').values({ userId: id, roleId }).execute();
    }
  });
}

/** A user's ordinary roles (not their hidden grant role). */
export async function ordinaryRoleIds(db: Db, userId: string): Promise<string[]> {
  const roles = await db
    .selectFrom('user_role')
    .innerJoin('role', 'role.id', 'user_role.roleId')
    .select('role.id')
    .where('user_role.userId', '=', userId)
    .where('role.category', '=', 'role')
    .execute();
  return roles.map((r) => r.id);
}

/** Deletes a user with their grant role; people and organisations they managed lose their manager. */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('user').set({ managerId: null }).where('managerId', '=', id).execute();
    await trx.updateTable('organize').set({ managerId: null }).where('managerId', '=', id).execute();
    await trx.deleteFrom('role').where('id', '=', `auth-user-${id}`).execute();
    await trx.deleteFrom('user').where('id', '=', id).execute();
  });
}

/** Sets some of a user's columns. */
export async function setUser(db: Db, id: string, set: UserUpdate): Promise<void> {
  await db.updateTable('user').set(set).where('id', '=', id).execute();
}

/** The columns the user list may be sorted by. */
export const USER_SORTABLE = {
  account: 'user.account',
  realName: 'user.realName',
  gender: 'user.gender',
  mobile: 'user.mobile',
  enabledMark: 'user.enabledMark',
  creatorTime: 'user.createdAt',
  sortCode: 'user.sortCode',
} as const;

export interface UserListQuery extends PageQuery {
  keyword?: string;
  /** the users of these organisations only (a company or department with everything under it) */
  organizeIds?: string[];
  positionId?: string;
  enabledMark?: number;
  /** the viewer's data scope (null: everyone) */
  scope: { userIds: string[]; organizeIds: string[] } | null;
  sortColumn: (typeof USER_SORTABLE)[keyof typeof USER_SORTABLE];
  sort: 'asc' | 'desc';
}

/**
 * One page of the user list with each user's organisation and position names. Two steps: the page's
 * ids (filter, count and order served by the covering index user_search / user_sort, no table rows
 * read for non-matching users), then the page's rows with their names.
 */
export async function pageUserList(db: Db, dialect: Dialect, q: UserListQuery) {
  // The keyword test runs on every row of a large table: SQLite's LIKE already ignores ASCII case (as
  // its lower() does) and PostgreSQL has ILIKE, so no per-row lower() call is needed.
  const like = (column: string, keyword: string): Expression<SqlBool> =>
    dialect === 'postgres'
      ? sql<SqlBool>`${sql.ref(column)} ilike ${likePattern(keyword)} escape '\\'`
      : sql<SqlBool>`${sql.ref(column)} like ${likePattern(keyword)} escape '\\'`;
  let base = db.selectFrom('user');
  if (q.keyword) {
    const kw = q.keyword;
    base = base.where((eb) =>
      eb.or([like('user.realName', kw), like('user.account', kw), like('user.mobile', kw)]),
    );
  }
  if (q.organizeIds) base = base.where('user.organizeId', 'in', q.organizeIds);
  if (q.positionId) base = base.where('user.positionId', '=', q.positionId);
  if (q.enabledMark !== undefined) base = base.where('user.enabledMark', '=', q.enabledMark);
  // Data permissions (authorisation "resource"): a non-administrator may be limited to a scope.
  if (q.scope) {
    const { userIds, organizeIds } = q.scope;
    base = base.where((eb) =>
      eb.or([
        ...(userIds.length ? [eb('user.id', 'in', userIds)] : []),
        ...(organizeIds.length ? [eb('user.organizeId', 'in', organizeIds)] : []),
        ...(userIds.length || organizeIds.length ? [] : [eb('user.id', 'is', null)]),
      ]),
    );
  }
  const { list: pageIds, pagination } = await paged(base, q, (b) =>
    b.select('user.id').orderBy(q.sortColumn, q.sort).orderBy('user.id'),
  );
  const ids = pageIds.map((r) => r.id);
  const rows = ids.length
    ? await db
        .selectFrom('user')
        .select((eb) => [
          'user.id',
          'user.account',
          'user.realName',
          'user.gender',
          'user.mobile',
          'user.email',
          'user.enabledMark',
          'user.createdAt',
          'user.headIcon',
          'user.organizeId',
          'user.positionId',
          eb
            .selectFrom('organize')
            .select('organize.fullName')
            .whereRef('organize.id', '=', 'user.organizeId')
            .as('organize'),
          eb
            .selectFrom('position')
            .select('position.fullName')
            .whereRef('position.id', '=', 'user.positionId')
            .as('position'),
        ])
        .where('user.id', 'in', ids)
        .execute()
    : [];
  return { list: inIdOrder(ids, rows), pagination };
}

/** The enabled users with their department names, in sort order (the chat's all-users list). */
export async function enabledUsersWithDepartment(db: Db) {
  return db
    .selectFrom('user')
    .leftJoin('organize', 'organize.id', 'user.organizeId')
    .select([
      'user.id',
      'user.realName',
      'user.account',
      'user.headIcon',
      'user.quickQuery',
      'organize.fullName as department',
    ])
    .where('user.enabledMark', '=', 1)
    .orderBy('user.sortCode')
    .orderBy('user.id')
    .execute();
}

/** The ids of a position's members (the users whose position it is). */
export async function positionUserIds(db: Db, positionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user')
    .select('id')
    .where('positionId', '=', positionId)
    .orderBy('sortCode')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Makes `userIds` a position's members: they take the position (a user has one), and its members
 * not listed leave it.
 */
export async function setPositionUsers(
  db: Db,
  positionId: string,
  userIds: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let gone = trx.updateTable('user').set({ positionId: null }).where('positionId', '=', positionId);
    if (userIds.length) gone = gone.where('id', 'not in', userIds);
    await gone.execute();
    if (userIds.length)
      await trx.updateTable('user').set({ positionId }).where('id', 'in', userIds).execute();
  });
}
