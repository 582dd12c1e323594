/**
 * Data permissions (effects): what a viewer may see of a menu's rows. The user list keeps its four
 * built-in scopes (all / company / department / self); every other scoped menu is restricted by the
 * schemes granted to the viewer (kernel/data-scope.ts), the union of them, on the fields the domain
 * serving the menu offers (AppContext.scopeFields). Administrators and menus nobody scopes are not
 * restricted, and neither is a viewer granted no scheme of the menu.
 */
import type { AppContext } from '../context';
import type { Db } from '../database';
import { NONE, grantedScope, rowInScope, subtreeIds, type Predicate, type Viewer } from '../kernel';
import { scopeFilter } from './authorize-model';
import { grantRoleIds, grantSourcesOf, grantedSchemes, menuByCode, viewerOf } from './data-scope-store';

const USER_MENU_ID = 'menu-permission.user';

interface ScopeViewer {
  id: string;
  isAdministrator: number;
  organizeId: string | null;
  positionId: string | null;
}

export async function userListScope(
  db: Db,
  viewer: ScopeViewer,
): Promise<{ userIds: string[]; organizeIds: string[] } | null> {
  if (viewer.isAdministrator === 1) return null;
  const roleIds = await grantRoleIds(db, viewer);
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

/**
 * What the viewer may see of the rows of the menu `menuEnCode`, as a predicate over its fields;
 * null: nothing restricts them.
 */
export function menuScope(
  ctx: Pick<AppContext, 'db' | 'scopeFields' | 'viewerAttributes'>,
  viewer: ScopeViewer,
  menuEnCode: string,
): Promise<Predicate | null> {
  if (viewer.isAdministrator === 1) return Promise.resolve(null);
  // once per access snapshot and menu (see viewerFor): a scheme or a grant changed rebuilds the
  // snapshot, so a scoped page's every call compiles its scope once
  let perMenu = scopes.get(viewer);
  if (!perMenu) {
    perMenu = new Map();
    scopes.set(viewer, perMenu);
  }
  let p = perMenu.get(menuEnCode);
  if (!p) {
    p = compileMenuScope(ctx, viewer, menuEnCode);
    perMenu.set(menuEnCode, p);
    const forget = perMenu;
    p.catch(() => forget.delete(menuEnCode));
  }
  return p;
}

const scopes = new WeakMap<object, Map<string, Promise<Predicate | null>>>();

async function compileMenuScope(
  ctx: Pick<AppContext, 'db' | 'scopeFields' | 'viewerAttributes'>,
  viewer: ScopeViewer,
  menuEnCode: string,
): Promise<Predicate | null> {
  const menu = await menuByCode(ctx.db, menuEnCode);
  if (!menu) return null;
  const fields = await ctx.scopeFields(menu);
  if (!fields) return null;
  const schemes = await grantedSchemes(ctx.db, await grantRoleIds(ctx.db, viewer), menu.id);
  if (schemes.length === 0) return null;
  return grantedScope(
    schemes.map((s) => ({
      allData: s.allData === 1,
      conditionJson: s.conditionJson,
      matchLogic: s.matchLogic === 'or' ? 'or' : 'and',
    })),
    fields,
    await viewerFor(ctx, viewer),
  );
}

/**
 * A viewer's attributes (their organisation and below, its districts, their subordinates), read
 * once per access snapshot: `viewer` is the snapshot's shared user row, rebuilt when a user,
 * organisation or grant changes (AccessService) and after its few seconds, so a scoped page's
 * every call, and a page scoped on several menus, read the organisation and the users once.
 */
const viewers = new WeakMap<object, Promise<Viewer>>();
function viewerFor(ctx: Pick<AppContext, 'db' | 'viewerAttributes'>, viewer: ScopeViewer): Promise<Viewer> {
  let p = viewers.get(viewer);
  if (!p) {
    p = Promise.all([viewerOf(ctx.db, viewer), ctx.viewerAttributes(viewer)]).then(([own, domains]) => ({
      ...own,
      ...domains,
    }));
    viewers.set(viewer, p);
    p.catch(() => viewers.delete(viewer));
  }
  return p;
}

/**
 * Why a user sees what they see (the authorisation page): every menu they hold whose rows data
 * permissions divide, with the schemes granted to them there and the role, position or own grant
 * each comes from. A menu with no scheme granted is not restricted; an administrator sees all.
 */
export async function effectiveScopes(
  ctx: Pick<AppContext, 'db' | 'scopeFields' | 'access'>,
  user: ScopeViewer,
) {
  if (user.isAdministrator === 1) return { administrator: true, menus: [] };
  const sources = await grantSourcesOf(ctx.db, user);
  const byRole = new Map(sources.map((s) => [s.roleId, s]));
  const access = await ctx.access.forUser(user);
  const menus = [];
  for (const m of [...access.menus].sort(
    (a, b) => a.sortCode - b.sortCode || a.enCode.localeCompare(b.enCode),
  )) {
    if (!(await ctx.scopeFields(m))) continue;
    const granted = await grantedSchemes(ctx.db, [...byRole.keys()], m.id);
    const schemes = new Map<
      string,
      {
        enCode: string;
        fullName: string;
        conditionText: string;
        allData: 0 | 1;
        from: Array<{ kind: 'role' | 'user' | 'position'; name: string }>;
      }
    >();
    for (const g of granted) {
      const s = schemes.get(g.enCode) ?? {
        enCode: g.enCode,
        fullName: g.fullName,
        conditionText: g.conditionText,
        allData: g.allData === 1 ? (1 as const) : (0 as const),
        from: [],
      };
      const src = byRole.get(g.roleId);
      if (src) s.from.push({ kind: src.kind, name: src.name });
      schemes.set(g.enCode, s);
    }
    const list = [...schemes.values()];
    menus.push({
      menuId: m.id,
      enCode: m.enCode,
      fullName: m.fullName,
      restricted: list.length > 0 && !list.some((s) => s.allData === 1),
      schemes: list,
    });
  }
  return { administrator: false, menus };
}

/**
 * Whether a user may see a pushed row (the socket's data permissions, Realtime.setScopeCheck): the
 * same rule as the lists', each user's scope of a page kept for a few seconds and dropped when
 * access changes (roles, grants, schemes: AccessService.version).
 */
export function rowScopeCheck(
  ctx: Pick<AppContext, 'db' | 'scopeFields' | 'viewerAttributes' | 'access' | 'clock'>,
  ttlMs = 5000,
): (userId: string, scope: { menu: string; row: Readonly<Record<string, unknown>> }) => Promise<boolean> {
  const cache = new Map<string, { at: number; version: number; predicate: Promise<Predicate | null> }>();
  return async (userId, scope) => {
    const key = `${userId}|${scope.menu}`;
    const now = ctx.clock();
    let hit = cache.get(key);
    if (!hit || hit.version !== ctx.access.version || now - hit.at > ttlMs) {
      const predicate = (async () => {
        const snap = await ctx.access.user(userId);
        if (!snap || snap.user.enabledMark !== 1) return NONE;
        return menuScope(ctx, snap.user, scope.menu);
      })();
      hit = { at: now, version: ctx.access.version, predicate };
      cache.set(key, hit);
      if (cache.size > 10_000) cache.delete(cache.keys().next().value as string);
      predicate.catch(() => cache.delete(key));
    }
    const p = await hit.predicate;
    return !p || rowInScope(p, scope.row);
  };
}
