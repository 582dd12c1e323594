/**
 * Validation rules of spec §5. Every predicate accepts `unknown`: strings are tested as-is, finite numbers are
 * converted with `String()`, anything else is invalid. Empty values are NOT handled by the predicates
 * (`isMobile('')` is false); `rule()` and `validate()` treat empty values as valid because "required" is a
 * separate rule (`isEmptyCell` / `validateRequired`).
 */
import { checkTokens, tokenize } from './expression';
import { isSafeLink } from './links';

export type RuleName =
  | 'mobile'
  | 'password'
  | 'idCard'
  | 'email'
  | 'plate'
  | 'chinese'
  | 'enCode'
  | 'account'
  | 'fullName'
  | 'userCode'
  | 'halfHour'
  | 'positiveInteger'
  | 'numericString'
  | 'externalLink'
  | 'safeLink'
  | 'arithmeticExpression';

export const MESSAGES: Readonly<Record<RuleName, string>> = {
  mobile: 'please enter your mobile number correctly',
  password: '6-16 character password (digits and letters)',
  idCard: 'enter your ID number correctly',
  email: 'enter your e-mail address correctly',
  plate: 'enter your plate number correctly',
  chinese: 'Chinese characters only',
  enCode:
    'codes may only contain English letters, digits and dots, and the dot may not be at the start or end',
  account: 'digits and English only',
  fullName: 'names may not contain special symbols',
  userCode: 'digits only',
  halfHour: 'time can only be an integer or a multiple of 0.5',
  positiveInteger: 'please enter a positive integer',
  numericString: 'please enter a valid number',
  externalLink: 'links must start with http, https, mailto or tel',
  safeLink: 'links must start with http://, https://, mailto:, tel: or /',
  arithmeticExpression: 'please enter a valid arithmetic expression',
};

export const EMPTY_CELL_MESSAGE = '不能为空';

/** String form of a value for pattern tests: strings as-is, finite numbers via String(), otherwise null. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function matches(re: RegExp, value: unknown): boolean {
  const s = text(value);
  return s !== null && re.test(s);
}

/** 11 digits, starting with 1 then 3-9 (the pattern is also the form designer's 'mobile' preset). */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const isMobile = (value: unknown): boolean => matches(MOBILE_RE, value);

/** 6-16 characters, letters and digits only, containing at least one of each. */
export const isPassword = (value: unknown): boolean =>
  matches(/^(?=.*\d)(?=.*[A-Za-z])[A-Za-z\d]{6,16}$/, value);

function isCalendarDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
  return d <= days;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** Check character of the first 17 digits of an 18-digit ID number (GB 11643, ISO 7064 MOD 11-2). */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17.charAt(i)) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK.charAt(sum % 11);
}

/**
 * Chinese resident ID: 18 digits (area code not starting with 0, valid birth date 1800-2099, sequence,
 * check character per GB 11643 — 'x' accepted as 'X'), or the old 15-digit form (birth date 19YYMMDD, no check char).
 */
export function isIdCard(value: unknown): boolean {
  const s = text(value);
  if (s === null) return false;
  const v = s.toUpperCase();
  const m18 = /^[1-9]\d{5}((?:18|19|20)\d{2})(\d{2})(\d{2})\d{3}[\dX]$/.exec(v);
  if (m18) {
    if (!isCalendarDate(Number(m18[1]), Number(m18[2]), Number(m18[3]))) return false;
    return idCardCheckChar(v.slice(0, 17)) === v.charAt(17);
  }
  const m15 = /^[1-9]\d{5}(\d{2})(\d{2})(\d{2})\d{3}$/.exec(v);
  if (m15) return isCalendarDate(1900 + Number(m15[1]), Number(m15[2]), Number(m15[3]));
  return false;
}

/** local@domain.tld — dot-separated atoms on both sides, TLD of 2+ letters. */
export const EMAIL_RE =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
export const isEmail = (value: unknown): boolean => matches(EMAIL_RE, value);

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领';
const PLATE_CHAR = '[A-HJ-NP-Z0-9]'; // letters I and O are not used on plates
const PLATE_ORDINARY = new RegExp(`^[${PROVINCES}][A-HJ-NP-Z]${PLATE_CHAR}{4}[A-HJ-NP-Z0-9挂学警港澳]$`);
// New-energy (8 characters): small cars D/A/B/C/E (electric) or F/G/H/J/K (hybrid) + 1 char + 4 digits; large cars 5 digits + D/F.
const PLATE_NEW_ENERGY = new RegExp(
  `^[${PROVINCES}][A-HJ-NP-Z](?:[DABCEFGHJK]${PLATE_CHAR}\\d{4}|\\d{5}[DF])$`,
);

