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
import {
  BAD_FORMAT_TEXTS,
  EMPTY_CELL_TEXTS,
  ownText,
  requiredText,
  type FormLang,
  type Texts,
} from './texts';
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
  names: Texts;
  /** The regList pattern the designer inserts ('/body/flags'). */
  pattern: string;
  /**
   * Its message in the reader's language (spec §5 where the spec has one). The designer inserts
   * the rule with an empty message, so the message is said in each reader's language; a message
   * the designer writes overrides it.
   */
  messages: Texts;
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
    messages: { zh: '只能输入数字', zhtw: '只能輸入數字', en: MESSAGES.userCode },
    test: isUserCode,
  },
  {
    key: 'amount',
    names: { zh: '金额', zhtw: '金額', en: 'Amount' },
    pattern: asPattern(AMOUNT_RE),
    messages: {
      zh: '请输入最多两位小数的金额',
      zhtw: '請輸入最多兩位小數的金額',
      en: 'please enter an amount with at most 2 decimals',
    },
    test: (v) => AMOUNT_RE.test(v),
  },
  {
    key: 'phone',
    names: { zh: '电话', zhtw: '電話', en: 'Phone' },
    pattern: asPattern(PHONE_RE),
    messages: {
      zh: '请输入正确的电话号码',
      zhtw: '請輸入正確的電話號碼',
      en: 'please enter your phone number correctly',
    },
    test: (v) => PHONE_RE.test(v),
  },
  {
    key: 'mobile',
    names: { zh: '手机', zhtw: '手機', en: 'Mobile' },
    pattern: asPattern(MOBILE_RE),
    messages: { zh: '请输入正确的手机号码', zhtw: '請輸入正確的手機號碼', en: MESSAGES.mobile },
    test: isMobile,
  },
  {
    key: 'email',
    names: { zh: '邮箱', zhtw: '郵箱', en: 'E-mail' },
    pattern: asPattern(EMAIL_RE),
    messages: { zh: '请输入正确的邮箱地址', zhtw: '請輸入正確的郵箱地址', en: MESSAGES.email },
    test: isEmail,
  },
  {
    key: 'idCard',
    names: { zh: '身份证', zhtw: '身份證', en: 'ID card' },
    pattern: asPattern(ID_CARD_RE),
    messages: { zh: '请输入正确的身份证号码', zhtw: '請輸入正確的身份證號碼', en: MESSAGES.idCard },
    test: isIdCard,
  },
];

const PRESET_BY_PATTERN: ReadonlyMap<string, RegPreset> = new Map(REG_PRESETS.map((p) => [p.pattern, p]));

/** The preset a regList pattern is, if any. */
export const presetOf = (pattern: unknown): RegPreset | undefined =>
  typeof pattern === 'string' ? PRESET_BY_PATTERN.get(pattern) : undefined;

/** A regList entry compiled once: null test when the pattern is invalid (the designer reports it). */
export interface CompiledRule {
  /** the designer's own message, or null: the preset's (or the generic one) in the reader's language */
  message: string | null;
  /** the preset's messages, when the pattern is a preset's */
  messages: Texts;
  test: ((text: string) => boolean) | null;
}

const compiledCache = new WeakMap<RegRule, CompiledRule>();

/**
 * Compile one regList entry (cached per entry object). A preset's pattern uses the preset's full
 * check; its message is the preset's, in the reader's language, unless the designer wrote another
 * (a message stored by an earlier designer in one language — the preset's own text in any language —
 * counts as the preset's).
 */
export function compileRegRule(rule: RegRule): CompiledRule {
  const cached = compiledCache.get(rule);
  if (cached) return cached;
  const preset = presetOf(rule.pattern);
  const re = preset ? null : parseRegPattern(rule.pattern);
  const given = typeof rule.message === 'string' ? rule.message.trim() : '';
  const presetOwn = preset !== undefined && (Object.values(preset.messages) as string[]).includes(given);
  const compiled: CompiledRule = {
    message: given === '' || presetOwn ? null : rule.message,
    messages: preset?.messages ?? BAD_FORMAT_TEXTS,
    test: preset ? preset.test : re ? (text) => re.test(text) : null,
  };
  compiledCache.set(rule, compiled);
  return compiled;
}

/** What a failing regList entry says to a reader of `lang`. */
export const ruleMessage = (c: CompiledRule, lang: FormLang = 'zh'): string => c.message ?? c.messages[lang];

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
export function regListProblem(field: FormField, value: unknown, lang: FormLang = 'zh'): string | null {
  if (isEmptyCell(value)) return null;
  const text = patternText(value);
  if (text === null) return null;
  for (const rule of field.__config__.regList ?? []) {
    const c = compileRegRule(rule);
    if (c.test && !c.test(text)) return ruleMessage(c, lang);
  }
  return null;
}

/**
 * The required message: the field's own placeholder when the designer wrote one (the catalogue's
 * and JNPF's default placeholders are not theirs), else `{label}不能为空` in the reader's language.
 */
export function requiredMessage(field: FormField, lang: FormLang = 'zh'): string {
  return ownText(field.placeholder) ?? requiredText(field.__config__.label, lang);
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
  opts: { inTable?: boolean; required?: boolean; lang?: FormLang } = {},
): string | null {
  const required = opts.required ?? field.__config__.required === true;
  if (!required || !controlInfo(field.__config__.jnpfKey)?.hasValue) return null;
  const lang = opts.lang ?? 'zh';
  if (opts.inTable) return isEmptyCell(value) ? EMPTY_CELL_TEXTS[lang] : null;
  return isEmptyValue(field, value) ? requiredMessage(field, lang) : null;
}
