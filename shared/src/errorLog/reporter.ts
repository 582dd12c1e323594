// The production error handler (spec §8, §9 `errorLog: 'production'`): uncaught errors, unhandled
// rejections and what React error boundaries catch go into the error-log store (`useErrorLog`,
// deduplicated by core/errorLog) and to the server (POST /api/system/ErrorLog), each distinct error
// at once and its repeats together at most once a minute. Reports never use the toasting HTTP client
// and never throw: a failing report must not raise the next error.
import { create } from 'zustand';
import {
  describeError,
  ERROR_LIMITS,
  isNoiseError,
  recordError,
  type ErrorEntry,
  type ErrorInput,
  type ErrorSource,
} from '../core/errorLog';
import { getConfig } from '../config/runtime';
import { ERROR_LOG_BUILDS } from '../settings/settings';
import { useSession } from '../session/store';

export const ERROR_REPORT_PATH = '/system/ErrorLog';
/** Repeats of one error are sent together at most this often. */
export const RESEND_MS = 60_000;

/** The error-log store: the distinct errors of this page, newest first. */
export const useErrorLog = create<{ entries: ErrorEntry[] }>(() => ({ entries: [] }));

let enabled = ERROR_LOG_BUILDS.includes(process.env.NODE_ENV ?? '');
/** Tests switch the handler on outside a production build. */
export function setErrorLogEnabled(on: boolean): void {
  enabled = on;
}

interface Pending {
  entry: ErrorEntry;
  unsent: number;
  sentAt: number | null;
  timer: ReturnType<typeof setTimeout> | null;
}
const outbox = new Map<string, Pending>();

async function send(p: Pending): Promise<void> {
  const token = useSession.getState().token;
  if (!token || p.unsent === 0) return;
  const count = Math.min(p.unsent, ERROR_LIMITS.count);
  p.unsent -= count;
  p.sentAt = Date.now();
  const { entry } = p;
  try {
    const res = await fetch(`${getConfig().apiBase}${ERROR_REPORT_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: JSON.stringify({
        message: entry.message,
        stack: entry.stack,
        componentStack: entry.componentStack,
        url: entry.path,
        source: entry.source,
        app: entry.app,
        count,
      }),
      keepalive: true,
    });
    if (!res.ok) p.unsent += count; // throttled or down: the next flush tries again
  } catch {
    p.unsent += count;
  }
}

function schedule(p: Pending): void {
  if (p.timer) return;
  const wait = p.sentAt === null ? 0 : Math.max(0, p.sentAt + RESEND_MS - Date.now());
  p.timer = setTimeout(() => {
    p.timer = null;
    void send(p).then(() => {
      if (p.unsent > 0 && useSession.getState().token) schedule(p);
    });
  }, wait);
}

// Errors caught before sign-in are sent once there is a token.
useSession.subscribe((s, prev) => {
  if (s.token && s.token !== prev.token) for (const p of outbox.values()) if (p.unsent > 0) schedule(p);
});

/** Records an error in the store and queues it for the server (production builds). */
export function captureError(input: ErrorInput): ErrorEntry | null {
  if (!enabled || isNoiseError(input.message)) return null;
  const { list, entry } = recordError(useErrorLog.getState().entries, input, Date.now());
  useErrorLog.setState({ entries: list });
  const p = outbox.get(entry.key) ?? { entry, unsent: 0, sentAt: null, timer: null };
  p.entry = entry;
  p.unsent += 1;
  outbox.set(entry.key, p);
  if (outbox.size > ERROR_LIMITS.entries) {
    const oldest = outbox.keys().next().value;
    if (oldest !== undefined && oldest !== entry.key) outbox.delete(oldest);
  }
  if (useSession.getState().token) schedule(p);
  return entry;
}

/** What an error boundary caught (componentDidCatch), with React's component stack. */
export function captureBoundaryError(error: unknown, componentStack: string | null | undefined, app: string) {
  return captureError({
    ...describeError(error),
    componentStack: componentStack ?? '',
    url: window.location.href,
    source: 'react',
    app,
  });
}

/** Sends every error's unsent repeats now (the page is going away: keepalive carries them). */
export function flushErrors(): void {
  for (const p of outbox.values()) {
    if (p.timer) clearTimeout(p.timer);
    p.timer = null;
    void send(p);
  }
}

let installed = false;
/** Listens for uncaught errors and unhandled rejections on this page (once per page). */
export function installErrorHandler(app: string): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  const capture = (d: { message: string; stack: string }, source: ErrorSource) =>
    captureError({ ...d, url: window.location.href, source, app });
  window.addEventListener('error', (ev) => {
    // a failed <img>/<script> load is an Event on the element, not an uncaught error
    if (!(ev instanceof ErrorEvent)) return;
    const d =
      ev.error !== undefined && ev.error !== null
        ? describeError(ev.error)
        : {
            message: ev.message || 'Script error',
            stack: ev.filename ? `    at ${ev.filename}:${ev.lineno}:${ev.colno}` : '',
          };
    capture(d, 'error');
  });
  window.addEventListener('unhandledrejection', (ev) => capture(describeError(ev.reason), 'rejection'));
  // repeats waiting for their minute are not lost when the page closes or reloads
  window.addEventListener('pagehide', flushErrors);
}
