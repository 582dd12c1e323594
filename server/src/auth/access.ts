/**
 * Loads what a user may see and do (effects). Administrators get the whole enabled catalogue; others
 * the union over their enabled roles. Cached per user for a few seconds; `invalidate` (called by
 * anything that changes roles or grants) makes a change apply at once on this instance.
 */
import type { Db } from '../db';
import { buildAccess, type Access, type GrantRow, type MenuRow } from './access-model';

const MENU_COLUMNS = [
  'id',
  'parentId',
  'type',
  'enCode',
  'fullName',
  'urlAddress',
  'icon',
  'propertyJson',
  'linkTarget',
  'sortCode',
] as const;

export class AccessService {
  private readonly cache = new Map<string, { at: number; access: Access }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 3000,
    private readonly clock: () => number = Date.now,
  ) {}

  invalidate(userId?: string): void {
    if (userId) this.cache.delete(userId);
    else this.cache.clear();
  }

  async forUser(user: { id: string; isAdministrator: number }): Promise<Access> {
    const hit = this.cache.get(user.id);
    const now = this.clock();
    if (hit && now - hit.at < this.ttlMs) return hit.access;
    const access = user.isAdministrator ? await this.loadAll() : await this.loadByRoles(user.id);
    this.cache.set(user.id, { at: now, access });
    return access;
  }

  private async loadAll(): Promise<Access> {
    const menus: MenuRow[] = await this.db
      .selectFrom('menu')
      .select(MENU_COLUMNS)
      .where('enabledMark', '=', 1)
      .execute();
    const buttons: GrantRow[] = await this.db
      .selectFrom('menu_button')
      .select(['menuId', 'enCode', 'fullName'])
      .orderBy('sortCode')
      .execute();
    const columns: GrantRow[] = await this.db
      .selectFrom('menu_column')
      .select(['menuId', 'enCode', 'fullName'])
      .orderBy('sortCode')
      .execute();
    return buildAccess(menus, buttons, columns);
  }

  private async loadByRoles(userId: string): Promise<Access> {
    const roleIds = (
      await this.db
        .selectFrom('user_role')
        .innerJoin('role', 'role.id', 'user_role.roleId')
        .select('role.id')
        .where('user_role.userId', '=', userId)
        .where('role.enabledMark', '=', 1)
        .execute()
    ).map((r) => r.id);
    if (roleIds.length === 0) return buildAccess([], [], []);
    const menus: MenuRow[] = await this.db
      .selectFrom('menu')
      .select(MENU_COLUMNS.map((c) => `menu.${c}` as const))
      .where('menu.enabledMark', '=', 1)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('role_menu')
            .select('role_menu.menuId')
            .whereRef('role_menu.menuId', '=', 'menu.id')
            .where('role_menu.roleId', 'in', roleIds),
        ),
      )
      .execute();
    // Grants follow the catalogue's order (the role tables have none of their own).
    const buttons: GrantRow[] = await this.db
      .selectFrom('role_button')
      .leftJoin('menu_button', (j) =>
        j
          .onRef('menu_button.menuId', '=', 'role_button.menuId')
          .onRef('menu_button.enCode', '=', 'role_button.enCode'),
      )
      .select(['role_button.menuId', 'role_button.enCode', 'role_button.fullName'])
      .where('role_button.roleId', 'in', roleIds)
      .orderBy('menu_button.sortCode')
      .execute();
    const columns: GrantRow[] = await this.db
      .selectFrom('role_column')
      .leftJoin('menu_column', (j) =>
        j
          .onRef('menu_column.menuId', '=', 'role_column.menuId')
          .onRef('menu_column.enCode', '=', 'role_column.enCode'),
      )
      .select(['role_column.menuId', 'role_column.enCode', 'role_column.fullName'])
      .where('role_column.roleId', 'in', roleIds)
      .orderBy('menu_column.sortCode')
      .execute();
    return buildAccess(menus, buttons, columns);
  }
}
