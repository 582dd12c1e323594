/**
 * Spreadsheet import of a model's records (pure): which fields the template has and what each
 * column's note says, and how a cell's text becomes the stored value (option labels → ids, names
 * of people, units and positions → ids, dates in China time → epoch ms, 是/否 → the switch's
 * values). What the values then must satisfy is the form's own check (submission.ts), per row.
 */
import {
  controlInfo,
  fieldValueType,
  valueFields,
  type FormData,
  type FormField,
  type OptionItem,
} from '@lighting/shared/formcore';
import { CN_OFFSET_MS } from '../kernel';

/** Rows an import may hold (the file may be at most IMPORT_FILE_MAX bytes). */
export const IMPORT_ROWS_MAX = 5_000;
export const IMPORT_FILE_MAX = 5 * 1024 * 1024;

/** Controls a template offers: typed as text in a cell. */
const IMPORTABLE: ReadonlySet<string> = new Set([
  'input',
  'textarea',
  'inputNumber',
  'JNPFAmount',
  'switch',
  'radio',
  'checkbox',
  'select',
  'dicSelect',
  'treeSelect',
  'cascader',
  'datePicker',
  'timePicker',
  'rate',
  'slider',
  'userSelect',
  'depSelect',
  'posSelect',
  'organizeSelect',
]);

export interface ImportColumn {
  key: string;
  field: FormField;
  /** the header text: the label, with the field name when two labels are the same */
  header: string;
  /** what the template's note on the header says (how to type the value) */
  hint: string;
}

/** The template's columns: the form's main fields that can be typed in a cell, in form order. */
export function importColumns(form: Pick<FormData, 'fields'>): ImportColumn[] {
  const fields = valueFields(form).filter((v) => IMPORTABLE.has(v.field.__config__.jnpfKey));
  const counts = new Map<string, number>();
  for (const v of fields)
    counts.set(v.field.__config__.label, (counts.get(v.field.__config__.label) ?? 0) + 1);
  return fields.map((v) => {
    const label = v.field.__config__.label || v.key;
    return {
      key: v.key,
      field: v.field,
      header: (counts.get(v.field.__config__.label) ?? 0) > 1 ? `${label}(${v.key})` : label,
      hint: hintOf(v.field),
    };
  });
}

function hintOf(field: FormField): string {
  const required = field.__config__.required ? '必填。' : '';
  const multiple = fieldValueType(field).endsWith('[]');
  switch (field.__config__.jnpfKey) {
    case 'inputNumber':
    case 'JNPFAmount':
    case 'rate':
    case 'slider':
      return `${required}数字`;
    case 'switch':
      return `${required}是 / 否`;
    case 'datePicker':
      return `${required}日期，如 2026-01-31 或 2026-01-31 08:30`;
    case 'timePicker':
      return `${required}时间，如 08:30:00`;
    case 'userSelect':
      return `${required}账号或姓名${multiple ? '，多个用逗号分隔' : ''}`;
    case 'depSelect':
    case 'posSelect':
      return `${required}名称${multiple ? '，多个用逗号分隔' : ''}`;
    case 'organizeSelect':
      return `${required}组织名称`;
    case 'cascader':
      return `${required}各级名称用 / 分隔`;
    case 'radio':
    case 'select':
    case 'dicSelect':
    case 'treeSelect':
    case 'checkbox':
      return `${required}选项名称${multiple ? '，多个用逗号分隔' : ''}`;
    default:
      return required ? '必填' : '';
  }
}

/** The names a sheet's people, units and positions are looked up by. */
export interface Lookups {
  /** a choice field's options (loaded like a submission's) */
  options(field: FormField): readonly OptionItem[];
  /** account or real name → user id (a name two people share is not found) */
  user(text: string): string | undefined;
  /** unit name → its id and its path of ids from the root */
  organize(text: string): { id: string; path: string[] } | undefined;
  position(text: string): string | undefined;
}

