/**
 * Spreadsheet export of a server-paged list: fetch every page (the server caps pageSize at 100),
 * reporting progress, then turn rows into cells by the visible columns.
 */
import type { Envelope, Paged } from '@lighting/shared';
import { formatCityTime } from '../core/cityTime';

export const EXPORT_PAGE_SIZE = 100;

export interface ExportColumn<T> {
  title: string;
  /** Field of the row, or a function giving the cell text. */
  value: keyof T | ((row: T) => string | number | null | undefined);
}

export type PageFetcher<T, F> = (
  q: F & { currentPage: number; pageSize: number },
) => Promise<Envelope<Paged<T>>>;

/**
 * Every row matching `filters`, page by page. `onProgress(done, total)` after each page; stops early
 * when `signal` aborts (returns what it has with `aborted` true).
 */
export async function fetchAllPages<T, F extends object>(
  fetchPage: PageFetcher<T, F>,
  filters: F,
  onProgress: (done: number, total: number) => void = () => undefined,
  signal?: { aborted: boolean },
): Promise<{ rows: T[]; aborted: boolean }> {
  const rows: T[] = [];
  let total = Infinity;
  for (let currentPage = 1; rows.length < total; currentPage += 1) {
    if (signal?.aborted) return { rows, aborted: true };
    const res = await fetchPage({ ...filters, currentPage, pageSize: EXPORT_PAGE_SIZE });
    const list = res.data?.list ?? [];
    total = res.data?.pagination?.total ?? rows.length + list.length;
    rows.push(...list);
    onProgress(Math.min(rows.length, total), total);
    if (list.length === 0) break; // the total shrank while exporting
  }
  return { rows, aborted: false };
}

/**
 * Rows the page already holds (a dictionary's items, a tree depth first: each item before its
 * children) as the one page ExportButton fetches, for lists that are not paged on the server.
 */
export function loadedRows<T extends object>(rows: readonly T[]): PageFetcher<T, object> {
  // a node's children are rows of the same list (TreeTable's rows)
  const kids = (r: T): readonly T[] => {
    const c = (r as { children?: unknown }).children;
    return Array.isArray(c) ? (c as T[]) : [];
  };
  const depthFirst = (list: readonly T[]): T[] => list.flatMap((r) => [r, ...depthFirst(kids(r))]);
  return () => {
    const list = depthFirst(rows);
    return Promise.resolve({
      code: 200,
      msg: '',
      data: { list, pagination: { currentPage: 1, pageSize: list.length, total: list.length } },
    });
  };
}

/** Header row then one row of cells per record. */
export function sheetRows<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): (string | number)[][] {
  const cell = (c: ExportColumn<T>, r: T): string | number => {
    const v = typeof c.value === 'function' ? c.value(r) : r[c.value];
    if (v === null || v === undefined) return '';
    return typeof v === 'number' ? v : String(v);
  };
  return [columns.map((c) => c.title), ...rows.map((r) => columns.map((c) => cell(c, r)))];
}

/** A file name safe on every OS: title + the city's date stamp (Asia/Shanghai, the one time rule), .xlsx. */
export function exportFileName(title: string, now: Date): string {
  const safe = title.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'export';
  return `${safe}_${formatCityTime(now, 'YYYYMMDDHHmmss')}.xlsx`;
}

/** Percentage for the progress bar, 0–100, integer. */
export function percent(done: number, total: number): number {
  if (!Number.isFinite(total) || total <= 0) return done > 0 ? 100 : 0;
  return Math.max(0, Math.min(100, Math.floor((done / total) * 100)));
}