/** Chinese licence plate: ordinary 7-character plates (incl. 挂/学/警/港/澳 endings) and 8-character new-energy plates. Upper case only. */
export function isPlate(value: unknown): boolean {
  const s = text(value);
  return s !== null && (PLATE_ORDINARY.test(s) || PLATE_NEW_ENERGY.test(s));
}

/** Chinese characters (CJK unified ideographs U+4E00–U+9FA5) only. */
export const isChinese = (value: unknown): boolean => matches(/^[\u4e00-\u9fa5]+$/, value);

/** Letters, digits and dots; no dot at the start or the end (inner consecutive dots are not forbidden by the spec). */
export const isEnCode = (value: unknown): boolean =>
  matches(/^[A-Za-z0-9](?:[A-Za-z0-9.]*[A-Za-z0-9])?$/, value);

/** Letters and digits only. */
export const isAccount = (value: unknown): boolean => matches(/^[A-Za-z0-9]+$/, value);

/** Chinese characters, letters and digits only. */
export const isFullName = (value: unknown): boolean => matches(/^[\u4e00-\u9fa5A-Za-z0-9]+$/, value);

/** Digits only. */
export const DIGITS_RE = /^\d+$/;
export const isUserCode = (value: unknown): boolean => matches(DIGITS_RE, value);

/** Non-negative integer or multiple of 0.5: 0, 2, 2.0, 1.5, 1.50. Negative times are rejected. */
export const isHalfHour = (value: unknown): boolean => matches(/^\d+(?:\.(?:0+|50*))?$/, value);

/** 1, 2, 3 … (no sign, no leading zero, no decimal part). */
export const isPositiveInteger = (value: unknown): boolean => matches(/^[1-9]\d*$/, value);

/** Optional sign, integer without leading zeros, optional decimal part: -0.5, +12, 3.25; not 01, 1., .5. */
export const isNumericString = (value: unknown): boolean => matches(/^[+-]?(?:0|[1-9]\d*)(?:\.\d+)?$/, value);

/** Starts with http:, https:, mailto: or tel: (the external-link test of the original client). */
export const isExternalLink = (value: unknown): boolean => matches(/^(?:https?:|mailto:|tel:)/, value);

/**
 * Numbers, + - × ÷ (also * and /) and parentheses; numbers and operators alternate, starts and ends with a number,
 * balanced non-empty parentheses. Field names are NOT allowed here (see expression.isValid for calculated fields).
 */
export function isArithmeticExpression(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const tokens = tokenize(value);
    if (tokens.some((t) => t.type === 'field')) return false;
    checkTokens(tokens);
    return true;
  } catch {
    return false;
  }
}

/** Required table cell: null, undefined, '' and [] are empty. */
export function isEmptyCell(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** '不能为空' for an empty cell, else null. */
export function validateRequired(value: unknown, message: string = EMPTY_CELL_MESSAGE): string | null {
  return isEmptyCell(value) ? message : null;
}

/** Login account is trimmed before sending. */
export function trimAccount(s: string): string {
  return s.trim();
}

export const PREDICATES: Readonly<Record<RuleName, (value: unknown) => boolean>> = {
  mobile: isMobile,
  password: isPassword,
  idCard: isIdCard,
  email: isEmail,
  plate: isPlate,
  chinese: isChinese,
  enCode: isEnCode,
  account: isAccount,
  fullName: isFullName,
  userCode: isUserCode,
  halfHour: isHalfHour,
  positiveInteger: isPositiveInteger,
  numericString: isNumericString,
  externalLink: isExternalLink,
  safeLink: isSafeLink,
  arithmeticExpression: isArithmeticExpression,
};

/** Server-side check: null when valid or empty (required is separate), else the message (custom overrides default). */
export function validate(name: RuleName, value: unknown, message?: string): string | null {
  if (isEmptyCell(value)) return null;
  return PREDICATES[name](value) ? null : (message ?? MESSAGES[name]);
}

export interface FormRule {
  validator: (_rule: unknown, value: unknown) => Promise<void>;
}

/** antd Form rule: resolves for empty values and valid ones; rejects with `new Error(message ?? default)`. */
export function rule(name: RuleName, message?: string): FormRule {
  return {
    validator: (_rule: unknown, value: unknown) => {
      const error = validate(name, value, message);
      return error === null ? Promise.resolve() : Promise.reject(new Error(error));
    },
  };
}
