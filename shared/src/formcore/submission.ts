/**
 * Submitted form data checked against the form (issue 12: the server validates; the client's
 * checks are convenience and use these same rules): required, regList, the value's type per
 * control, option membership, sub-table rows and their cells, text and list sizes, upload counts.
 * Problems name the data path: 'qty', 'items[2].qty'.
 *
 * Also what the client does not own: system controls and bill numbers the server fills, display-
 * only calculates (isStorage 0) that are never stored, and keys that are not in the form.
 */
import { isSafeLink } from '../core/links';
import { tooManyFilesMessage } from '../core/format';
import { fieldValueType, controlInfo } from './controls';
import { isDisplayOnly, valueFields, type ValueField } from './fields';
import { isOptionPath, optionIdSet, optionSource } from './options';
import { isEmptyValue, regListProblem, requiredMessage, requiredProblem } from './rules';
import type { FormLang } from './texts';
import { uploadLimits } from './uploads';
import {
  SYSTEM_KEYS,
  type FieldOperate,
  type FormData,
  type FormField,
  type JnpfKey,
  type OptionItem,
} from './types';

export interface SubmissionProblem {
  /** 'qty', 'items[2].qty' */
  field: string;
  message: string;
}

export interface SubmissionContext {
  /**
   * The options of a dictionary or data-interface field (by key: 'kind' or 'items.kind'); return
   * undefined when not known, and membership is not checked. Static options come from the form.
   */
  options?(field: FormField, key: string): readonly OptionItem[] | undefined;
  /** A workflow node's switches: fields it may not write are not checked; `required` overrides. */
  operates?: readonly FieldOperate[];
  /** the reader's language for the required and regList messages (default zh) */
  lang?: FormLang;
}

/** Upper bounds the server applies whatever the form says. */
export const LIMITS = {
  rows: 1000,
  text: 2000,
  textarea: 20000,
  richText: 1_000_000,
  listItems: 500,
  pathDepth: 10,
} as const;

type Row = Record<string, unknown>;
const isObj = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string | number =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

function decimals(n: number): number {
  const s = String(n);
  const e = /e-(\d+)$/.exec(s);
  if (e) return Number(e[1]);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** The type, range and size problem of a present (non-empty) value, or null. */
function typeProblem(
  field: FormField,
  value: unknown,
  options: readonly OptionItem[] | undefined,
): string | null {
  const key = field.__config__.jnpfKey as JnpfKey;
  switch (fieldValueType(field)) {
    case 'string': {
      if (typeof value !== 'string') return '必须是文本';
      const cap = key === 'editor' ? LIMITS.richText : key === 'textarea' ? LIMITS.textarea : LIMITS.text;
      const max = num(field.maxlength);
      const limit = max !== undefined && max > 0 ? Math.min(max, cap) : cap;
      if ([...value].length > limit) return `最多${limit}个字符`;
      if (key === 'timePicker' && !/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value))
        return '时间格式不正确';
      if (
        key === 'colorPicker' &&
        !/^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%]+\))$/.test(value)
      )
        return '颜色格式不正确';
      return null;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return '必须是数字';
      if (key === 'calculate' || key === 'datePicker') return null;
      const min = num(field.min);
      const max = key === 'rate' ? (num(field.count) ?? 5) : num(field.max);
      if (min !== undefined && value < min) return `不能小于${min}`;
      if (key === 'rate' && value < 0) return '不能小于0';
      if (max !== undefined && value > max) return `不能大于${max}`;
      const p = num(field.precision);
      if (p !== undefined && Number.isInteger(p) && p >= 0 && decimals(value) > p)
        return p === 0 ? '必须是整数' : `最多${p}位小数`;
      return null;
    }
    case 'switch': {
      const on = field.activeValue ?? 1;
      const off = field.inactiveValue ?? 0;
      return value === on || value === off ? null : '取值无效';
    }
    case 'option': {
      if (!isId(value)) return '取值无效';
      if (options && !optionIdSet(options).has(String(value))) return '不在可选项中';
      return null;
    }
    case 'option[]': {
      if (!Array.isArray(value) || !value.every(isId)) return '取值无效';
      if (value.length > LIMITS.listItems) return `最多${LIMITS.listItems}项`;
      if (options) {
        const ids = optionIdSet(options);
        if (!value.every((v) => ids.has(String(v)))) return '不在可选项中';
      }
      return null;
    }
    case 'path':
      return pathProblem(value, options);
    case 'path[]': {
      if (!Array.isArray(value) || value.length > LIMITS.listItems) return '取值无效';
      for (const p of value) {
        const problem = pathProblem(p, options);
        if (problem) return problem;
      }
      return null;
    }
    case 'string[]': {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v.length <= LIMITS.text))
        return '取值无效';
      if (key === 'timeRange') {
        if (value.length !== 2) return '取值无效';
        return String(value[0]) <= String(value[1]) ? null : '开始时间不能晚于结束时间';
      }
      return value.length > LIMITS.listItems ? `最多${LIMITS.listItems}项` : null;
    }
    case 'number[]': {
      if (!Array.isArray(value) || value.length !== 2 || !value.every((v) => num(v) !== undefined))
        return '取值无效';
      return (value[0] as number) <= (value[1] as number) ? null : '开始日期不能晚于结束日期';
    }
    case 'file[]': {
      if (!Array.isArray(value)) return '取值无效';
      const limits = uploadLimits(field);
      if (limits.limit > 0 && value.length > limits.limit)
        return tooManyFilesMessage(limits.limit, limits.images);
      if (value.length > LIMITS.listItems) return `最多${LIMITS.listItems}项`;
      for (const f of value) {
        if (!isObj(f) || typeof f.name !== 'string' || typeof f.url !== 'string') return '文件信息不完整';
        if (f.name.length > 255 || f.url.length > 2000 || !isSafeLink(f.url)) return '文件地址无效';
      }
      return null;
    }
    case 'rows':
    case 'none':
      return null;
  }
}

