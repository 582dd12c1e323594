// The phone's side of the citizens' service: the outbox (IndexedDB through idb-keyval) wired to the
// API, the unsent form kept across reloads, and what the pages need to know about the session.
import { createStore, get, set, del } from 'idb-keyval';
import { ApiFailure, api, uploadPhoto } from './api';
import { Outbox, retryDelay, type Kv, type OutboxItem } from './outbox';

const db = typeof indexedDB === 'undefined' ? null : createStore('lighting-citizen', 'kv');
const memory = new Map<string, unknown>();

export const kv: Kv & { del(key: string): Promise<void> } = {
  get: <T>(k: string) => (db ? get<T>(k, db) : Promise.resolve(memory.get(k) as T | undefined)),
  set: (k, v) => (db ? set(k, v, db) : Promise.resolve(void memory.set(k, v))),
  del: (k) => (db ? del(k, db) : Promise.resolve(void memory.delete(k))),
};

export const outbox = new Outbox(kv, {
  upload: (blob, onProgress) => uploadPhoto(blob, onProgress),
  post: async (item: OutboxItem, photos: string[]) => {
    const path = item.kind === 'report' ? 'reports' : 'feedback';
    return (await api<unknown>('POST', path, { ...item.body, idemKey: item.id, photos })).data;
  },
  transient: (e) => !(e instanceof ApiFailure) || e.transient,
  message: (e) => (e instanceof Error ? e.message : String(e)),
});

/** What happened to items sent in the background (the pages show it). */
type Listener = (item: OutboxItem, result: unknown) => void;
const listeners = new Set<Listener>();
export const onSent = (f: Listener): (() => void) => {
  listeners.add(f);
  return () => listeners.delete(f);
};
const progressListeners = new Set<(id: string, i: number, pct: number) => void>();
export const onProgress = (f: (id: string, i: number, pct: number) => void): (() => void) => {
  progressListeners.add(f);
  return () => progressListeners.delete(f);
};

/** Where the report form being filled in is kept (with the key it is sent under, once submitted). */
export const REPORT_DRAFT = 'draft:report';

/** The report form's draft is done with once the report it became has reached the server. */
export async function forgetSentDraft(itemId: string): Promise<void> {
  const d = await kv.get<{ key?: string }>(REPORT_DRAFT);
  if (d?.key === itemId) await kv.del(REPORT_DRAFT);
}

/** Told after every send of the outbox (a page waiting for its item reads what became of it). */
const flushedListeners = new Set<() => void>();
export const onFlushed = (f: () => void): (() => void) => {
  flushedListeners.add(f);
  return () => flushedListeners.delete(f);
};

let retryTimer: ReturnType<typeof setTimeout> | null = null;
let attempts = 0;

/**
 * Sends what waits; when something is still waiting afterwards (no network, a stalled call that timed
 * out, the server busy), tries again later, waiting longer each time, while the page is open.
 */
export async function flushOutbox(): Promise<void> {
  await outbox.flush({
    sent: (item, result) => listeners.forEach((f) => f(item, result)),
    progress: (id, i, pct) => progressListeners.forEach((f) => f(id, i, pct)),
  });
  flushedListeners.forEach((f) => f());
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  if (typeof window === 'undefined') return;
  if ((await outbox.list()).some((i) => !i.error))
    retryTimer = setTimeout(() => void flushOutbox(), retryDelay(attempts++));
  else attempts = 0;
}

/** Nothing is sent until `p` settles (a sign-in the page is finishing). */
export const holdOutbox = (p: Promise<unknown>): void => outbox.holdUntil(p);

let started = false;
/** Sends what waits now (the page was opened) and whenever the network comes back. */
export function startOutbox(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  addEventListener('online', () => {
    attempts = 0;
    void flushOutbox();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && navigator.onLine) void flushOutbox();
  });
  if (navigator.onLine) void flushOutbox();
}
