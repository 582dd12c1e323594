/**
 * What the generator reads from a model (pure): its value fields with their TypeScript types and
 * the list's columns. The templates only print these facts.
 */
import {
  SYSTEM_KEYS,
  fieldValueType,
  valueFields,
  type ColumnData,
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

export interface ModelFacts {
  fields: FieldFact[];
  /** the list's columns (their field names), as the list JSON orders them */
  columns: string[];
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

/** The facts of a form and its list (normalised by formcore's `normalizeColumnData`). */
export function modelFacts(form: FormData, list: ColumnData, className: string): ModelFacts {
  const fields = valueFields(form).map((v) => fact(v, className));
  const known = new Set(fields.map((f) => f.key));
  return { fields, columns: list.columnList.map((c) => c.prop).filter((p) => known.has(p)) };
}
