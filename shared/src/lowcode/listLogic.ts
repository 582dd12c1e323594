/**
 * The published list page's pure decisions (no React, no I/O): the search fields with their
 * controls and how a filled search becomes the list call's `queryJson`, which buttons the list
 * shows to this user, the table's group header rows, and the export progress text's size.
 */
import {
  BUTTON_CODES,
  mainFields,
  searchModeOf,
  type ColumnData,
  type ColumnItem,
  type FormData,
  type FormField,
  type SearchMode,
} from '@lighting/shared/formcore';
import type { ListGroup, ListRow } from './api';

/** How a search field is filled: text typed, the field's own picker, a number or a date range. */
export type SearchInput = 'text' | 'control' | 'numberRange' | 'dateRange' | 'timeTextRange';

export interface SearchItem {
  item: ColumnItem;
  field: FormField;
  mode: SearchMode;
  input: SearchInput;
}

/** The list's search fields that its form still has, each with how it is filled. */
export function searchItems(cd: ColumnData, form: Pick<FormData, 'fields'>): SearchItem[] {
  const fields = mainFields(form);
  const out: SearchItem[] = [];
  for (const item of cd.searchList) {
    const field = fields.get(item.prop);
    const mode = field ? searchModeOf(field) : null;
    if (!field || !mode) continue;
    const key = field.__config__.jnpfKey;
    const input: SearchInput =
      mode === 'contains'
        ? 'text'
        : mode === 'range'
          ? key === 'datePicker'
            ? 'dateRange'
            : key === 'createTime' || key === 'modifyTime'
              ? 'timeTextRange'
              : 'numberRange'
          : 'control';
    // one value to look for, even where the form takes several
    const single: FormField = input === 'control' ? { ...field, multiple: false, disabled: false } : field;
    out.push({ item, field: single, mode, input });
  }
  return out;
}

export type SearchValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly unknown[]
  | [string | number | null, string | number | null];

const empty = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.every((x) => x === undefined || x === null || x === ''));

/**
 * The filled search fields → `queryJson` (undefined when nothing is filled). A picker's path
 * (cascader, organisation) is looked for by its last id; ranges keep `[from, to]`.
 */
export function queryJsonOf(
  items: readonly SearchItem[],
  values: Readonly<Record<string, SearchValue>>,
): string | undefined {
  const out: Record<string, unknown> = {};
  for (const { item, input } of items) {
    const v = values[item.prop];
    if (empty(v)) continue;
    if (input === 'numberRange' || input === 'dateRange' || input === 'timeTextRange') {
      const [from = null, to = null] = Array.isArray(v) ? (v as unknown[]) : [v, v];
      out[item.prop] = [from === '' ? null : from, to === '' ? null : to];
      continue;
    }
    out[item.prop] = Array.isArray(v) ? v[v.length - 1] : v;
  }
  return Object.keys(out).length ? JSON.stringify(out) : undefined;
}

export interface ListButtons {
  add: boolean;
  download: boolean;
  upload: boolean;
  batchRemove: boolean;
  edit: boolean;
  remove: boolean;
  detail: boolean;
}

/**
 * The buttons the list shows: those the designer put on it whose permission code (spec §6) the
 * user holds on this page (`has`); a designer's preview shows them all.
 */
export function listButtons(cd: ColumnData, has: (code: string) => boolean, preview: boolean): ListButtons {
  const on = (value: keyof ListButtons, list: ReadonlyArray<{ value: string }>) =>
    list.some((b) => b.value === value) && (preview || has(BUTTON_CODES[value]));
  return {
    add: on('add', cd.btnsList),
    download: on('download', cd.btnsList),
    upload: on('upload', cd.btnsList),
    batchRemove: on('batchRemove', cd.btnsList),
    edit: on('edit', cd.columnBtnsList),
    remove: on('remove', cd.columnBtnsList),
    detail: on('detail', cd.columnBtnsList),
  };
}

/** A button's text: what the designer wrote, else the language's. */
export const buttonLabel = (cd: ColumnData, value: keyof ListButtons, fallback: string): string => {
  const b = [...cd.btnsList, ...cd.columnBtnsList].find((x) => x.value === value);
  return b?.label?.trim() ? b.label : fallback;
};

/** A header row of a grouped list (its rows under it); record rows are plain ListRows. */
export interface GroupRow {
  id: string;
  group: ListGroup;
  children: ListRow[];
}

/**
 * The page's rows under their group headers, in page order: rows whose group field shows the
 * group's display value go under it (the server sorts a grouped list by its group first).
 */
export function groupRows(
  rows: readonly ListRow[],
  groups: readonly ListGroup[],
  groupField: string,
): GroupRow[] {
  const out: GroupRow[] = groups.map((g, i) => ({
    id: `group:${i}:${String(g.key)}`,
    group: g,
    children: [],
  }));
  for (const r of rows) {
    const label = String(r[groupField] ?? '');
    const g = out.find((x) => x.group.label === label) ?? out[out.length - 1];
    if (g) g.children.push(r);
  }
  return out.filter((g) => g.children.length);
}

/** Bytes as '12.3 MB' (export progress). */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
