/**
 * The low-code server's own rules (pure): the bounds of the JSON a model and a record carry, what
 * the text inside it may hold, the list JSON's shape check, names of copies, bill numbers a rule
 * may have issued, and the values of system fields. The form logic itself (loading, design checks,
 * submitted-data checks, calculates) is @lighting/shared/formcore's: the server calls it.
 */
import Ajv from 'ajv';
import { datePart, renderNumber } from '../system';
import { textProblem } from '../http/text-rules';
import { CN_OFFSET_MS } from '../kernel';

/** A model's form JSON: at most ~1 MB of text. */
export const FORM_DATA_MAX = 1_000_000;
/** A model's list JSON (columnData). */
export const COLUMN_DATA_MAX = 256_000;
/** The tables note. */
export const TABLES_MAX = 20_000;
/** A record's submitted values. */
export const RECORD_DATA_MAX = 1_000_000;
/** How deep a JSON document may nest (a form: layout in layout in a tab…; far above real forms). */
export const JSON_MAX_DEPTH = 40;
/** The request body of a model's create/update (the JSON texts above, escaped, and the rest). */
export const MODEL_BODY_LIMIT = 3 * 1024 * 1024;
/** The request body of a record's create/update. */
export const RECORD_BODY_LIMIT = 2 * 1024 * 1024;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Why `text` (the body field `field`) is not a JSON document we store, or the parsed value. */
export function parseJsonField(
  text: string,
  field: string,
): { ok: true; value: Json } | { ok: false; message: string } {
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch {
    return { ok: false, message: `${field}: must be JSON` };
  }
  const problem = jsonProblem(value, field);
  return problem ? { ok: false, message: problem } : { ok: true, value };
}

/**
 * The first problem inside a parsed JSON document, naming its path (`data.items[2].name: …`): too
 * deep, or a string (key or value) the text rules refuse (control characters, broken surrogates,
 * bidi overrides — escaped inside the JSON text, they pass the outer field's check). Iterative, so
 * a hostile document cannot overflow the stack.
 */
export function jsonProblem(value: unknown, base: string): string | null {
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: value, path: base, depth: 0 }];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const { v, path, depth } = top;
    if (typeof v === 'string') {
      const p = textProblem(v, 'multi');
      if (p) return `${path}: ${p}`;
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= JSON_MAX_DEPTH) return `${path}: nested more than ${JSON_MAX_DEPTH} levels`;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ v: v[i], path: `${path}[${i}]`, depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(v as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, child] = entries[i] ?? ['', null];
      const kp = textProblem(k, 'line');
      if (kp) return `${path}: a key ${kp}`;
      stack.push({ v: child, path: `${path}.${k}`, depth: depth + 1 });
    }
  }
  return null;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/* ---------- the list JSON (columnData): issue 13 designs it; here only its shape and bounds ---------- */

const columnItem = {
  type: 'object',
  properties: {
    label: { type: 'string', maxLength: 100 },
    prop: { type: 'string', maxLength: 200 },
    align: { enum: ['left', 'center', 'right'] },
    width: { type: ['number', 'string', 'null'], maxLength: 20 },
    jnpfKey: { type: 'string', maxLength: 50 },
  },
} as const;
const buttonItem = {
  type: 'object',
  required: ['value'],
  properties: { value: { type: 'string', maxLength: 50 }, label: { type: 'string', maxLength: 50 } },
} as const;
const COLUMN_DATA_SCHEMA = {
  type: 'object',
  properties: {
    searchList: { type: 'array', maxItems: 100, items: columnItem },
    columnList: { type: 'array', maxItems: 200, items: columnItem },
    type: { enum: [1, 2, 3] },
    defaultSidx: { type: 'string', maxLength: 200 },
    sort: { enum: ['asc', 'desc', ''] },
    hasPage: { type: 'boolean' },
    pageSize: { enum: [10, 20, 50, 100] },
    treeTitle: { type: 'string', maxLength: 100 },
    groupField: { type: 'string', maxLength: 200 },
    btnsList: { type: 'array', maxItems: 20, items: buttonItem },
    columnBtnsList: { type: 'array', maxItems: 20, items: buttonItem },
  },
} as const;

const validateColumns = new Ajv({ allErrors: false, strict: false }).compile(COLUMN_DATA_SCHEMA);

/** Why a list JSON (already parsed) cannot be stored, naming the path; null when it can. */
export function columnDataProblem(value: Json): string | null {
  if (validateColumns(value)) return null;
  const e = validateColumns.errors?.[0];
  const path = (e?.instancePath ?? '')
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join('');
  return `columnData${path}: ${e?.message ?? 'invalid'}`;
}

/* ---------- copies ---------- */

/** The name and code of the `n`-th copy of a model (n ≥ 1), within the 50-character limits. */
export function copyNames(fullName: string, enCode: string, n: number): { fullName: string; enCode: string } {
  const nameSuffix = n === 1 ? '副本' : `副本${n}`;
  const codeSuffix = `.copy${n}`;
  return {
    fullName:
      Array.from(fullName)
        .slice(0, 50 - nameSuffix.length)
        .join('') + nameSuffix,
    enCode: enCode.slice(0, 50 - codeSuffix.length).replace(/\.+$/, '') + codeSuffix,
  };
}

/* ---------- bill numbers ---------- */

export interface RuleState {
  prefix: string;
  suffix: string;
  digit: number;
  dateFormat: string;
  startNumber: number;
  currentDate: string;
  currentSeq: number;
  issued: number;
}

