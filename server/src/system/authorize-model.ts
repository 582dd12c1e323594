/** Authorisation trees and grant parsing (pure). */
import { buildTree, withAncestors } from '../kernel';
import { badRequest } from '../http/envelope';

export const DATA_SCOPES = [
  ['all', '全部数据'],
  ['company', '本组织数据'],
  ['department', '本部门数据'],
  ['self', '本人数据'],
] as const;
export type DataScope = (typeof DATA_SCOPES)[number][0];

/** Menus that offer data permissions (the server enforces them on these lists). */
export const DATA_SCOPE_MENUS = ['permission.user'] as const;

export interface MenuLite {
  id: string;
  parentId: string | null;
  type: number;
  enCode: string;
  fullName: string;
  icon: string;
  sortCode: number;
}
export interface CatalogueEntry {
  id: string;
  menuId: string;
  enCode: string;
  fullName: string;
  sortCode: number;
}

const menuNode = (m: MenuLite) => ({
  id: m.id,
  parentId: m.parentId,
  fullName: m.fullName,
  enCode: m.enCode,
  icon: m.icon,
  type: String(m.type),
  sortCode: m.sortCode,
});

/** Menus with leaves hanging under them (buttons, columns, data scopes), ancestors kept. */
function leafTree(menus: readonly MenuLite[], leaves: readonly CatalogueEntry[], type: string) {
  const withLeaves = new Set(leaves.map((l) => l.menuId));
  const kept = withAncestors(menus, (m) => withLeaves.has(m.id)).map(menuNode);
  return buildTree([
    ...kept,
    ...leaves.map((l) => ({
      id: l.id,
      parentId: l.menuId,
      fullName: l.fullName,
      enCode: l.enCode,
      icon: '',
      type,
      sortCode: l.sortCode,
    })),
  ]);
}

/**
 * What can be granted on the data tab: the user list's built-in scopes and every menu's enabled
 * data-permission schemes (menu_data_scheme), each by its code under its menu.
 */
export function dataScopeEntries(
  menus: readonly MenuLite[],
  schemes: readonly Pick<CatalogueEntry, 'menuId' | 'enCode' | 'fullName' | 'sortCode'>[] = [],
): CatalogueEntry[] {
  const builtIn = menus
    .filter((m) => (DATA_SCOPE_MENUS as readonly string[]).includes(m.enCode))
    .flatMap((m) =>
      DATA_SCOPES.map(([enCode, fullName], i) => ({
        id: `${m.id}:d:${enCode}`,
        menuId: m.id,
        enCode,
        fullName,
        sortCode: i,
      })),
    );
  const menuIds = new Set(menus.map((m) => m.id));
  const own = schemes
    .filter((s) => menuIds.has(s.menuId))
    .map((s) => ({ ...s, id: `${s.menuId}:d:${s.enCode}` }));
  return [...builtIn, ...own];
}

export function authorizeTrees(
  menus: readonly MenuLite[],
  buttons: readonly CatalogueEntry[],
  columns: readonly CatalogueEntry[],
  schemes: readonly Pick<CatalogueEntry, 'menuId' | 'enCode' | 'fullName' | 'sortCode'>[] = [],
) {
  return {
    module: buildTree(menus.map(menuNode)),
    button: leafTree(menus, buttons, 'button'),
    column: leafTree(menus, columns, 'column'),
    resource: leafTree(menus, dataScopeEntries(menus, schemes), 'resource'),
  };
}

/**
 * Users a data scope lets a viewer see on a list, as a filter: null = everything. With no data grant
 * at all there is no restriction; `all` lifts every restriction; otherwise the union of the scopes.
 */
export function scopeFilter(
  scopes: readonly string[],
  viewer: { id: string; organizeId: string | null },
  companyIds: readonly string[],
): { userIds: string[]; organizeIds: string[] } | null {
  if (scopes.length === 0 || scopes.includes('all')) return null;
  const organizeIds = new Set<string>();
  const userIds: string[] = [];
  if (scopes.includes('company')) companyIds.forEach((id) => organizeIds.add(id));
  if (scopes.includes('department') && viewer.organizeId) organizeIds.add(viewer.organizeId);
  if (scopes.includes('self')) userIds.push(viewer.id);
  return { userIds, organizeIds: [...organizeIds] };
}

/**
 * The catalogue entries a grant names (by id), each of a granted menu; a 400 naming the field
 * for an id that is not in the catalogue or whose menu is not granted.
 */
export function pickGranted<T extends { id: string; menuId: string }>(
  field: string,
  ids: readonly string[],
  all: readonly T[],
  granted: ReadonlySet<string>,
): T[] {
  const byId = new Map(all.map((e) => [e.id, e]));
  return ids.map((id) => {
    const e = byId.get(id);
    if (!e) throw badRequest(`${field}: 不存在: ${id}`);
    if (!granted.has(e.menuId)) throw badRequest(`${field}: 菜单未授权: ${id}`);
    return e;
  });
}

