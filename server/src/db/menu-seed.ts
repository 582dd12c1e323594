/** The shape of seeded menu entries and their common button catalogues (shared by every feature's menus). */
import type { MenuType } from './schema';

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
