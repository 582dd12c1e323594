/** Data permissions of the user list: the scopes granted to a viewer on permission.user, as a filter. */
import type { Db } from '../database';
import { scopeFilter } from './authorize-model';
import { subtreeIds } from '../kernel';

const USER_MENU_ID = 'menu-permission.user';

export async function userListScope(
  db: Db,
  viewer: { id: string; isAdministrator: number; organizeId: string | null; positionId: string | null },
): Promise<{ userIds: string[]; organizeIds: string[] } | null> {
  if (viewer.isAdministrator === 1) return null;
  const roleIds = (
    await db
      .selectFrom('user_role')
      .innerJoin('role', 'role.id', 'user_role.roleId')
      .select('role.id')
      .where('user_role.userId', '=', viewer.id)
      .where('role.enabledMark', '=', 1)
      .execute()
  ).map((r) => r.id);
  if (viewer.positionId) roleIds.push(`auth-position-${viewer.positionId}`);
  if (!roleIds.length) return null;
  const scopes = (
    await db
      .selectFrom('role_data')
      .select('enCode')
      .where('roleId', 'in', roleIds)
      .where('menuId', '=', USER_MENU_ID)
      .execute()
  ).map((r) => r.enCode);
  if (!scopes.length || scopes.includes('all')) return null;
  // "Company": the company the viewer's department belongs to, and everything below it.
  let companyIds: string[] = [];
  if (scopes.includes('company') && viewer.organizeId) {
    const orgs = await db.selectFrom('organize').select(['id', 'parentId', 'category']).execute();
    const byId = new Map(orgs.map((o) => [o.id, o]));
    let cur = byId.get(viewer.organizeId);
    while (cur && cur.category !== 'company') cur = cur.parentId ? byId.get(cur.parentId) : undefined;
    if (cur) companyIds = [...subtreeIds(orgs, cur.id)];
  }
  return scopeFilter(scopes, viewer, companyIds);
}
