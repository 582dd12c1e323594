// The visual-development calls (spec §7 Visual development; server/src/lowcode), one function each.
// Pages and the designer import these, never URLs. Effects only: no React.
import { request, type Envelope, type Paged } from '@lighting/shared';
import type { ApiData, ApiRow } from '@lighting/shared/api';
import type { ColumnData, FormData } from '@lighting/shared/formcore';

const BASE = '/visualdev/Base';

/** 1: a form only; 2: a form and its list. */
export type ModelType = 1 | 2;

// What the calls answer is generated from the server's schemas (lowcode/responses.ts); `Coded`
// narrows a field the server answers as a plain integer or an open list (a client-side narrowing).
type Coded<T, C> = Omit<T, keyof C> & C;

export type ModelRow = Coded<ApiRow<'/api/visualdev/Base', 'get'>, { type: ModelType }>;

export interface ModelInfo {
  fullName: string;
  enCode: string;
  category: string;
  type: ModelType;
  description?: string;
  sortCode?: number;
}

/** A model as the designer reads it: formData and columnData are JSON text ('' for no list). */
export type Model = Coded<ApiData<'/api/visualdev/Base/{id}', 'get'>, { type: ModelType }>;

/** The function menu publishing a model (what a release updates). */
export type ReleaseMenu = NonNullable<Model['releaseMenu']>;

type MenuAnswer = ApiData<'/api/visualdev/Base/MenuSelector', 'get'>['list'][number];
/** A menu section; `children` are the same, nested. */
export type MenuNode = Coded<MenuAnswer, { children: MenuNode[] }>;

/** The menu sections a model may be published under (directories). */
export const releaseParents = async (): Promise<MenuNode[]> =>
  (await request<{ list: MenuNode[] }>({ url: `${BASE}/MenuSelector`, method: 'get' })).data?.list ?? [];

export interface ReleaseBody {
  parentId: string;
  fullName?: string;
  enCode?: string;
  icon?: string;
  sortCode?: number;
}

/** Publishes the model's current version under a menu section; answers the menu and the version. */
export async function releaseModel(
  id: string,
  body: ReleaseBody,
): Promise<{ msg: string; menuId: string; version: number }> {
  const res = await request<{ menuId: string; version: number }>({
    url: `${BASE}/${encodeURIComponent(id)}/Actions/Release`,
    method: 'post',
    data: body,
  });
  return { msg: res.msg, ...res.data };
}

/** A key that makes a retried create or copy answer with the first result (server/src/lowcode/requests.ts). */
export const requestKey = (): string => crypto.randomUUID();

export interface ModelQuery {
  currentPage: number;
  pageSize: number;
  keyword?: string;
}

export const listModels = (q: ModelQuery): Promise<Envelope<Paged<ModelRow>>> =>
  request<Paged<ModelRow>>({ url: BASE, method: 'get', data: q });

export const getModel = async (id: string): Promise<Model> =>
  (await request<Model>({ url: `${BASE}/${encodeURIComponent(id)}`, method: 'get' })).data;

/** Creates a model (idempotent per `idemKey`); answers the server's message and the new id. */
export async function createModel(info: ModelInfo, idemKey: string): Promise<{ msg: string; id: string }> {
  const res = await request<{ id: string }>({ url: BASE, method: 'post', data: { ...info, idemKey } });
  return { msg: res.msg, id: res.data.id };
}

/** Updates the basic information and, when given, the form and the list (sent as JSON text). */
export async function updateModel(
  id: string,
  info: ModelInfo,
  form?: FormData,
  list?: ColumnData,
): Promise<string> {
  const data = {
    ...info,
    ...(form ? { formData: JSON.stringify(form) } : {}),
    ...(list ? { columnData: JSON.stringify(list) } : {}),
  };
  const res = await request<unknown>({ url: `${BASE}/${encodeURIComponent(id)}`, method: 'put', data });
  return res.msg;
}

/** Copies a model (idempotent per `idemKey`). */
export async function copyModel(id: string, idemKey: string): Promise<string> {
  const res = await request<unknown>({
    url: `${BASE}/${encodeURIComponent(id)}/Actions/Copy`,
    method: 'post',
    data: { idemKey },
  });
  return res.msg;
}

/** The models' categories: the visualDevCategory dictionary's items. */
export const modelCategories = async (): Promise<PickItem[]> =>
  (
    await request<{ list: PickItem[] }>({
      url: '/system/Base/DictionaryData/visualDevCategory/Data/Selector',
      method: 'get',
    })
  ).data?.list ?? [];

export const modelUrl = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** A category and its models. */
export type SelectorNode = ApiData<'/api/visualdev/Base/Selector', 'get'>['list'][number];

/** The models a relationForm may point at (a tree of categories and their models). */
export const modelSelector = async (): Promise<SelectorNode[]> =>
  (await request<{ list: SelectorNode[] }>({ url: `${BASE}/Selector`, method: 'get' })).data?.list ?? [];

export type ModelFieldRef = ApiData<'/api/visualdev/Base/{id}/FormDataFields', 'get'>['list'][number];

/** The value fields of a model's form (relationForm: the shown field and the columns). */
export const modelFields = async (id: string): Promise<ModelFieldRef[]> =>
  (
    await request<{ list: ModelFieldRef[] }>({
      url: `${BASE}/${encodeURIComponent(id)}/FormDataFields`,
      method: 'get',
    })
  ).data?.list ?? [];

// records of a model (the preview) go through @lighting/shared/lowcode's calls, as published pages do

// ——— pickers of the property panel ———

export interface PickItem {
  id: string;
  fullName: string;
  enCode?: string;
}

const pickList = async (url: string): Promise<PickItem[]> =>
  (await request<{ list: PickItem[] }>({ url, method: 'get' })).data?.list ?? [];

export const dictionaryTypes = () => pickList('/system/Base/DictionaryType/Selector');
export const dataInterfaces = () => pickList('/system/Base/DataInterface/Selector');
export const billRules = () => pickList('/system/Base/BillRule/Selector');
