/**
 * Pure policy of the HTTP client (spec §7 shared behaviour, §8 error catalogue).
 */

export const LONG_TIMEOUT_PATHS: readonly string[] = [
  'Synchronization',
  'extend/Email/Receive',
  'Permission/Authority/Data',
  'DataSync/Actions/Execute',
];
export const LONG_TIMEOUT_MS = 100000;
export const NETWORK_ERROR_MESSAGE = '请求出错，请重试';
export const TOAST_SECONDS = 1.5;
export const AUTH_RESET_CODES: readonly number[] = [600, 601, 602];
export const API_BASE = '/api';

/** 100 s for the long-running paths, else the configured timeout. */
export function timeoutFor(url: string, configured: number): number {
  return LONG_TIMEOUT_PATHS.some((p) => url.includes(p)) ? LONG_TIMEOUT_MS : configured;
}

/** Append the cache-busting timestamp n=<seconds> (before any '#fragment', after an existing query). */
export function withTimestamp(url: string, nowMs: number): string {
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const n = Math.floor(nowMs / 1000);
  const sep = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${sep}n=${n}${hash}`;
}

function pathOf(url: string): string {
  return url.split(/[?#]/)[0] ?? '';
}

/** Statistic and dashboard endpoints fail silently: path contains '/statistic' (any case) or a segment 'dv'/'DataV'. */
export function isSilentEndpoint(url: string): boolean {
  const path = pathOf(url);
  if (/\/statistic/i.test(path)) return true;
  return path.split('/').some((seg) => {
    const s = seg.toLowerCase();
    return s === 'dv' || s === 'datav';
  });
}

/** 600, 601, 602 (numbers or numeric strings). */
export function isAuthResetCode(code: unknown): boolean {
  const n = typeof code === 'string' && code.trim() !== '' ? Number(code) : code;
  return typeof n === 'number' && AUTH_RESET_CODES.includes(n);
}

/** Login and lock-screen calls never trigger the token reset. */
export function isAuthExemptPath(url: string): boolean {
  return /oauth\/(?:Login|LockScreen)(?:[/?#]|$)/i.test(url);
}

export interface ResponseInput {
  url: string;
  code: unknown;
  msg?: string | null;
  /** Blob responses (file downloads) are returned as is. */
  isBlob?: boolean;
  /** Calls whose body is returned whatever the code (data source test, model config). */
  passThrough?: boolean;
  /** Current page is the login page: reset the token but do not reload. */
  onLoginPage?: boolean;
}

export type ResponseDecision =
  | { kind: 'ok' }
  | { kind: 'blob' }
  | { kind: 'reject'; toast: string | null }
  | { kind: 'resetAndReload'; toast: string | null; reload: boolean };

/**
 * Order: blob → 'blob'; passThrough → 'ok'; code 200 → 'ok'; auth codes 600-602 outside login/lock-screen calls →
 * 'resetAndReload' (request also rejected; `reload` false on the login page); otherwise 'reject'.
 * The toast is msg || '请求出错，请重试', or null for silent (statistic/dv) endpoints — silent endpoints still reset
 * the token on an auth code, just without a toast.
 */
export function decideResponse(input: ResponseInput): ResponseDecision {
  if (input.isBlob) return { kind: 'blob' };
  if (input.passThrough) return { kind: 'ok' };
  const code = typeof input.code === 'string' && input.code.trim() !== '' ? Number(input.code) : input.code;
  if (code === 200) return { kind: 'ok' };
  const toast = isSilentEndpoint(input.url) ? null : input.msg || NETWORK_ERROR_MESSAGE;
  if (isAuthResetCode(code) && !isAuthExemptPath(input.url))
    return { kind: 'resetAndReload', toast, reload: !input.onLoginPage };
  return { kind: 'reject', toast };
}
