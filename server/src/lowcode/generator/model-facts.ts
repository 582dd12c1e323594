/**
 * What the generator reads from a model (pure): its value fields with their TypeScript types, the
 * list's columns (the list JSON's, or the first fields of the form when the list is not designed)
 * and the buttons. The templates only print these facts.
 */
import {
  SYSTEM_KEYS,
  fieldValueType,
  valueFields,
  type ColumnData,
  type ColumnItem,
  type FormData,
  type FormField,
  type JnpfKey,
  type ValueField,
} from '@lighting/shared/formcore';
import { lit, pascal } from './names';

export interface FieldFact {
  key: string;
  label: string;
  jnpfKey: string;
  /** the TypeScript type of the value */
  tsType: string;
  /** the client must send it (required, and not filled by the server) */
  required: boolean;
  /** a sub-table: the name of its row type and its columns */
  rows?: { typeName: string; columns: FieldFact[] };
}

export interface ColumnFact {
  prop: string;
  label: string;
  align: 'left' | 'center' | 'right';
  width?: number;
  sortable: boolean;
}

export interface ButtonFacts {
  add: boolean;
  export: boolean;
  edit: boolean;
  remove: boolean;
  detail: boolean;
}

export interface ModelFacts {
  fields: FieldFact[];
  columns: ColumnFact[];
  buttons: ButtonFacts;
  pageSize: number;
  sort: { sidx: string; sort: 'asc' | 'desc' } | null;
}

/** Values the server fills (system controls, bill numbers, calculates): never required from the client. */
const serverFilled = (key: string): boolean =>
  SYSTEM_KEYS.has(key as JnpfKey) || key === 'billRule' || key === 'calculate';

/** A TypeScript literal type of a switch's stored value, when it is a plain value. */
function literalType(v: unknown, fallback: string): string {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return lit(v);
  return fallback;
}

function tsTypeOf(field: FormField, rowType: string): string {
  switch (fieldValueType(field)) {
    case 'number':
      return 'number';
    case 'switch': {
      const on = literalType(field.activeValue ?? 1, 'number | string | boolean');
      const off = literalType(field.inactiveValue ?? 0, 'number | string | boolean');
      return on === off ? on : `${on} | ${off}`;
    }
    case 'option':
      return 'string | number';
    case 'option[]':
    case 'path':
      return 'Array<string | number>';
    case 'path[]':
      return 'Array<Array<string | number>>';
    case 'string[]':
      return 'string[]';
    case 'number[]':
      return 'number[]';
    case 'file[]':
      return 'UploadedFile[]';
    case 'rows':
      return `${rowType}[]`;
    default:
      return 'string';
  }
}

function fact(v: ValueField, className: string): FieldFact {
  const jnpfKey = v.field.__config__.jnpfKey;
  const label = typeof v.field.__config__.label === 'string' ? v.field.__config__.label : v.key;
  const name = v.key.split('.').pop() ?? v.key;
  const rowType = `${className}${pascal(name)}Row`;
  const out: FieldFact = {
    key: name,
    label,
    jnpfKey,
    tsType: tsTypeOf(v.field, rowType),
    required: v.field.__config__.required === true && !serverFilled(jnpfKey),
  };
  if (v.columns) out.rows = { typeName: rowType, columns: v.columns.map((c) => fact(c, className)) };
  return out;
}

/** Controls whose value is no cell text (rows, files, rich text). */
const NOT_A_COLUMN = new Set(['table', 'uploadFz', 'uploadImg', 'editor']);
const DEFAULT_COLUMNS = 6;

function columnsOf(fields: FieldFact[], list: ColumnData): ColumnFact[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const designed = list.columnList.filter(
    (c: ColumnItem) =>
      typeof c?.prop === 'string' && byKey.has(c.prop) && !NOT_A_COLUMN.has(byKey.get(c.prop)!.jnpfKey),
  );
  if (designed.length)
    return designed.map((c) => ({
      prop: c.prop,
      label: typeof c.label === 'string' && c.label.trim() ? c.label : byKey.get(c.prop)!.label,
      align: c.align === 'center' || c.align === 'right' ? c.align : 'left',
      ...(typeof c.width === 'number' && c.width > 0 ? { width: Math.round(c.width) } : {}),
      sortable: c.sortable === true,
    }));
  return fields
    .filter((f) => !NOT_A_COLUMN.has(f.jnpfKey))
    .slice(0, DEFAULT_COLUMNS)
    .map((f) => ({ prop: f.key, label: f.label, align: 'left' as const, sortable: false }));
}

/** The designed buttons (formcore's list JSON: add, download = export, edit, remove, detail). */
function buttonsOf(list: ColumnData): ButtonFacts {
  const top = new Set(list.btnsList.map((b) => b.value));
  const row = new Set(list.columnBtnsList.map((b) => b.value));
  return {
    add: top.has('add'),
    export: top.has('download'),
    edit: row.has('edit'),
    remove: row.has('remove'),
    detail: row.has('detail'),
  };
}

/** The facts of a form and its list (normalised by formcore's `normalizeColumnData`). */
export function modelFacts(form: FormData, list: ColumnData, className: string): ModelFacts {
  const fields = valueFields(form).map((v) => fact(v, className));
  const columns = columnsOf(fields, list);
  const sidx = list.defaultSidx;
  const sort =
    typeof sidx === 'string' && columns.some((c) => c.prop === sidx && c.sortable)
      ? { sidx, sort: list.sort === 'asc' ? ('asc' as const) : ('desc' as const) }
      : null;
  return { fields, columns, buttons: buttonsOf(list), pageSize: list.pageSize ?? 20, sort };
}
