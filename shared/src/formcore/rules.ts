/**
 * A field's rules (design/lowcode.md, spec §5): regList patterns parsed into RegExp (never eval),
 * the designer's presets, the required message and the sub-table cell rule. One function per
 * check, used by the renderer's antd rules and the server's validation alike.
 */
import {
  DIGITS_RE,
  EMAIL_RE,
  EMPTY_CELL_MESSAGE,
  MESSAGES,
  MOBILE_RE,
  isEmail,
  isEmptyCell,
  isIdCard,
  isMobile,
  isUserCode,
} from '../core/validators';
import { controlInfo } from './controls';
import type { FormField, RegRule } from './types';

export { EMPTY_CELL_MESSAGE, isEmptyCell };

const PATTERN_RE = /^\/([\s\S]*)\/([a-z]*)$/;
/** 'g' and 'y' make RegExp.test stateful (lastIndex): a rule must answer the same for the same value. */
const ALLOWED_FLAGS = /^[imsuv]*$/;

/**
 * '/body/flags' → RegExp; a string without the slashes is the body. null when it is not a valid
 * pattern (bad syntax, unknown or repeated flags, empty). Never evaluates anything.
 */
export function parseRegPattern(pattern: unknown): RegExp | null {
  if (typeof pattern !== 'string' || pattern.trim() === '') return null;
  const m = PATTERN_RE.exec(pattern);
  const body = m ? (m[1] ?? '') : pattern;
  const flags = m ? (m[2] ?? '').replace(/[gy]/g, '') : '';
  if (body === '' || !ALLOWED_FLAGS.test(flags)) return null;
  try {
    return new RegExp(body, flags);
  } catch {
    return null;
  }
}

/**
 * True when a pattern repeats a group that itself repeats ('(a+)+', '(\d*)*', '(x{2,})+'): such
 * patterns can take exponential time on a long non-matching value (ReDoS), and the server runs
 * them on submitted text, so the designer refuses them. A heuristic over the pattern's text:
 * escapes and character classes are skipped, and a group that starts with a punctuation literal
 * ('(\.\w+)*', '(-\d+)*') counts as separated, hence safe.
 */
