/**
 * The production error handler's rules (spec §8: an uncaught error is recorded with the component
 * information and the URL in an error-log store). Pure; the browser's store and reporter
 * (shared/src/errorLog) and the server's error log (system log category 4) both use them.
 *
 * Dedup: errors with the same message, the same top stack frame and the same URL path are one
 * entry, counted, with the first and last time seen — a render loop or a failing timer must not
 * store the same error a thousand times.
 */

/** Where an error was caught: window 'error', an unhandled promise rejection, a React boundary, the server. */
export const ERROR_SOURCES = ['error', 'rejection', 'react', 'server'] as const;
export type ErrorSource = (typeof ERROR_SOURCES)[number];

/** Bounds of what is stored and sent (the server's schema says the same). */
export const ERROR_LIMITS = {
  message: 500,
  stack: 4000,
  componentStack: 4000,
  url: 500,
  app: 40,
  /** Occurrences one report may carry (the browser sends repeats together). */
  count: 1000,
  /** Distinct errors the browser's store keeps (the oldest go first). */
  entries: 50,
} as const;

export interface ErrorInput {
  message: string;
  stack?: string;
  /** React's component stack (from an error boundary). */
  componentStack?: string;
  /** The page's address; only its path is kept (a query can hold a token). */
  url: string;
  source: ErrorSource;
  /** The app that caught it: host or a remote's name. */
  app?: string;
}

export interface ErrorEntry {
  key: string;
  message: string;
  stack: string;
  componentStack: string;
  /** The URL path. */
  path: string;
  source: ErrorSource;
  app: string;
  count: number;
  firstSeen: number;
  lastSeen: number;
}

// What the server's text rules refuse (control characters other than tab and line breaks, bidi
// overrides, broken surrogates, non-characters): replaced, so an error report is never refused.
const UNSTORABLE =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this replaces
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Bounded to `n` characters and storable. */
const clip = (s: string, n: number): string =>
  (s.length > n ? s.slice(0, n) : s).replace(UNSTORABLE, '\uFFFD');

/** The path of a URL or path, without origin, query or hash ('/' when empty). */
export function urlPath(url: string): string {
  const noOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const path = noOrigin.split(/[?#]/)[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * The top frame of a stack: the first line that names a place in code (V8 '    at f (url:1:2)',
 * Firefox/Safari 'f@url:1:2'), trimmed; '' when there is none.
 */
export function stackTop(stack: string | undefined): string {
  if (!stack) return '';
  for (const raw of stack.split('\n')) {
    const line = raw.trim();
    if (/^at\s/.test(line) || /@\S*:\d+(:\d+)?$/.test(line)) return line;
  }
  return '';
}

/** The identity of an error for counting: message, top stack frame and URL path. */
export function errorKey(e: Pick<ErrorInput, 'message' | 'stack' | 'url'>): string {
  return [e.message.trim(), stackTop(e.stack), urlPath(e.url)].join('\n');
}

/** What a thrown value or a rejection reason says: a message and a stack (bounded). */
export function describeError(value: unknown): { message: string; stack: string } {
  if (value instanceof Error)
    return {
      message: clip(value.message || value.name || 'Error', ERROR_LIMITS.message),
      stack: clip(value.stack ?? '', ERROR_LIMITS.stack),
    };
  let message: string;
  if (typeof value === 'string') message = value;
  else if (value === null || value === undefined) message = '';
  else {
    try {
      message = JSON.stringify(value) ?? String(value);
    } catch {
      message = String(value);
    }
  }
  return { message: clip(message || 'Unknown error', ERROR_LIMITS.message), stack: '' };
}

/**
 * Messages that are not errors of ours: the browser's ResizeObserver notice (a layout settling,
 * reported as an error by Chromium) and 'Script error.' from scripts of other origins (no detail).
 */
export function isNoiseError(message: string): boolean {
  return /^ResizeObserver loop/.test(message) || message.trim() === 'Script error.';
}

/** One error, bounded and keyed, as it enters a store. */
export function toEntry(e: ErrorInput, now: number): ErrorEntry {
  const message = clip(e.message.trim() || 'Unknown error', ERROR_LIMITS.message);
  const stack = clip(e.stack ?? '', ERROR_LIMITS.stack);
  const path = clip(urlPath(e.url), ERROR_LIMITS.url);
  return {
    key: errorKey({ message, stack, url: path }),
    message,
    stack,
    componentStack: clip(e.componentStack ?? '', ERROR_LIMITS.componentStack),
    path,
    source: e.source,
    app: clip(e.app ?? '', ERROR_LIMITS.app),
    count: 1,
    firstSeen: now,
    lastSeen: now,
  };
}

/**
 * Records an error in a list of entries: a repeat (same key) counts on its entry (last seen now,
 * moved to the front, the component stack kept once known); a new error goes in front, and the
 * oldest entries beyond `limit` go. Returns the new list and the entry.
 */
export function recordError(
  list: readonly ErrorEntry[],
  e: ErrorInput,
  now: number,
  limit: number = ERROR_LIMITS.entries,
): { list: ErrorEntry[]; entry: ErrorEntry } {
  const fresh = toEntry(e, now);
  const old = list.find((x) => x.key === fresh.key);
  const entry: ErrorEntry = old
    ? {
        ...old,
        count: old.count + 1,
        lastSeen: now,
        componentStack: old.componentStack || fresh.componentStack,
      }
    : fresh;
  return { list: [entry, ...list.filter((x) => x.key !== fresh.key)].slice(0, limit), entry };
}