export type CellResult = { ok: true; value: unknown } | { ok: false; message: string };

const fail = (message: string): CellResult => ({ ok: false, message });
const split = (s: string) =>
  s
    .split(/[,，;；、]/)
    .map((x) => x.trim())
    .filter(Boolean);

/** An option by its label or id, anywhere in the tree; with its path from the root. */
function findOption(
  options: readonly OptionItem[],
  text: string,
  path: OptionItem[] = [],
): OptionItem[] | null {
  for (const o of options) {
    if (o.fullName === text || String(o.id) === text) return [...path, o];
    const below = o.children ? findOption(o.children, text, [...path, o]) : null;
    if (below) return below;
  }
  return null;
}

/** 'YYYY-MM-DD[ HH:mm[:ss]]' (or with '/'), read as China time → epoch ms; null when not a date. */
export function chinaDate(text: string): number | null {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1);
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - CN_OFFSET_MS;
  const back = new Date(ms + CN_OFFSET_MS);
  if (back.getUTCMonth() !== Number(mo) - 1 || back.getUTCDate() !== Number(d)) return null;
  return ms;
}

/**
 * A cell → the stored value of its field. `cell` is what the sheet holds: text, a number, a
 * boolean, or a Date (a date cell: its wall-clock time is taken as China time). Empty → undefined
 * (the form's required check decides).
 */
export function cellValue(field: FormField, cell: unknown, lookups: Lookups): CellResult {
  if (cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === ''))
    return { ok: true, value: undefined };
  const key = field.__config__.jnpfKey;
  const text = cell instanceof Date ? '' : String(cell).trim();
  const multiple = fieldValueType(field).endsWith('[]');
  switch (key) {
    case 'input':
    case 'textarea':
      return { ok: true, value: cell instanceof Date ? cell.toISOString().slice(0, 10) : text };
    case 'inputNumber':
    case 'JNPFAmount':
    case 'rate':
    case 'slider': {
      const n = typeof cell === 'number' ? cell : Number(text.replace(/,/g, ''));
      return Number.isFinite(n) && text !== '' ? { ok: true, value: n } : fail('必须是数字');
    }
    case 'switch': {
      const on = field.activeValue ?? 1;
      const off = field.inactiveValue ?? 0;
      const t = text.toLowerCase();
      if (
        cell === true ||
        ['是', '1', 'true', 'y', 'yes', String(field.activeText ?? '是').toLowerCase()].includes(t)
      )
        return { ok: true, value: on };
      if (
        cell === false ||
        ['否', '0', 'false', 'n', 'no', String(field.inactiveText ?? '否').toLowerCase()].includes(t)
      )
        return { ok: true, value: off };
      return fail('请填写 是 或 否');
    }
    case 'datePicker': {
      if (cell instanceof Date) return { ok: true, value: cell.getTime() - CN_OFFSET_MS };
      const ms = chinaDate(text);
      return ms === null ? fail(`"${text}" 不是日期`) : { ok: true, value: ms };
    }
    case 'timePicker':
      return /^\d{1,2}:\d{2}(:\d{2})?$/.test(text)
        ? { ok: true, value: text.length === 5 ? `${text}:00` : text.padStart(8, '0') }
        : fail(`"${text}" 不是时间`);
    case 'cascader': {
      const names = text.split('/').map((x) => x.trim());
      let level = lookups.options(field);
      const ids: Array<string | number> = [];
      for (const n of names) {
        const o = level.find((x) => x.fullName === n || String(x.id) === n);
        if (!o) return fail(`"${n}" 不在可选项中`);
        ids.push(o.id);
        level = o.children ?? [];
      }
      return { ok: true, value: ids };
    }
    case 'radio':
    case 'select':
    case 'dicSelect':
    case 'treeSelect':
    case 'checkbox': {
      const options = lookups.options(field);
      const parts = multiple ? split(text) : [text];
      const ids: Array<string | number> = [];
      for (const p of parts) {
        const found = findOption(options, p);
        const last = found?.[found.length - 1];
        if (!last) return fail(`"${p}" 不在可选项中`);
        ids.push(last.id);
      }
      return { ok: true, value: multiple ? ids : ids[0] };
    }
    case 'userSelect':
    case 'depSelect':
    case 'posSelect': {
      const parts = multiple ? split(text) : [text];
      const ids: string[] = [];
      for (const p of parts) {
        const id =
          key === 'userSelect'
            ? lookups.user(p)
            : key === 'posSelect'
              ? lookups.position(p)
              : lookups.organize(p)?.id;
        if (!id) return fail(`"${p}" 不存在或不唯一`);
        ids.push(id);
      }
      return { ok: true, value: multiple ? ids : ids[0] };
    }
    case 'organizeSelect': {
      const parts = multiple ? split(text) : [text];
      const paths: string[][] = [];
      for (const p of parts) {
        const o = lookups.organize(p);
        if (!o) return fail(`"${p}" 不存在或不唯一`);
        paths.push(o.path);
      }
      return { ok: true, value: multiple ? paths : paths[0] };
    }
    default:
      return controlInfo(key) ? fail('该字段不能导入') : fail('未知控件');
  }
}