function pathProblem(value: unknown, options: readonly OptionItem[] | undefined): string | null {
  if (!Array.isArray(value) || value.length > LIMITS.pathDepth || !value.every(isId)) return '取值无效';
  if (options && value.length > 0 && !isOptionPath(options, value)) return '不在可选项中';
  return null;
}

/**
 * One value's problem (null when it may be saved): required (a sub-table cell's rule when
 * `inTable`), then the type, range and size per control, then regList. `options` are the choices
 * to check membership against: omitted, a static field uses its own and others are not checked;
 * null skips the check. Values the server fills (system, bill number, calculate) have none.
 */
export function fieldProblem(
  field: FormField,
  value: unknown,
  opts: {
    required?: boolean;
    inTable?: boolean;
    options?: readonly OptionItem[] | null;
    /** the reader's language for the required and regList messages (default zh) */
    lang?: FormLang;
  } = {},
): string | null {
  const key = field.__config__.jnpfKey as JnpfKey;
  if (SYSTEM_KEYS.has(key) || key === 'billRule' || key === 'calculate' || key === 'table') return null;
  const required = requiredProblem(field, value, {
    inTable: opts.inTable === true,
    required: opts.required ?? field.__config__.required === true,
    lang: opts.lang,
  });
  if (required) return required;
  if (isEmptyValue(field, value)) return null;
  let options: readonly OptionItem[] | undefined;
  if (opts.options === undefined) {
    const src = optionSource(field);
    options = src?.kind === 'static' ? src.options : undefined;
  } else options = opts.options ?? undefined;
  return typeProblem(field, value, options) ?? regListProblem(field, value, opts.lang);
}

/** Fields the server fills or derives; the client's values for them are not trusted. */
export type ServerFilledKind = 'system' | 'billRule' | 'calculate';

/**
 * The value fields the server fills: system controls (creator, times, organisation, department,
 * position), bill numbers (a number reserved when the form opened is consumed, else one is drawn)
 * and calculates (recomputed with applyCalculations; display-only ones, isStorage 0, not stored).
 */
export function serverFilledFields(
  form: Pick<FormData, 'fields'>,
): Array<{ key: string; kind: ServerFilledKind; field: FormField }> {
  const out: Array<{ key: string; kind: ServerFilledKind; field: FormField }> = [];
  const visit = (v: ValueField): void => {
    const key = v.field.__config__.jnpfKey as JnpfKey;
    if (SYSTEM_KEYS.has(key)) out.push({ key: v.key, kind: 'system', field: v.field });
    else if (key === 'billRule') out.push({ key: v.key, kind: 'billRule', field: v.field });
    else if (key === 'calculate') out.push({ key: v.key, kind: 'calculate', field: v.field });
    v.columns?.forEach(visit);
  };
  valueFields(form).forEach(visit);
  return out;
}