export const GRANT_KINDS = ['module', 'button', 'column', 'resource'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

/**
 * One step of the JNPF 3.x authorisation wizard (`POST Authority/Data/{objectId}/Values`): the tree
 * of `kind`, for the buttons, columns and data schemes only those of the menus chosen in the first
 * step (`moduleIds`; null: every menu); `all` every node id of that tree, `ids` the object's granted
 * ones among them (its checked keys).
 */
export function authorizeValues(
  kind: GrantKind,
  catalogue: {
    menus: readonly MenuLite[];
    buttons: readonly CatalogueEntry[];
    columns: readonly CatalogueEntry[];
    schemes: readonly Pick<CatalogueEntry, 'menuId' | 'enCode' | 'fullName' | 'sortCode'>[];
  },
  moduleIds: ReadonlySet<string> | null,
  granted: readonly string[],
) {
  const chosen = <T extends { menuId: string }>(xs: readonly T[]) =>
    moduleIds ? xs.filter((x) => moduleIds.has(x.menuId)) : xs;
  const { menus } = catalogue;
  // only the step's tree; the data step offers the built-in scopes of the chosen menus only
  const list =
    kind === 'module'
      ? buildTree(menus.map(menuNode))
      : kind === 'button'
        ? leafTree(menus, chosen(catalogue.buttons), 'button')
        : kind === 'column'
          ? leafTree(menus, chosen(catalogue.columns), 'column')
          : leafTree(
              menus,
              dataScopeEntries(
                moduleIds ? menus.filter((m) => moduleIds.has(m.id)) : menus,
                chosen(catalogue.schemes),
              ),
              'resource',
            );
  const all: string[] = [];
  const walk = (nodes: ReadonlyArray<{ id: string; children: ReadonlyArray<unknown> }>) => {
    for (const n of nodes) {
      all.push(n.id);
      walk(n.children as typeof nodes);
    }
  };
  walk(list);
  const inTree = new Set(all);
  return { list, ids: granted.filter((id) => inTree.has(id)), all };
}

/** Each kind's ids of `a` and `b` together (a batch adds to what an object holds). */
export function unionGrants(
  a: Readonly<Record<GrantKind, readonly string[]>>,
  b: Readonly<Partial<Record<GrantKind, readonly string[]>>>,
): Record<GrantKind, string[]> {
  const out = {} as Record<GrantKind, string[]>;
  for (const k of GRANT_KINDS) out[k] = [...new Set([...a[k], ...(b[k] ?? [])])];
  return out;
}

/** Who a grant role stands for: a role itself, or a position's or a user's own grants (role-store grantRole). */
export function grantHolder(role: {
  id: string;
  category: string;
}): { type: 'Role' | 'Position' | 'User'; id: string } | null {
  if (role.category === 'role') return { type: 'Role', id: role.id };
  if (role.category === 'position' && role.id.startsWith('auth-position-'))
    return { type: 'Position', id: role.id.slice('auth-position-'.length) };
  if (role.category === 'user' && role.id.startsWith('auth-user-'))
    return { type: 'User', id: role.id.slice('auth-user-'.length) };
  return null;
}

/** A grantable item by id (a menu's, or a button's, column's or data scheme's: `menuId:b|c|d:code`). */
export interface GrantItem {
  kind: GrantKind;
  id: string;
  menuId: string;
  enCode: string;
  fullName: string;
}

/** The item an id names in the catalogue, or null. */
export function grantItemOf(
  id: string,
  c: {
    menus: readonly MenuLite[];
    buttons: readonly CatalogueEntry[];
    columns: readonly CatalogueEntry[];
    resources: readonly CatalogueEntry[];
  },
): GrantItem | null {
  const menu = c.menus.find((m) => m.id === id);
  if (menu) return { kind: 'module', id, menuId: id, enCode: menu.enCode, fullName: menu.fullName };
  for (const [kind, list] of [
    ['button', c.buttons],
    ['column', c.columns],
    ['resource', c.resources],
  ] as const) {
    const e = list.find((x) => x.id === id);
    if (e) return { kind, id, menuId: e.menuId, enCode: e.enCode, fullName: e.fullName };
  }
  return null;
}

/**
 * One holder's grants with one item given or taken (JNPF 3.x `PUT Authority/Model/{itemId}`): a menu
 * given comes with the directories above it (the tree shows it under them); a menu taken goes with its
 * buttons, columns and data schemes (they mean nothing without it).
 */
export function withItem(
  g: Readonly<Record<GrantKind, readonly string[]>>,
  item: Pick<GrantItem, 'kind' | 'id' | 'menuId'>,
  give: boolean,
  menus: readonly Pick<MenuLite, 'id' | 'parentId'>[],
): Record<GrantKind, string[]> {
  const out = {} as Record<GrantKind, string[]>;
  for (const k of GRANT_KINDS) out[k] = [...g[k]];
  if (give) {
    const add =
      item.kind === 'module' ? withAncestors(menus, (m) => m.id === item.id).map((m) => m.id) : [item.id];
    out[item.kind] = [...new Set([...out[item.kind], ...add])];
  } else if (item.kind === 'module') {
    out.module = out.module.filter((id) => id !== item.id);
    for (const k of ['button', 'column', 'resource'] as const)
      out[k] = out[k].filter((id) => !id.startsWith(`${item.id}:`));
  } else out[item.kind] = out[item.kind].filter((id) => id !== item.id);
  return out;
}