/** A header row → the template column of each sheet column, or the first unknown header. */
export function matchHeaders(
  headers: readonly unknown[],
  columns: readonly ImportColumn[],
): { ok: true; byIndex: Map<number, ImportColumn> } | { ok: false; message: string } {
  const byHeader = new Map(columns.flatMap((c) => [[c.header, c] as const, [c.key, c] as const]));
  const byIndex = new Map<number, ImportColumn>();
  const seen = new Set<string>();
  for (const [i, h] of headers.entries()) {
    const text = typeof h === 'string' ? h.trim() : h === null || h === undefined ? '' : String(h);
    if (!text) continue;
    const col = byHeader.get(text);
    if (!col) return { ok: false, message: `列「${text}」不是表单中可导入的字段` };
    if (seen.has(col.key)) return { ok: false, message: `列「${text}」重复` };
    seen.add(col.key);
    byIndex.set(i, col);
  }
  if (!byIndex.size) return { ok: false, message: '第 1 行应是模板的表头' };
  return { ok: true, byIndex };
}

export interface ImportError {
  /** the sheet's row number (1 is the header) */
  row: number;
  /** the field's label, or '' for the row as a whole */
  field: string;
  message: string;
}

/**
 * Every problem of one sheet row, in column order: the cells that could not be read as values, then
 * what the form's check (`checkRecord`) found in the values that could, each named by its column's
 * header (a sub-table path by its field's). A column whose cell was not read is not reported again
 * (an unread required cell is not also 'empty').
 */
export function rowErrors(
  row: number,
  cellErrors: ReadonlyArray<{ key: string; message: string }>,
  problems: ReadonlyArray<{ field: string; message: string }>,
  cols: readonly ImportColumn[],
): ImportError[] {
  const header = (key: string) => cols.find((c) => c.key === key)?.header;
  const unread = new Set(cellErrors.map((e) => e.key));
  const out: Array<ImportError & { order: number }> = cellErrors.map((e) => ({
    row,
    field: header(e.key) ?? e.key,
    message: e.message,
    order: cols.findIndex((c) => c.key === e.key),
  }));
  for (const p of problems) {
    const key = p.field.split(/[.[]/)[0] ?? p.field;
    if (unread.has(key)) continue;
    const order = cols.findIndex((c) => c.key === key);
    out.push({
      row,
      field: header(key) ?? p.field,
      message: p.message,
      order: order < 0 ? cols.length : order,
    });
  }
  return out
    .sort((a, b) => a.order - b.order)
    .map(({ row: r, field, message }) => ({ row: r, field, message }));
}