/** Length of a rule's date part ('' format: 0). */
const dateLength = (format: string): number => datePart(format, 0).length;

/**
 * Whether `number` is one the rule has already handed out (a number reserved when a form opened):
 * it renders from the rule's prefix, a date part, a sequence and the suffix, and is not after the
 * rule's last number (an earlier period, or the current period up to its last sequence).
 */
export function wasIssued(rule: RuleState, number: string): boolean {
  if (!rule.issued || !number.startsWith(rule.prefix) || !number.endsWith(rule.suffix)) return false;
  const middle = number.slice(rule.prefix.length, number.length - rule.suffix.length);
  const dl = dateLength(rule.dateFormat);
  const date = middle.slice(0, dl);
  const seqText = middle.slice(dl);
  if (!/^\d+$/.test(seqText) || (dl > 0 && !/^\d+$/.test(date))) return false;
  const seq = Number(seqText);
  if (renderNumber(rule, date, seq) !== number || seq < rule.startNumber) return false;
  if (date === rule.currentDate) return seq <= Number(rule.currentSeq);
  // an earlier period of a dated rule (date parts of one format sort as text)
  return dl > 0 && date < rule.currentDate;
}

/* ---------- system fields ---------- */

/** Who saves and where they sit: what the system controls show. */
export interface Saver {
  userId: string;
  /** the user's company (the nearest company above their unit), or null */
  companyId: string | null;
  /** the user's department, or null when they sit directly in a company */
  departmentId: string | null;
  positionId: string | null;
}

/**
 * The value of a system control on save (JNPF's rules): creator and creation time are written when
 * the record is created and kept after; modifier and modification time on every update (empty on
 * create); company, department and position are the creator's, when created. People and units are
 * stored as ids (DataChange shows names), times as 'YYYY-MM-DD HH:mm:ss' in China time.
 */
export function systemValue(
  key: string,
  saver: Saver,
  now: number,
  previous: Readonly<Record<string, unknown>> | null,
  name: string,
): unknown {
  const kept = previous ? previous[name] : undefined;
  switch (key) {
    case 'createUser':
      return previous ? (kept ?? null) : saver.userId;
    case 'createTime':
      return previous ? (kept ?? null) : formatChinaTime(now);
    case 'modifyUser':
      return previous ? saver.userId : null;
    case 'modifyTime':
      return previous ? formatChinaTime(now) : null;
    case 'currOrganize':
      return previous ? (kept ?? null) : saver.companyId;
    case 'currDept':
      return previous ? (kept ?? null) : saver.departmentId;
    case 'currPosition':
      return previous ? (kept ?? null) : saver.positionId;
    default:
      return kept ?? null;
  }
}

/** The model ids a menu's propertyJson names (`moduleId`), or [] when it names none. */
export function menuModuleId(propertyJson: string): string | null {
  try {
    const v: unknown = JSON.parse(propertyJson);
    return isObj(v) && typeof v.moduleId === 'string' && v.moduleId ? v.moduleId : null;
  } catch {
    return null;
  }
}

/**
 * A time shown in a record's display values, in China time whatever the server's zone: the tokens
 * YYYY, MM, DD, HH, mm, ss of the field's `format` (dayjs' names, as the renderer uses them).
 */
export function formatChinaTime(ms: unknown, format = 'YYYY-MM-DD HH:mm:ss'): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '';
  const iso = new Date(ms + CN_OFFSET_MS).toISOString();
  const parts: Record<string, string> = {
    YYYY: iso.slice(0, 4),
    MM: iso.slice(5, 7),
    DD: iso.slice(8, 10),
    HH: iso.slice(11, 13),
    mm: iso.slice(14, 16),
    ss: iso.slice(17, 19),
  };
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (t) => parts[t] ?? t);
}

/** At most this many columns a relation's record picker asks for. */
export const PICKER_COLUMNS_MAX = 20;

/**
 * The fields a relation's picker asks FieldDataSelect for: the shown field first, then its columns
 * (`columns`: comma-separated field names, JNPF's columnOptions), each once.
 */
export function relationPickerFields(
  field: string,
  columns: string | undefined,
): { ok: true; keys: string[] } | { ok: false; message: string } {
  const extra = (columns ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  if (extra.length > PICKER_COLUMNS_MAX)
    return { ok: false, message: `columns: 最多${PICKER_COLUMNS_MAX}列` };
  return { ok: true, keys: [...new Set([field, ...extra])] };
}

/**
 * A report's filter values from its `queryJson` (already parsed): an object naming only the report's
 * filters, each a text or number (a number for the number and date filters); empty ones are dropped.
 */
export function reportFilterValues(
  v: Json,
  filters: ReadonlyArray<{ param: string; kind: string }>,
): { ok: true; values: Record<string, string> } | { ok: false; message: string } {
  if (!v || typeof v !== 'object' || Array.isArray(v))
    return { ok: false, message: 'queryJson: must be a JSON object' };
  const values: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) {
    const f = filters.find((ff) => ff.param === k);
    if (!f) return { ok: false, message: `queryJson.${k}: not a filter of this report` };
    if (x === null || x === '') continue;
    if (typeof x !== 'string' && typeof x !== 'number')
      return { ok: false, message: `queryJson.${k}: must be a value` };
    if (f.kind !== 'text' && !Number.isFinite(Number(x)))
      return { ok: false, message: `queryJson.${k}: must be a number` };
    values[k] = String(x);
  }
  return { ok: true, values };
}
