// The renderer's calls (effects), one function each. Selector trees, area levels and data
// interface answers are fetched once per page and cached (spec §4); bill numbers, relation
// records and uploads are not.
import { request } from '@lighting/shared';
import { dataInterfaceUrl, type OptionItem } from '@lighting/shared/formcore';
import type { ApiData } from '../api';

export interface SelectorNode {
  id: string;
  parentId?: string;
  fullName: string;
  type?: string;
  children?: SelectorNode[] | null;
  [key: string]: unknown;
}

/** The selector trees of spec §7 (/api/system/Permission), by control. */
export const SELECTOR_URLS = {
  organizeSelect: '/system/Permission/Organize/Tree',
  depSelect: '/system/Permission/Organize/Department/Selector',
  posSelect: '/system/Permission/Position/Selector',
  userSelect: '/system/Permission/Users/Selector',
} as const;

const cache = new Map<string, Promise<unknown>>();

/** One request per key per page; a failed one is forgotten so the next reader tries again. */
function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  const p = load();
  cache.set(key, p);
  p.catch(() => cache.delete(key));
  return p;
}

/** Forget the cached answers (tests; a page that edits organisations may call it too). */
export function clearFormCache(): void {
  cache.clear();
}

export function selectorTree(url: string): Promise<SelectorNode[]> {
  return once(
    `tree:${url}`,
    async () => (await request<{ list: SelectorNode[] }>({ url, method: 'get' })).data?.list ?? [],
  );
}

export interface AreaNode {
  id: string;
  fullName: string;
  isLeaf?: boolean;
  hasChildren?: boolean;
}

/** Children of an area ('-1': the top level). */
export function areaChildren(parentId: string): Promise<AreaNode[]> {
  return once(`area:${parentId}`, async () => {
    const res = await request<{ list: AreaNode[] }>({
      url: `/system/Base/Area/${encodeURIComponent(parentId)}/Selector`,
      method: 'get',
    });
    return res.data?.list ?? [];
  });
}

/** A data interface's answer (options of a dynamic choice control). */
export function dataInterfaceAnswer(interfaceId: string): Promise<unknown> {
  return once(
    `di:${interfaceId}`,
    async () => (await request<unknown>({ url: dataInterfaceUrl(interfaceId), method: 'get' })).data,
  );
}

/** The options call of a model's form (OnlineDev/{modelId}/Options). */
export const modelOptionsUrl = (modelId: string): string =>
  `/visualdev/OnlineDev/${encodeURIComponent(modelId)}/Options`;

/**
 * A choice field's options through the form's owner (`{url}?field=`: a model's
 * OnlineDev/{modelId}/Options, a flow's FlowEngine/{id}/Options): whoever may fill the form gets
 * them without holding the data-interface menu.
 */
export function fieldOptions(url: string, fieldKey: string): Promise<OptionItem[]> {
  return once(`opt:${url}:${fieldKey}`, async () => {
    const res = await request<{ list: OptionItem[] }>({ url, method: 'get', data: { field: fieldKey } });
    return res.data?.list ?? [];
  });
}

/** Reserves the next number of a bill rule (GET BillNumber/{rule}). */
export async function reserveBillNumber(rule: string): Promise<string> {
  const res = await request<unknown>({
    url: `/system/Base/BillRule/BillNumber/${encodeURIComponent(rule)}`,
    method: 'get',
  });
  return typeof res.data === 'string' ? res.data : String(res.data ?? '');
}

/** A record in a relation's picker: its id and the display values of the shown field and columns. */
export type RelationRow = { id: string } & Record<string, string>;

/**
 * A model's records with the display values of `field` and `columns` (FieldDataSelect: a
 * relationForm's picker, a list's tree of related records), newest first; `keyword` matches any of
 * them.
 */
export async function relationRows(
  modelId: string,
  field: string,
  opts: { columns?: readonly string[]; keyword?: string; currentPage?: number; pageSize?: number } = {},
): Promise<{ list: RelationRow[]; total: number }> {
  const res = await request<{ list: Array<Record<string, unknown>>; pagination?: { total: number } }>({
    url: `/visualdev/Base/${encodeURIComponent(modelId)}/FieldDataSelect`,
    method: 'get',
    data: {
      field,
      ...(opts.columns?.length ? { columns: opts.columns.join(',') } : {}),
      ...(opts.keyword ? { keyword: opts.keyword } : {}),
      currentPage: opts.currentPage ?? 1,
      pageSize: opts.pageSize ?? 20,
    },
  });
  const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
  const list = (res.data?.list ?? [])
    .filter((r) => typeof r.id === 'string' || typeof r.id === 'number')
    .map((r) => {
      const row: RelationRow = { id: String(r.id) } as RelationRow;
      for (const [k, v] of Object.entries(r)) if (k !== 'id') row[k] = text(v);
      return row;
    });
  return { list, total: res.data?.pagination?.total ?? list.length };
}

/** A related record as its readers see it (DataChange: `data` may be a JSON string). */
export async function relationRecord(modelId: string, id: string): Promise<Record<string, unknown>> {
  const res = await request<unknown>({
    url: `/visualdev/OnlineDev/${encodeURIComponent(modelId)}/${encodeURIComponent(id)}/DataChange`,
    method: 'get',
  });
  return recordOf(res.data);
}

/** DataChange answers `{ id, data }` with data an object or a JSON string, or the record itself. */
export function recordOf(data: unknown): Record<string, unknown> {
  if (typeof data === 'string') {
    try {
      return recordOf(JSON.parse(data) as unknown);
    } catch {
      return {};
    }
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
  const d = data as Record<string, unknown>;
  if ('data' in d && (typeof d.data === 'string' || (typeof d.data === 'object' && d.data !== null)))
    return { ...recordOf(d.data), ...(d.id !== undefined ? { id: d.id } : {}) };
  return d;
}

export interface UploadedFile {
  name: string;
  url: string;
  fileId?: string;
  fileSize?: number;
}

/** What an upload answers (generated from the server's description). */
export type Uploaded = ApiData<'/api/file/Uploader/{type}', 'post'>;

/** POST /api/file/Uploader/{type}; the server's message is toasted by the client on failure. */
export async function uploadFile(
  file: Blob,
  name: string,
  type: string,
  onProgress?: (percent: number) => void,
): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, name);
  const res = await request<Uploaded>({
    url: `/file/Uploader/${encodeURIComponent(type)}`,
    method: 'post',
    data: body,
    onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  });
  const d = res.data;
  return { name: d.originalName || name, url: d.url, fileId: d.fileId, fileSize: d.fileSize };
}
