/**
 * Per-user access snapshots (effects): the user row (with organize and position names), what the user
 * may see and do, and views derived from both (the CurrentUser body), loaded once and shared by every
 * request until something changes.
 *
 * Administrators get the whole enabled catalogue; others the union over their enabled roles.
 *
 * Anything that changes a user row, roles, role grants, menus, buttons, columns, organizations or
 * positions calls `invalidate(userId?)` (exposed as `ctx.invalidateAccess`) after its write: this
 * instance drops the snapshot(s) synchronously and bumps the access version for a global change, and
 * the change is published to the other instances, which drop theirs. Snapshots are also rebuilt after
 * `ttlMs` (a safety net for writes made outside the server or missed bus messages).
 */
import type { Db } from '../database';
import type { User } from '../system';
import type { Invalidation } from '../realtime/bus';
import { buildAccess, type Access, type GrantRow, type MenuRow } from './access-model';

/** The menu columns an access snapshot reads (the menu admin page reads these and enabledMark). */
export const MENU_COLUMNS = [
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

export interface UserSnapshot {
  /** Frozen: shared by every request of the user. */
  user: Readonly<User>;
  organizeName: string;
  positionName: string;
}

interface Entry {
  version: number;
  at: number;
  user: Promise<UserSnapshot | undefined>;
  access: Promise<Access> | null;
  views: Map<string, Promise<unknown>>;
}

export interface AccessOptions {
  /** How long a snapshot is trusted without an invalidation (ms). */
  ttlMs?: number;
  maxEntries?: number;
  /** Tells the other instances (the caller logs failures). */
  publish?: (m: Invalidation) => Promise<void>;
}

export class AccessService {
  private readonly entries = new Map<string, Entry>();
  private accessVersion = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly publish: (m: Invalidation) => Promise<void>;

  constructor(
    private readonly db: Db,
    opts: AccessOptions = {},
    private readonly clock: () => number = Date.now,
  ) {
    this.ttlMs = opts.ttlMs ?? 3000;
    this.maxEntries = opts.maxEntries ?? 10_000;
    this.publish = opts.publish ?? (() => Promise.resolve());
  }

  /** Bumped by every global invalidation (role, menu, grant… changes). */
  get version(): number {
    return this.accessVersion;
  }

  /**
   * A write changed access: of one user (their row, their roles) or, without `userId`, of anyone.
   * Applies on this instance before returning synchronously; resolves once published to the others.
   */
  invalidate(userId?: string): Promise<void> {
    this.forget(userId);
    return this.publish(userId ? { kind: 'access', userId } : { kind: 'access' });
  }

  /** Drops snapshots on this instance only (bus deliveries from other instances). */
  forget(userId?: string): void {
    if (userId) this.entries.delete(userId);
    else {
      this.accessVersion += 1;
      this.entries.clear();
    }
  }

  private entry(userId: string): Entry {
    const now = this.clock();
    const hit = this.entries.get(userId);
    if (hit && hit.version === this.accessVersion && now - hit.at < this.ttlMs) return hit;
    const e: Entry = {
      version: this.accessVersion,
      at: now,
      user: this.loadUser(userId),
      access: null,
      views: new Map(),
    };
    // A failed load is not kept; callers still see the rejection.
    e.user.catch(() => this.drop(userId, e));
    this.entries.delete(userId);
    this.entries.set(userId, e);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return e;
  }

  private drop(userId: string, e: Entry): void {
    if (this.entries.get(userId) === e) this.entries.delete(userId);
  }

  /** The user row with organize and position names (one query per snapshot), or undefined. */
  user(userId: string): Promise<UserSnapshot | undefined> {
    return this.entry(userId).user;
  }

  forUser(user: { id: string; isAdministrator: number }): Promise<Access> {
    return this.accessOf(this.entry(user.id), user);
  }

  private accessOf(e: Entry, user: { id: string; isAdministrator: number }): Promise<Access> {
    if (!e.access) {
      const p = user.isAdministrator ? this.loadAll() : this.loadByRoles(user.id);
      e.access = p;
      p.catch(() => {
        if (e.access === p) e.access = null;
      });
    }
    return e.access;
  }

  /**
   * A value derived from the user's snapshot and access (e.g. a serialized response), built once per
   * snapshot. Undefined when the user does not exist.
   */
  async view<T>(
    userId: string,
    name: string,
    build: (s: UserSnapshot, access: Access) => T,
  ): Promise<T | undefined> {
    const e = this.entry(userId);
    let p = e.views.get(name) as Promise<T | undefined> | undefined;
    if (!p) {
      const made = (async () => {
        const s = await e.user;
        if (!s) return undefined;
        return build(s, await this.accessOf(e, s.user));
      })();
      p = made;
      e.views.set(name, made);
      made.catch(() => {
        if (e.views.get(name) === made) e.views.delete(name);
      });
    }
    return p;
  }

  private async loadUser(userId: string): Promise<UserSnapshot | undefined> {
    const row = await this.db
      .selectFrom('user')
      .leftJoin('organize', 'organize.id', 'user.organizeId')
      .leftJoin('position', 'position.id', 'user.positionId')
      .selectAll('user')
      .select(['organize.fullName as organizeName', 'position.fullName as positionName'])
      .where('user.id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { organizeName, positionName, ...user } = row;
    return Object.freeze({
      user: Object.freeze(user),
      organizeName: organizeName ?? '',
      positionName: positionName ?? '',
    });
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
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .execute();
    const columns: GrantRow[] = await this.db
      .selectFrom('menu_column')
      .select(['menuId', 'enCode', 'fullName'])
      .where('enabledMark', '=', 1)
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
    // The grants of the user's position are held by a hidden role (system administration, issue 4).
    const positionId = (
      await this.db.selectFrom('user').select('positionId').where('id', '=', userId).executeTakeFirst()
    )?.positionId;
    const position = positionId
      ? await this.db
          .selectFrom('role')
          .select('id')
          .where('id', '=', `auth-position-${positionId}`)
          .where('enabledMark', '=', 1)
          .executeTakeFirst()
      : undefined;
    if (position) roleIds.push(position.id);
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
      // a catalogue entry switched off is held by nobody
      .where((eb) =>
        eb.or([eb('menu_button.enabledMark', 'is', null), eb('menu_button.enabledMark', '=', 1)]),
      )
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
      // a catalogue entry switched off is held by nobody
      .where((eb) =>
        eb.or([eb('menu_column.enabledMark', 'is', null), eb('menu_column.enabledMark', '=', 1)]),
      )
      .orderBy('menu_column.sortCode')
      .execute();
    return buildAccess(menus, buttons, columns);
  }
}