const storesValue = (field: FormField): boolean => {
  const key = field.__config__.jnpfKey as JnpfKey;
  if (SYSTEM_KEYS.has(key)) return false;
  if (key === 'calculate') return !isDisplayOnly(field);
  return controlInfo(key)?.hasValue === true;
};

/**
 * The data the client may write: only the form's value fields (rows keep only their columns),
 * without system controls (the server fills them) and display-only calculates (isStorage 0).
 * Bill numbers are kept (the server checks and consumes a reserved one). A fresh object.
 */
export function stripSystemAndDisplay(
  form: Pick<FormData, 'fields'>,
  data: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const v of valueFields(form)) {
    if (!storesValue(v.field) || !Object.prototype.hasOwnProperty.call(data, v.key)) continue;
    const value = data[v.key];
    if (v.field.__config__.jnpfKey !== 'table') {
      out[v.key] = value;
      continue;
    }
    const columns = (v.columns ?? []).filter((c) => storesValue(c.field));
    out[v.key] = Array.isArray(value)
      ? value.map((row: unknown) => {
          if (!isObj(row)) return row;
          const clean: Row = {};
          for (const c of columns) {
            const name = c.field.__vModel__ as string;
            if (Object.prototype.hasOwnProperty.call(row, name)) clean[name] = row[name];
          }
          return clean;
        })
      : value;
  }
  return out;
}

/**
 * Every problem of submitted data against the form (empty when it may be saved). Values the server
 * fills (system, bill number, calculate) are not checked; keys not in the form are ignored (strip
 * them with stripSystemAndDisplay).
 */
export function validateSubmission(
  form: Pick<FormData, 'fields'>,
  data: Readonly<Record<string, unknown>>,
  ctx: SubmissionContext = {},
): SubmissionProblem[] {
  const problems: SubmissionProblem[] = [];
  const operates = new Map((ctx.operates ?? []).map((o) => [o.id, o]));
  const skip = (key: string): boolean => {
    const o = operates.get(key);
    return o !== undefined && !o.write;
  };
  const requiredOf = (key: string, field: FormField): boolean => {
    const o = operates.get(key);
    return o?.required ?? field.__config__.required === true;
  };
  const optionsOf = (field: FormField, key: string): readonly OptionItem[] | undefined => {
    const src = optionSource(field);
    if (!src) return undefined;
    if (src.kind === 'static') return src.options;
    if (src.kind === 'unset') return [];
    return ctx.options?.(field, key);
  };

  const checkValue = (v: ValueField, value: unknown, at: string, inTable: boolean): void => {
    const message = fieldProblem(v.field, value, {
      inTable,
      required: requiredOf(v.key, v.field),
      options: optionsOf(v.field, v.key) ?? null,
      lang: ctx.lang,
    });
    if (message) problems.push({ field: at, message });
  };

  for (const v of valueFields(form)) {
    if (skip(v.key)) continue;
    const value = data[v.key];
    if (v.field.__config__.jnpfKey !== 'table') {
      checkValue(v, value, v.key, false);
      continue;
    }
    const required = requiredOf(v.key, v.field);
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
      if (required) problems.push({ field: v.key, message: requiredMessage(v.field, ctx.lang) });
      continue;
    }
    if (!Array.isArray(value)) {
      problems.push({ field: v.key, message: '取值无效' });
      continue;
    }
    if (value.length > LIMITS.rows) {
      problems.push({ field: v.key, message: `最多${LIMITS.rows}行` });
      continue;
    }
    value.forEach((row: unknown, i) => {
      if (!isObj(row)) {
        problems.push({ field: `${v.key}[${i}]`, message: '取值无效' });
        return;
      }
      for (const c of v.columns ?? []) {
        if (skip(c.key)) continue;
        const name = c.field.__vModel__ as string;
        checkValue(c, row[name], `${v.key}[${i}].${name}`, true);
      }
    });
  }
  return problems;
}
