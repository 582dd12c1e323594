// The calls of docs/api/system.md, one function each (effects). Pages import these, never URLs.
import { request, type Envelope, type Paged } from '@lighting/shared';
import type { ApiData, ApiRow, ApiTree } from '@lighting/shared/api';

const P = '/system/Permission';
const B = '/system/Base';

export interface TreeRow {
  id: string;
  parentId: string;
  fullName: string;
  enCode?: string;
  type?: string | number;
  icon?: string;
  hasChildren?: boolean;
  children?: TreeRow[] | null;
  [field: string]: unknown;
}

// The answers' types from the server's own description (shared/src/api/schema.gen.ts), never a
// hand-written copy: a field the server renames fails the type check of the page that reads it.
/** An area of a level's list (GET Area/{parentId}); the page loads its children on expand. */
export type AreaRow = ApiRow<'/api/system/Base/Area/{id}', 'get'> & { children?: AreaRow[] };
export type AreaDetail = ApiData<'/api/system/Base/Area/{id}/Info', 'get'>;
export type RuleRow = ApiRow<'/api/system/Base/BillRule', 'get'>;
export type RuleDetail = ApiData<'/api/system/Base/BillRule/{id}', 'get'>;
export type InterfaceRow = ApiRow<'/api/system/Base/DataInterface', 'get'>;
export type InterfaceDetail = ApiData<'/api/system/Base/DataInterface/{id}', 'get'>;
export type PositionRow = ApiRow<'/api/system/Permission/Position', 'get'>;
export type PositionDetail = ApiData<'/api/system/Permission/Position/{id}', 'get'>;
export type RoleRow = ApiRow<'/api/system/Permission/Role', 'get'>;
export type RoleDetail = ApiData<'/api/system/Permission/Role/{id}', 'get'>;
export type NoticeRow = ApiRow<'/api/system/Message/Notice', 'get'>;
export type NoticeDetail = ApiData<'/api/system/Message/{id}', 'get'>;
export type UserRow = ApiRow<'/api/system/Permission/Users', 'get'>;
export type UserDetail = ApiData<'/api/system/Permission/Users/{id}', 'get'>;
export type LogRow = ApiRow<'/api/system/Log', 'get'>;
export type OnlinePerson = ApiRow<'/api/system/Permission/OnlineUser', 'get'>;
export type MenuNode = ApiTree<ApiRow<'/api/system/Menu', 'get'>>;
export type MenuDetail = ApiData<'/api/system/Menu/{id}', 'get'>;
export type OrgNode = ApiTree<ApiRow<'/api/system/Permission/Organize', 'get'>>;
export type DepartmentNode = ApiTree<ApiRow<'/api/system/Permission/Organize/{id}/Department', 'get'>>;
/** A company or department as its form reads it. */
export type OrgDetail = ApiData<'/api/system/Permission/Organize/{id}', 'get'>;
export type DictionaryTypeNode = ApiTree<ApiRow<'/api/system/Base/DictionaryType', 'get'>>;
export type DictionaryTypeDetail = ApiData<'/api/system/Base/DictionaryType/{id}', 'get'>;
export type DictionaryItemNode = ApiTree<ApiRow<'/api/system/Base/DictionaryData/{id}', 'get'>>;
export type DictionaryItemDetail = ApiData<'/api/system/Base/DictionaryData/{id}/Info', 'get'>;
type Authority = ApiData<'/api/system/Permission/Authority/Data/{objectType}/{objectId}', 'get'>;
/** The authorisation trees (menus, buttons, columns, data scopes: each node whole) and the granted ids. */
export type AuthorityData = {
  [K in Exclude<keyof Authority, 'ids'>]: Array<ApiTree<Authority[K][number]>>;
} & Pick<Authority, 'ids'>;

export type ListQuery = { currentPage: number; pageSize: number; keyword?: string } & Record<string, unknown>;

const get = <T>(url: string, data?: object) => request<T>({ url, method: 'get', data });
const post = <T>(url: string, data?: object) => request<T>({ url, method: 'post', data });
const put = <T>(url: string, data?: object) => request<T>({ url, method: 'put', data });

export const paged =
  <T>(url: string) =>
  (q: ListQuery): Promise<Envelope<Paged<T>>> =>
    get<Paged<T>>(url, q);

/** A tree's `data.list`: T names the tree the URL answers (one of the node types above), TreeRow when any will do. */
export const treeList = async <T = TreeRow>(url: string, data?: object): Promise<T[]> =>
  (await get<{ list: T[] }>(url, data)).data?.list ?? [];

/** Create when no id, else update; answers the server's message. */
export async function save(base: string, id: string | undefined, body: object): Promise<string> {
  const res = id ? await put<unknown>(`${base}/${id}`, body) : await post<unknown>(base, body);
  return res.msg;
}

export const one = async <T>(url: string): Promise<T> => (await get<T>(url)).data;

export const urls = {
  organize: `${P}/Organize`,
  organizeSelector: `${P}/Organize/Selector`,
  organizeTree: `${P}/Organize/Tree`,
  departments: (companyId: string) => `${P}/Organize/${companyId}/Department`,
  department: `${P}/Organize/Department`,
  departmentSelector: `${P}/Organize/Department/Selector`,
  position: `${P}/Position`,
  positionAll: `${P}/Position/All`,
  users: `${P}/Users`,
  role: `${P}/Role`,
  roleSelector: `${P}/Role/Selector`,
  authority: (type: string, id: string) => `${P}/Authority/Data/${type}/${id}`,
  usersSelector: `${P}/Users/Selector`,
  positionSelector: `${P}/Position/Selector`,
  online: `${P}/OnlineUser`,
  area: `${B}/Area`,
  dictionaryType: `${B}/DictionaryType`,
  dictionaryData: `${B}/DictionaryData`,
  dataInterface: `${B}/DataInterface`,
  billRule: `${B}/BillRule`,
  notice: '/system/Message',
  noticeList: '/system/Message/Notice',
  log: '/system/Log',
  menu: '/system/Menu',
  menuSelector: '/system/Menu/Selector',
};

export { get, post, put };
