// The calls of docs/api/system.md, one function each (effects). Pages import these, never URLs.
import { request, type Envelope, type Paged } from '@lighting/shared';

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

export type ListQuery = { currentPage: number; pageSize: number; keyword?: string } & Record<string, unknown>;

const get = <T>(url: string, data?: object) => request<T>({ url, method: 'get', data });
const post = <T>(url: string, data?: object) => request<T>({ url, method: 'post', data });
const put = <T>(url: string, data?: object) => request<T>({ url, method: 'put', data });

export const paged =
  <T>(url: string) =>
  (q: ListQuery): Promise<Envelope<Paged<T>>> =>
    get<Paged<T>>(url, q);

export const treeList = async (url: string, data?: object): Promise<TreeRow[]> =>
  (await get<{ list: TreeRow[] }>(url, data)).data?.list ?? [];

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
