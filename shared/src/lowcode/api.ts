// The published low-code pages' calls (spec §7 OnlineDev; server/src/lowcode), one function each.
// Effects only: no React. `preview` marks a designer's preview (the model's current, unreleased
// version, through the design menu); published pages leave it out.
import { http, request, saveBlob, type Envelope, type Paged } from '@lighting/shared';
import { relationRows } from '@lighting/shared/form';
import {
  normalizeColumnData,
  normalizeForm,
  type ColumnData,
  type FormData,
  type OptionItem,
} from '@lighting/shared/formcore';

const ONLINE = '/visualdev/OnlineDev';
const path = (modelId: string, rest = '') => `${ONLINE}/${encodeURIComponent(modelId)}${rest}`;
const previewParams = (preview?: boolean) => (preview ? { preview: 1 } : {});

/** A model as a page runs it: its form, and its list (null for a form-only model). */
export interface RuntimeConfig {
  id: string;
  fullName: string;
  enCode: string;
  /** 1 form only, 2 form + list */
  type: number;
  version: number;
  /** whether a release put the model into the menu */
  released: boolean;
  form: FormData;
  /** the list with only the columns this user may see (spec §6) */
  list: ColumnData | null;
}

/** The model's form and list as this user sees them. */
export async function runtimeConfig(modelId: string, preview?: boolean): Promise<RuntimeConfig> {
  const res = await request<{
    id: string;
    fullName: string;
    enCode: string;
    type: number;
    version: number;
    released?: boolean;
    formData: string | FormData;
    columnData?: string;
  }>({ url: path(modelId, '/Config'), method: 'get', data: previewParams(preview) });
  const d = res.data;
  return {
    id: d.id,
    fullName: d.fullName,
    enCode: d.enCode,
    type: d.type,
    version: d.version,
    released: d.released === true,
    form: normalizeForm(d.formData),
    list: d.type === 2 ? normalizeColumnData(d.columnData ?? '') : null,
  };
}

/** One row of a list: the record's id and the display values of its shown columns. */
export type ListRow = { id: string; creatorTime?: number | null } & Record<string, unknown>;

/** A grouped list's group on the page: its key, display value and count over every page. */
export interface ListGroup {
  key: string | number | null;
  label: string;
  count: number;
}

export interface ListQuery {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  /** the search fields' values as JSON text: `{ field: value }`, a range `[from, to]` */
  queryJson?: string;
  sidx?: string;
  sort?: 'asc' | 'desc';
}

export type ListAnswer = Paged<ListRow> & { groups?: ListGroup[] };

export const listRecords = (
  modelId: string,
  q: ListQuery,
  preview?: boolean,
): Promise<Envelope<ListAnswer>> =>
  request<ListAnswer>({
    url: path(modelId, '/List'),
    method: 'get',
    data: { ...q, ...previewParams(preview) },
  });

export type RecordValues = Record<string, unknown>;

/** A record as stored, with the form of the version it was made with. */
export async function getRecord(
  modelId: string,
  id: string,
  preview?: boolean,
): Promise<{ id: string; data: RecordValues; form: FormData }> {
  const res = await request<{ id: string; data: string | RecordValues; formData: string | FormData }>({
    url: path(modelId, `/${encodeURIComponent(id)}`),
    method: 'get',
    data: previewParams(preview),
  });
  const data =
    typeof res.data.data === 'string' ? (JSON.parse(res.data.data) as RecordValues) : res.data.data;
  return { id: res.data.id, data, form: normalizeForm(res.data.formData) };
}

/** Saves a new record (idempotent per `idemKey`); answers its id. */
export async function createRecord(
  modelId: string,
  data: RecordValues,
  idemKey: string,
  preview?: boolean,
): Promise<string> {
  const res = await request<{ id: string }>({
    url: path(modelId),
    method: 'post',
    params: previewParams(preview),
    data: { data: JSON.stringify(data), idemKey },
  });
  return res.data.id;
}

export async function updateRecord(modelId: string, id: string, data: RecordValues, preview?: boolean) {
  return (
    await request<unknown>({
      url: path(modelId, `/${encodeURIComponent(id)}`),
      method: 'put',
      params: previewParams(preview),
      data: { data: JSON.stringify(data) },
    })
  ).msg;
}

