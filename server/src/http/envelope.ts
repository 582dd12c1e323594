/** The /api envelope `{code, msg, data}` and the error type every handler throws. Pure. */

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const Code = {
  OK: 200,
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  THROTTLED: 429,
  ERROR: 500,
  /** Sign-in expired. */
  EXPIRED: 600,
  /** Signed in elsewhere / forced offline / token revoked. */
  REVOKED: 601,
  /** Token missing or unknown. */
  INVALID_TOKEN: 602,
} as const;

export const Msg = {
  OK: 'Success',
  EXPIRED: '登录过期,请重新登录',
  REVOKED: '您的账号在其他地方登录或已被强制下线',
  INVALID_TOKEN: '验证失败，请重新登录',
  SERVER_ERROR: '服务器内部错误，请稍后重试',
} as const;

/** HTTP status that mirrors an envelope code (sign-in codes are 401). */
export function httpStatusFor(code: number): number {
  if (code === Code.EXPIRED || code === Code.REVOKED || code === Code.INVALID_TOKEN) return 401;
  if (code >= 200 && code <= 599) return code;
  return 500;
}

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (msg: string, data: unknown = null): ApiError =>
  new ApiError(Code.BAD_REQUEST, msg, data);
export const notFound = (msg = '数据不存在'): ApiError => new ApiError(Code.NOT_FOUND, msg);

export function ok<T>(data: T, msg: string = Msg.OK): Envelope<T> {
  return { code: Code.OK, msg, data };
}

export interface Pagination {
  currentPage: number;
  pageSize: number;
  total: number;
}

export function page<T>(list: T[], pagination: Pagination): Envelope<{ list: T[]; pagination: Pagination }> {
  return ok({ list, pagination });
}

export function fail(code: number, msg: string, data: unknown = null): Envelope {
  return { code, msg, data };
}
