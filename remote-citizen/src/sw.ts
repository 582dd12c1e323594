// The citizen pages' service worker (scope /bt/gzh): the page answers at once from the phone on the
// next visit and opens without a network (the outbox then sends what waits when the network is
// back); the copy is refreshed in the background. Lazy chunks (hashed, never changing) are kept once
// fetched. The API is never cached.
// the service-worker scope, typed here (the package's TypeScript program has the DOM, not WebWorker, lib)
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(r: Promise<Response>): void;
}
interface SwScope {
  addEventListener(type: 'install' | 'activate', f: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', f: (e: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
}
const sw = globalThis as unknown as SwScope;

const CACHE = 'citizen-v1';
const SHELL = '/bt/gzh/__shell';

sw.addEventListener('install', (e) => {
  e.waitUntil(
    (async () => {
      const c = await caches.open(CACHE);
      const res = await fetch('/bt/gzh', { cache: 'no-store' });
      if (res.ok) await c.put(SHELL, res);
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (e) => {
  e.waitUntil(
    (async () => {
      for (const k of await caches.keys()) if (k !== CACHE) await caches.delete(k);
      await sw.clients.claim();
    })(),
  );
});

async function shell(event: FetchEvent): Promise<Response> {
  const c = await caches.open(CACHE);
  const cached = await c.match(SHELL);
  const fresh = fetch(event.request.url, { cache: 'no-store' }).then(async (res) => {
    // a page for one pole carries that pole's data: keep only the plain page as the shell
    if (res.ok && !new URL(event.request.url).search) await c.put(SHELL, res.clone());
    return res;
  });
  if (cached) {
    event.waitUntil(fresh.catch(() => undefined));
    // a pole's page (?qr=) wants its own data when the network can give it
    if (new URL(event.request.url).search) return fresh.catch(() => cached);
    return cached;
  }
  return fresh;
}

sw.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== location.origin) return;
  if (
    event.request.mode === 'navigate' &&
    (url.pathname === '/bt/gzh' || url.pathname.startsWith('/bt/gzh/'))
  ) {
    event.respondWith(shell(event));
    return;
  }
  if (url.pathname.startsWith('/remotes/citizen/lite/')) {
    event.respondWith(
      (async () => {
        const c = await caches.open(CACHE);
        const hit = await c.match(event.request);
        if (hit) return hit;
        const res = await fetch(event.request);
        if (res.ok) await c.put(event.request, res.clone());
        return res;
      })(),
    );
  }
});