export async function deleteRecord(modelId: string, id: string, preview?: boolean) {
  return (
    await request<unknown>({
      url: path(modelId, `/${encodeURIComponent(id)}`),
      method: 'delete',
      params: previewParams(preview),
    })
  ).msg;
}

export async function batchDelete(modelId: string, ids: string[], preview?: boolean): Promise<number> {
  const res = await request<{ deleted: number }>({
    url: path(modelId, '/batchDelete'),
    method: 'post',
    params: previewParams(preview),
    data: { ids },
  });
  return res.data.deleted;
}

/** The file name of an attachment answer (RFC 6266 `filename*`), or `fallback`. */
export function attachmentName(disposition: string | undefined, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star?.[1])
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall through */
    }
  const plain = /filename="([^"]+)"/i.exec(disposition ?? '');
  return plain?.[1] ?? fallback;
}

export interface Download {
  blob: Blob;
  fileName: string;
}

export interface DownloadProgress {
  /** bytes received */
  loaded: number;
  /** the rows the file holds (the server says before it streams) */
  rows: number | null;
}

/** The filtered, sorted list as .xlsx, written and streamed by the server. */
export async function exportRecords(
  modelId: string,
  filters: Omit<ListQuery, 'currentPage' | 'pageSize'>,
  onProgress: (p: DownloadProgress) => void,
  signal?: AbortSignal,
  preview?: boolean,
): Promise<Download> {
  let rows: number | null = null;
  const res = await http.request<Blob>({
    url: path(modelId, '/Actions/Export'),
    method: 'post',
    data: { ...filters, ...previewParams(preview) },
    responseType: 'blob',
    timeout: 0,
    signal,
    onDownloadProgress: (e) => {
      const header = (e.event as { target?: XMLHttpRequest } | undefined)?.target?.getResponseHeader?.(
        'X-Total-Count',
      );
      if (header) rows = Number(header);
      onProgress({ loaded: e.loaded, rows });
    },
  });
  return {
    blob: res.data,
    fileName: attachmentName(String(res.headers['content-disposition'] ?? ''), 'export.xlsx'),
  };
}

/** The import template of the model's form. */
export async function downloadTemplate(modelId: string, preview?: boolean): Promise<Download> {
  const res = await http.request<Blob>({
    url: path(modelId, '/Template'),
    method: 'get',
    params: previewParams(preview),
    responseType: 'blob',
  });
  return {
    blob: res.data,
    fileName: attachmentName(String(res.headers['content-disposition'] ?? ''), 'template.xlsx'),
  };
}

export interface ImportError {
  row: number;
  field: string;
  message: string;
}

export interface ImportResult {
  total: number;
  imported: number;
  errors: ImportError[];
}

/** Imports a filled template: all rows, or none and every row's problems (idempotent per key). */
export async function importRecords(
  modelId: string,
  file: Blob,
  idemKey: string,
  preview?: boolean,
): Promise<{ msg: string; result: ImportResult }> {
  const body = new FormData();
  body.append('file', file, 'import.xlsx');
  const res = await request<ImportResult>({
    url: path(modelId, '/Actions/Import'),
    method: 'post',
    params: { idemKey, ...previewParams(preview) },
    data: body,
    timeout: 0,
  });
  return { msg: res.msg, result: res.data };
}

/** A choice field's options as the server has them (the left tree of a tree list). */
export async function fieldOptions(modelId: string, field: string): Promise<OptionItem[]> {
  const res = await request<{ list: OptionItem[] }>({
    url: path(modelId, '/Options'),
    method: 'get',
    data: { field },
  });
  return res.data?.list ?? [];
}

/** Records of a related model with one field's display value (a relation tree's nodes). */
export async function relatedRecords(modelId: string, field: string): Promise<OptionItem[]> {
  const { list } = await relationRows(modelId, field, { pageSize: 100 });
  return list.map((r) => ({ id: r.id, fullName: r[field] ?? '' }));
}

/** Hands a downloaded file to the browser. */
export const saveFile = ({ blob, fileName }: Download): void => saveBlob(blob, fileName);

/** A key that makes a retried create or import answer with the first result. */
export const requestKey = (): string => crypto.randomUUID();
