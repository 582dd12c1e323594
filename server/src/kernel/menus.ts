/**
 * The shape of a domain's seeded menu entries (its descriptor's `menus`) and the common button
 * catalogues. Menu types follow spec §2: 1 directory, 2 page, 3 model, 4 dictionary, 5 report, 6 wall,
 * 7 link.
 */
export type MenuType = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface ButtonSeed {
  enCode: string;
  fullName: string;
}
export interface ColumnSeed {
  enCode: string;
  fullName: string;
}
export interface MenuSeed {
  enCode: string;
  fullName: string;
  type: MenuType;
  icon: string;
  urlAddress?: string;
  propertyJson?: string;
  linkTarget?: string;
  buttons?: ButtonSeed[];
  columns?: ColumnSeed[];
  children?: MenuSeed[];
}

export const ADD = { enCode: 'btn_add', fullName: '新增' };
export const EDIT = { enCode: 'btn_edit', fullName: '编辑' };
export const REMOVE = { enCode: 'btn_remove', fullName: '删除' };
export const EXPORT = { enCode: 'btn_export', fullName: '导出' };
export const CRUD = [ADD, EDIT, REMOVE];
export const CRUDX = [ADD, EDIT, REMOVE, EXPORT];

export const col = (pairs: Array<[string, string]>): ColumnSeed[] =>
  pairs.map(([enCode, fullName]) => ({ enCode, fullName }));

export const menuId = (enCode: string): string => `menu-${enCode}`;

export interface FlatMenu {
  id: string;
  parentId: string | null;
  seed: MenuSeed;
  sortCode: number;
}

/** Depth-first list of every menu with its parent id and a sort code reflecting its position. */
export function flattenMenus(menus: readonly MenuSeed[], parentId: string | null = null): FlatMenu[] {
  const out: FlatMenu[] = [];
  menus.forEach((seed, i) => {
    const id = menuId(seed.enCode);
    out.push({ id, parentId, seed, sortCode: (i + 1) * 10 });
    if (seed.children) out.push(...flattenMenus(seed.children, id));
  });
  return out;
}

/** Every enCode under (and including) the given top-level directories. */
export function menuCodesUnder(roots: readonly string[], menus: readonly MenuSeed[]): string[] {
  const out: string[] = [];
  const walk = (m: MenuSeed, take: boolean): void => {
    const t = take || roots.includes(m.enCode);
    if (t) out.push(m.enCode);
    m.children?.forEach((c) => walk(c, t));
  };
  menus.forEach((m) => walk(m, false));
  return out;
}