export function isSlowPattern(pattern: string): boolean {
  const m = PATTERN_RE.exec(pattern);
  const body = m ? (m[1] ?? '') : pattern;
  const groups: Array<{ start: number; quantified: boolean }> = [];
  let inClass = false;
  for (let i = 0; i < body.length; i += 1) {
    const c = body.charAt(i);
    if (c === '\\') {
      i += 1;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') groups.push({ start: i + 1, quantified: false });
    else if (c === ')') {
      const g = groups.pop();
      if (!g) continue;
      const rest = body.slice(i + 1);
      const repeated = /^(?:[+*]|\{\d*,\d*\})/.test(rest);
      if (g.quantified && repeated && !startsWithSeparator(body.slice(g.start, i))) return true;
      const parent = groups[groups.length - 1];
      if (g.quantified && parent) parent.quantified = true;
    } else if ((c === '+' || c === '*' || c === '{') && groups.length) {
      const g = groups[groups.length - 1];
      if (g) g.quantified = true;
    }
  }
  return false;
}

/** A group's text starts with a punctuation literal that \w cannot match: '\.', '-', ',' (after '?:'). */
function startsWithSeparator(group: string): boolean {
  const g = group.startsWith('?:') ? group.slice(2) : group;
  return /^(?:\\[^\w\s]|[-,;:@/#~!=&%])/.test(g);
}

export type RegPresetKey = 'digits' | 'amount' | 'phone' | 'mobile' | 'email' | 'idCard';

export interface RegPreset {
  key: RegPresetKey;
  names: { zh: string; zhtw: string; en: string };
  /** The regList pattern the designer inserts ('/body/flags'). */
  pattern: string;
  /** The message it inserts (spec §5 where the spec has one). */
  message: string;
  /** The full check behind the pattern (the ID card's check character is not a pattern). */
  test(value: string): boolean;
}

const asPattern = (re: RegExp): string => `/${re.source}/${re.flags}`;
const AMOUNT_RE = /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/;
const PHONE_RE = /^(?:0\d{2,3}-?)?[1-9]\d{6,7}$/;
const ID_CARD_RE =
  /^[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]$|^[1-9]\d{7}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}$/;

/** The designer's regList presets, in menu order. */
export const REG_PRESETS: readonly RegPreset[] = [
  {
    key: 'digits',
    names: { zh: '数字', zhtw: '數字', en: 'Digits' },
    pattern: asPattern(DIGITS_RE),
    message: MESSAGES.userCode,
    test: isUserCode,
  },
  {
    key: 'amount',
    names: { zh: '金额', zhtw: '金額', en: 'Amount' },
    pattern: asPattern(AMOUNT_RE),
    message: 'please enter an amount with at most 2 decimals',
    test: (v) => AMOUNT_RE.test(v),
  },
  {
    key: 'phone',
    names: { zh: '电话', zhtw: '電話', en: 'Phone' },
    pattern: asPattern(PHONE_RE),
    message: 'please enter your phone number correctly',
    test: (v) => PHONE_RE.test(v),
  },
  {
    key: 'mobile',
    names: { zh: '手机', zhtw: '手機', en: 'Mobile' },
    pattern: asPattern(MOBILE_RE),
    message: MESSAGES.mobile,
    test: isMobile,
  },
  {
    key: 'email',
    names: { zh: '邮箱', zhtw: '郵箱', en: 'E-mail' },
    pattern: asPattern(EMAIL_RE),
    message: MESSAGES.email,
    test: isEmail,
  },
  {
    key: 'idCard',
    names: { zh: '身份证', zhtw: '身份證', en: 'ID card' },
    pattern: asPattern(ID_CARD_RE),
    message: MESSAGES.idCard,
    test: isIdCard,
  },
];

const PRESET_BY_PATTERN: ReadonlyMap<string, RegPreset> = new Map(REG_PRESETS.map((p) => [p.pattern, p]));

/** A regList entry compiled once: null test when the pattern is invalid (the designer reports it). */
export interface CompiledRule {
  message: string;
  test: ((text: string) => boolean) | null;
}

const compiledCache = new WeakMap<RegRule, CompiledRule>();

/** Compile one regList entry (cached per entry object). A preset's pattern uses the preset's full check. */
export function compileRegRule(rule: RegRule): CompiledRule {
  const cached = compiledCache.get(rule);
  if (cached) return cached;
  const preset = PRESET_BY_PATTERN.get(rule.pattern);
  const re = preset ? null : parseRegPattern(rule.pattern);
  const message = rule.message || preset?.message || 'invalid format';
  const compiled: CompiledRule = {
    message,
    test: preset ? preset.test : re ? (text) => re.test(text) : null,
  };
  compiledCache.set(rule, compiled);
  return compiled;
}

/** The text a pattern is tested against: strings, finite numbers; null for anything else. */
function patternText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * The first failing regList message for a value, or null. Empty values pass (required is its own
 * rule); values that are not text or numbers are not pattern-tested; an invalid pattern is skipped
 * (the designer refuses to save it, see validateFormDesign).
 */
export function regListProblem(field: FormField, value: unknown): string | null {
  if (isEmptyCell(value)) return null;
  const text = patternText(value);
  if (text === null) return null;
  for (const rule of field.__config__.regList ?? []) {
    const c = compileRegRule(rule);
    if (c.test && !c.test(text)) return c.message;
  }
  return null;
}

/** Placeholders the catalogue and JNPF give by default: they make no required message. */
const GENERIC_PLACEHOLDERS: ReadonlySet<string> = new Set([
  '请输入',
  '请选择',
  '数字文本',
  '请输入内容...',
  '系统自动生成',
]);

/**
 * The required message: the field's own placeholder when the designer wrote one, else
 * `{label}不能为空`.
 */
export function requiredMessage(field: FormField): string {
  const p = field.placeholder;
  if (typeof p === 'string' && p.trim() !== '' && !GENERIC_PLACEHOLDERS.has(p.trim())) return p;
  return `${field.__config__.label}不能为空`;
}

/**
 * Is the value empty for a required check? null, undefined, '', whitespace-only text, [], rich
 * text without text or media; a switch is never empty once set (off is a value).
 */
export function isEmptyValue(field: FormField, value: unknown): boolean {
  const key = field.__config__.jnpfKey;
  if (key === 'switch') return value === null || value === undefined;
  if (typeof value === 'string') return key === 'editor' ? isEmptyHtml(value) : value.trim() === '';
  return isEmptyCell(value);
}

function isEmptyHtml(html: string): boolean {
  if (/<(?:img|video|iframe)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

/**
 * The required problem of a value: in a sub-table cell '不能为空' (spec §5: null, undefined, '' or
 * []), elsewhere `requiredMessage`. null when the field is not required or the value is present.
 * `required` overrides the field's own flag (a workflow node's operates).
 */
export function requiredProblem(
  field: FormField,
  value: unknown,
  opts: { inTable?: boolean; required?: boolean } = {},
): string | null {
  const required = opts.required ?? field.__config__.required === true;
  if (!required || !controlInfo(field.__config__.jnpfKey)?.hasValue) return null;
  if (opts.inTable) return isEmptyCell(value) ? EMPTY_CELL_MESSAGE : null;
  return isEmptyValue(field, value) ? requiredMessage(field) : null;
}
