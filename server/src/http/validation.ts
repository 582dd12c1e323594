/**
 * Input validation: the field checks of spec section 5 (shared with the client through
 * @lighting/shared/core, exposed here as ajv formats) and the formatter that turns ajv errors into one
 * message naming the field, e.g. "account: digits and English only" or "pageSize: must be ≤ 100". Pure.
 */
import type { FastifySchemaValidationError } from 'fastify';
import {
  MESSAGES,
  isAccount,
  isEmail,
  isEnCode,
  isFullName,
  isMobile,
  isSafeLink,
} from '@lighting/shared/core';

export type SchemaErrorDataVar = 'body' | 'headers' | 'params' | 'querystring';

/** Sign-in name: an account, or the sub-account form mobile@account (server-only rule). */
export const LOGIN_ACCOUNT = /^\s*([A-Za-z0-9]+@)?[A-Za-z0-9]+\s*$/;
export const MD5 = /^[0-9a-f]{32}$/;

export { isAccount, isEmail, isEnCode, isFullName, isMobile };

export const Messages = {
  mobile: MESSAGES.mobile,
  email: MESSAGES.email,
  account: MESSAGES.account,
  fullName: MESSAGES.fullName,
  enCode: MESSAGES.enCode,
  md5: 'must be the 32-character lowercase hex MD5 of the password',
} as const;

/** ajv formats (registered on the server's ajv instance); '' passes so optional fields may be cleared. */
export const FORMATS: Record<string, (s: string) => boolean> = {
  mobile: (s) => s === '' || isMobile(s),
  email: (s) => s === '' || isEmail(s),
  account: isAccount,
  loginAccount: (s) => LOGIN_ACCOUNT.test(s),
  fullName: isFullName,
  enCode: isEnCode,
  md5: (s) => MD5.test(s),
  /** a stored link (menus, notices, avatars…): http(s) with a host, mailto, tel or a path of ours; '' clears */
  safeLink: (s) => s === '' || isSafeLink(s),
};

const FORMAT_MESSAGES: Record<string, string> = {
  mobile: Messages.mobile,
  email: Messages.email,
  account: Messages.account,
  loginAccount: Messages.account,
  fullName: Messages.fullName,
  enCode: Messages.enCode,
  md5: Messages.md5,
  safeLink: MESSAGES.safeLink,
};

/** Schema annotation holding a custom message for a field ("A custom message overrides the default"). */
export const MSG_KEYWORD = 'x-msg';

type AjvError = FastifySchemaValidationError & { parentSchema?: Record<string, unknown> };

function fieldOf(e: AjvError, dataVar: SchemaErrorDataVar): string {
  const parts = e.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (e.keyword === 'required' && typeof e.params.missingProperty === 'string')
    parts.push(e.params.missingProperty);
  if (e.keyword === 'additionalProperties' && typeof e.params.additionalProperty === 'string')
    parts.push(e.params.additionalProperty);
  return parts.length ? parts.join('.') : dataVar;
}

function problemOf(e: AjvError): string {
  const custom = e.parentSchema?.[MSG_KEYWORD];
  if (typeof custom === 'string' && e.keyword !== 'required' && e.keyword !== 'type') return custom;
  const p = e.params;
  switch (e.keyword) {
    case 'required':
      return 'required';
    case 'type':
      return `must be ${String(p.type)}`;
    case 'maximum':
      return `must be ≤ ${String(p.limit)}`;
    case 'minimum':
      return `must be ≥ ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `must be < ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `must be > ${String(p.limit)}`;
    case 'maxLength':
      return `must be at most ${String(p.limit)} characters`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters`;
    case 'maxItems':
      return `must have at most ${String(p.limit)} items`;
    case 'minItems':
      return `must have at least ${String(p.limit)} items`;
    case 'enum':
      return `must be one of ${Array.isArray(p.allowedValues) ? p.allowedValues.map((v) => (v === '' ? '""' : String(v))).join(', ') : ''}`;
    case 'const':
      return `must be ${String(p.allowedValue)}`;
    case 'format':
      return FORMAT_MESSAGES[String(p.format)] ?? 'invalid format';
    case 'pattern':
      return 'invalid format';
    case 'additionalProperties':
      return 'not allowed';
    default:
      return e.message ?? 'invalid';
  }
}

/** One message for the first error (ajv stops at the first one: allErrors is off). */
export function formatValidationErrors(
  errors: readonly FastifySchemaValidationError[],
  dataVar: SchemaErrorDataVar,
): string {
  const e = errors[0] as AjvError | undefined;
  if (!e) return `${dataVar}: invalid`;
  return `${fieldOf(e, dataVar)}: ${problemOf(e)}`;
}

export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'ValidationError';
  }
}

export function schemaErrorFormatter(
  errors: FastifySchemaValidationError[],
  dataVar: SchemaErrorDataVar,
): Error {
  return new ValidationError(formatValidationErrors(errors, dataVar));
}

/* ---- schema snippets shared by routes ---- */

export const pagingQuery = {
  currentPage: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
} as const;

export const keywordQuery = { type: 'string', maxLength: 100 } as const;

/** A name, title or code: one line of at most `max` characters (the text rules refuse line breaks). */
export const lineField = (max: number, minLength = 0) =>
  ({ type: 'string', minLength, maxLength: max, 'x-text': 'line' }) as const;

/**
 * Every stored URL (an Open311 media_url, a data interface's path…): http(s) with a host, mailto,
 * tel or a path of ours (isSafeLink; '' clears an optional link). Menu links are checked by type in
 * system/menu-rules.ts (pages are route names there, links only for type 7).
 */
export const linkField = { type: 'string', maxLength: 500, format: 'safeLink' } as const;
