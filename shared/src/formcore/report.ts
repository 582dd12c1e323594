/**
 * A data report (menu type 5): a data interface's answer shown as a table and a chart, with the
 * report's filters (the interface's parameters), columns and default sort (pure: the report
 * designer, the report page and the server read it alike). The rows are the interface's: at most
 * a few hundred (SQL interfaces answer 500 rows at most), so sorting and paging them happen on
 * the server over the whole answer.
 */

import { compareText } from '../core/collate';

export interface ReportColumn {
  /** a key of the interface's rows */
  prop: string;
  label: string;
  align?: 'left' | 'center' | 'right';
  width?: number;
  sortable?: boolean;
  /** how data permissions compare the column's values (a scheme's `>` on a number): text unless 'number' */
  type?: 'number';
}

/** A filter: the value of one of the interface's parameters, typed as text, a number or a date. */
export interface ReportFilter {
  param: string;
  label: string;
  /** a date is sent as epoch ms: 'dateFrom' the day's start, 'dateTo' its end */
  kind: 'text' | 'number' | 'dateFrom' | 'dateTo';
}

export interface ReportChart {
  type: 'bar' | 'line' | 'pie' | 'none';
  /** the column naming each category (the x axis, the pie's slices) */
  x: string;
  /** the columns drawn as series (a pie draws the first) */
  y: string[];
}

export interface ReportConfig {
  columns: ReportColumn[];
  filters: ReportFilter[];
  chart: ReportChart;
  defaultSidx?: string;
  sort?: 'asc' | 'desc';
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const KEY_RE = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export function emptyReportConfig(): ReportConfig {
  return { columns: [], filters: [], chart: { type: 'bar', x: '', y: [] }, sort: 'desc' };
}

/** A stored report config (text or parsed) → our shape with defaults; unknown keys dropped. */
export function normalizeReportConfig(raw: unknown): ReportConfig {
  let v: unknown = raw;
  if (typeof raw === 'string')
    try {
      v = JSON.parse(raw || '{}');
    } catch {
      v = {};
    }
  const out = emptyReportConfig();
  if (!isObj(v)) return out;
  if (Array.isArray(v.columns))
    out.columns = v.columns.filter(isObj).map((c) => {
      const col: ReportColumn = { prop: str(c.prop), label: str(c.label) || str(c.prop) };
      if (c.align === 'left' || c.align === 'center' || c.align === 'right') col.align = c.align;
      if (typeof c.width === 'number' && c.width > 0) col.width = Math.round(c.width);
      if (c.sortable === true) col.sortable = true;
      if (c.type === 'number') col.type = 'number';
      return col;
    });
  if (Array.isArray(v.filters))
    out.filters = v.filters.filter(isObj).map((f) => ({
      param: str(f.param),
      label: str(f.label) || str(f.param),
      kind: f.kind === 'number' || f.kind === 'dateFrom' || f.kind === 'dateTo' ? f.kind : 'text',
    }));
  if (isObj(v.chart)) {
    const c = v.chart;
    out.chart = {
      type: c.type === 'line' || c.type === 'pie' || c.type === 'none' ? c.type : 'bar',
      x: str(c.x),
      y: Array.isArray(c.y) ? c.y.map(str).filter(Boolean) : [],
    };
  }
  if (str(v.defaultSidx)) out.defaultSidx = str(v.defaultSidx);
  out.sort = v.sort === 'asc' ? 'asc' : 'desc';
  return out;
}

/**
 * Why a report cannot be saved, naming the path: columns and chart fields must be keys (letters,
 * digits, _), distinct; filters must be parameters of the interface; the chart needs its category
 * and at least one series among the columns.
 */
export function reportConfigProblem(cfg: ReportConfig, params: readonly string[]): string | null {
  if (!cfg.columns.length) return 'config.columns: the report needs at least one column';
  const seen = new Set<string>();
  for (const [i, c] of cfg.columns.entries()) {
    if (!KEY_RE.test(c.prop)) return `config.columns[${i}].prop: must be a column name`;
    if (seen.has(c.prop)) return `config.columns[${i}].prop: "${c.prop}" appears twice`;
    seen.add(c.prop);
  }
  for (const [i, f] of cfg.filters.entries())
    if (!params.includes(f.param))
      return `config.filters[${i}].param: the interface has no parameter "${f.param}"`;
  if (cfg.chart.type !== 'none') {
    if (!seen.has(cfg.chart.x)) return 'config.chart.x: must be one of the columns';
    if (!cfg.chart.y.length) return 'config.chart.y: choose at least one column to draw';
    const bad = cfg.chart.y.find((y) => !seen.has(y));
    if (bad !== undefined) return `config.chart.y: "${bad}" is not one of the columns`;
  }
  if (cfg.defaultSidx && !seen.has(cfg.defaultSidx)) return 'config.defaultSidx: must be one of the columns';
  return null;
}

/** A cell as a number when it is one (PostgreSQL answers big counts as text), else null. */
export function numberOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

/** Rows ordered by a column: numbers as numbers, text by the Chinese collation; empty cells last. */
export function sortReportRows<T extends Record<string, unknown>>(
  rows: readonly T[],
  sidx: string,
  sort: 'asc' | 'desc',
): T[] {
  const dir = sort === 'asc' ? 1 : -1;
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => {
      const x = a.r[sidx];
      const y = b.r[sidx];
      const ex = x === null || x === undefined || x === '';
      const ey = y === null || y === undefined || y === '';
      if (ex || ey) return ex === ey ? a.i - b.i : ex ? 1 : -1;
      const nx = numberOf(x);
      const ny = numberOf(y);
      const c = nx !== null && ny !== null ? nx - ny : compareText(String(x), String(y));
      return c === 0 ? a.i - b.i : c * dir;
    })
    .map((e) => e.r);
}

/** The chart's categories and series from the rows, as the table shows them. */
export function reportSeries(
  rows: readonly Record<string, unknown>[],
  cfg: ReportConfig,
): { categories: string[]; series: Array<{ prop: string; name: string; data: number[] }> } {
  const label = (p: string) => cfg.columns.find((c) => c.prop === p)?.label ?? p;
  return {
    categories: rows.map((r) => String(r[cfg.chart.x] ?? '')),
    series: cfg.chart.y.map((prop) => ({
      prop,
      name: label(prop),
      data: rows.map((r) => numberOf(r[prop]) ?? 0),
    })),
  };
}
