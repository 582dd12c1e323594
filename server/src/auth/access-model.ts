/**
 * Pure access model: from the permitted menu rows, buttons and columns, the menu tree the client
 * renders, the permissionList it checks, and the sets the server's guards check.
 */
import type { MenuTable } from '../system';

/** A menu row as the access model reads it (the table without its enabled flag). */
export type MenuRow = Omit<MenuTable, 'enabledMark'>;

export interface GrantRow {
  menuId: string;
  enCode: string;
  fullName: string;
}

export interface MenuNode extends MenuRow {
  hasChildren: boolean;
  children: MenuNode[];
}

export interface PermissionEntry {
  modelId: string;
  moduleName: string;
  button: Array<{ enCode: string; fullName: string }>;
  column: Array<{ enCode: string; fullName: string }>;
}

export interface Access {
  menus: MenuRow[];
  buttons: GrantRow[];
  columns: GrantRow[];
  menuCodes: ReadonlySet<string>;
  /** `${menuEnCode}/${buttonEnCode}` */
  buttonKeys: ReadonlySet<string>;
}

const bySort = (a: { sortCode: number; enCode: string }, b: { sortCode: number; enCode: string }): number =>
  a.sortCode - b.sortCode || a.enCode.localeCompare(b.enCode);

/**
 * Builds the tree from a flat list. Entries whose parent is absent (not permitted) are dropped with
 * their subtree, so a page never shows without its directory.
 */
export function buildMenuTree(rows: readonly MenuRow[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  for (const r of rows) nodes.set(r.id, { ...r, hasChildren: false, children: [] });
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    if (n.parentId === null || n.parentId === '' || n.parentId === '-1') roots.push(n);
    else nodes.get(n.parentId)?.children.push(n);
  }
  const finish = (list: MenuNode[]): MenuNode[] => {
    list.sort(bySort);
    for (const n of list) {
      finish(n.children);
      n.hasChildren = n.children.length > 0;
    }
    return list;
  };
  return finish(roots);
}

/** Ids of the menus reachable from the roots (used to drop orphans everywhere, not just in the tree). */
export function reachableIds(tree: readonly MenuNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (ns: readonly MenuNode[]): void =>
    ns.forEach((n) => {
      out.add(n.id);
      walk(n.children);
    });
  walk(tree);
  return out;
}

/** One entry per permitted page of types 2-5, with its buttons and columns. */
export function buildPermissionList(
  menus: readonly MenuRow[],
  buttons: readonly GrantRow[],
  columns: readonly GrantRow[],
): PermissionEntry[] {
  const group = (rows: readonly GrantRow[]): Map<string, Array<{ enCode: string; fullName: string }>> => {
    const m = new Map<string, Array<{ enCode: string; fullName: string }>>();
    for (const r of rows) {
      const list = m.get(r.menuId) ?? [];
      if (!list.some((x) => x.enCode === r.enCode)) list.push({ enCode: r.enCode, fullName: r.fullName });
      m.set(r.menuId, list);
    }
    return m;
  };
  const b = group(buttons);
  const c = group(columns);
  return [...menus]
    .filter((m) => m.type >= 2 && m.type <= 5)
    .sort(bySort)
    .map((m) => ({
      modelId: m.id,
      moduleName: m.fullName,
      button: b.get(m.id) ?? [],
      column: c.get(m.id) ?? [],
    }));
}

/** Assembles the guard sets from permitted rows (already filtered to enabled, reachable menus). */
export function buildAccess(menus: MenuRow[], buttons: GrantRow[], columns: GrantRow[]): Access {
  const tree = buildMenuTree(menus);
  const reachable = reachableIds(tree);
  const kept = menus.filter((m) => reachable.has(m.id));
  const codeOf = new Map(kept.map((m) => [m.id, m.enCode]));
  const keptButtons = buttons.filter((b) => codeOf.has(b.menuId));
  const keptColumns = columns.filter((c) => codeOf.has(c.menuId));
  return {
    menus: kept,
    buttons: keptButtons,
    columns: keptColumns,
    menuCodes: new Set(kept.map((m) => m.enCode)),
    buttonKeys: new Set(keptButtons.map((b) => `${codeOf.get(b.menuId) ?? ''}/${b.enCode}`)),
  };
}

export type Denial = { kind: 'menu'; menu: string } | { kind: 'button'; menu: string; button: string };

/** What is missing for a requirement, or null when granted. */
export function missingPermission(
  access: Pick<Access, 'menuCodes' | 'buttonKeys'>,
  menu: string,
  button?: string,
): Denial | null {
  if (!access.menuCodes.has(menu)) return { kind: 'menu', menu };
  if (button && !access.buttonKeys.has(`${menu}/${button}`)) return { kind: 'button', menu, button };
  return null;
}

export function denialMessage(d: Denial): string {
  return d.kind === 'menu' ? `权限不足: 缺少菜单 ${d.menu}` : `权限不足: 缺少按钮 ${d.menu}/${d.button}`;
}
