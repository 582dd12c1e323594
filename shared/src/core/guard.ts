/**
 * Route guard as a pure decision (spec §2 "Route guard", §8 guard failure).
 * The caller performs the side effects: loading user info/routes then retrying (`loadThenRetry`; on failure
 * reset the token, toast `guardErrorMessage(err)` and go to `failureRedirect(path)`), or storing a query token
 * and loading (`loginWithQueryToken`; on failure go to /login).
 */

export const DEFAULT_WHITELIST: readonly string[] = [
  '/login',
  '/login-new',
  '/jump',
  '/auth-redirect',
  '/404',
  '/bt/gzh',
  '/bt/gzh/success',
  '/bt/gzh/repair/repair-report/scan',
  '/bt/gzh/repair/repair-report',
  '/bt/gzh/repair/repair-log',
  '/bt/gzh/repair/my-log',
  '/bt/gzh/repair/repair-report-nowx',
  '/bt/gzh/feedback/feedback-reply',
  '/bt/gzh/feedback/feedback-list',
  '/bt/gzh/feedback/feedback-add',
];

export const LOGIN_PATH = '/login';
export const LOCK_SCREEN_PATH = '/lockScreen';
export const HOME_PATH = '/home';
export const GUARD_ERROR_FALLBACK = 'Has Error';

export type QueryValue = string | null | undefined | readonly (string | null)[];

export interface GuardInput {
  path: string;
  query?: Readonly<Record<string, QueryValue>>;
  /** Raw search string ('?a=1' or 'a=1'); when absent it is rebuilt from `query`. */
  search?: string;
  token: string | null | undefined;
  locked: boolean;
  menuLoaded: boolean;
  whitelist?: readonly string[];
}

export type GuardDecision =
  | { action: 'next' }
  | { action: 'redirect'; to: string }
  | { action: 'loadThenRetry' }
  | { action: 'loginWithQueryToken'; token: string; then: '/home' };

function firstValue(v: QueryValue): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) {
    const first: unknown = v[0];
    return typeof first === 'string' ? first : undefined;
  }
  return undefined;
}

function searchOf(input: GuardInput): string {
  if (input.search !== undefined) {
    if (input.search === '' || input.search === '?') return '';
    return input.search.startsWith('?') ? input.search : `?${input.search}`;
  }
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query ?? {})) {
    if (typeof v === 'string') params.append(k, v);
    else if (Array.isArray(v))
      for (const item of v as readonly (string | null)[])
        if (typeof item === 'string') params.append(k, item);
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** '/login?redirect=' + encodeURIComponent(path). */
export function failureRedirect(path: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(path)}`;
}

/** The error string (a string, an Error's message, or an object's string `message`), else 'Has Error'. */
export function guardErrorMessage(err: unknown): string {
  if (typeof err === 'string' && err !== '') return err;
  if (err instanceof Error && err.message !== '') return err.message;
  if (typeof err === 'object' && err !== null) {
    const msg = (err as { message?: unknown }).message;
    if (typeof msg === 'string' && msg !== '') return msg;
  }
  return GUARD_ERROR_FALLBACK;
}

export function decideRoute(input: GuardInput): GuardDecision {
  const { path, token } = input;
  if (token) {
    if (input.locked && path !== LOCK_SCREEN_PATH && path !== LOGIN_PATH)
      return { action: 'redirect', to: LOCK_SCREEN_PATH };
    if (path === LOGIN_PATH) return { action: 'redirect', to: '/' };
    if (!input.menuLoaded) return { action: 'loadThenRetry' };
    return { action: 'next' };
  }
  const whitelist = input.whitelist ?? DEFAULT_WHITELIST;
  if (whitelist.includes(path)) return { action: 'next' };
  if (path === HOME_PATH) {
    const queryToken = firstValue(input.query?.token);
    if (queryToken) return { action: 'loginWithQueryToken', token: queryToken, then: HOME_PATH };
    return { action: 'redirect', to: LOGIN_PATH };
  }
  return { action: 'redirect', to: failureRedirect(path + searchOf(input)) };
}

/**
 * Document title: '{routeTitle} - {platformTitle}' when the (already translated) route title is set,
 * else '{fallbackTitle} - {platformTitle}', or just the platform title when both are empty.
 */
export function pageTitle(
  routeTitle: string | null | undefined,
  platformTitle: string,
  fallbackTitle: string,
): string {
  const head = routeTitle || fallbackTitle;
  if (!head) return platformTitle;
  return platformTitle ? `${head} - ${platformTitle}` : head;
}
