// The remote registry (architecture.md): read /remotes.json at start, register every remote with
// the federation runtime (no static remotes), load a remote's route table on first visit.
import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { parseRegistry, resolveRemote, type RemoteEntry } from '@lighting/shared';
import type { RemoteRoutes } from '@lighting/shared';
import { REMOTE_ERROR } from './runtimePlugin';

let registry: RemoteEntry[] = [];

function absolute(entry: string): string {
  return new URL(entry, window.location.href).toString();
}

function register(remotes: RemoteEntry[], force = false): void {
  registerRemotes(
    remotes.map((r) => ({ name: r.name, entry: absolute(r.entry) })),
    { force },
  );
}

export async function loadRegistry(url = '/remotes.json'): Promise<RemoteEntry[]> {
  try {
    const res = await fetch(url, { cache: 'no-cache' });
    registry = res.ok ? parseRegistry(await res.json()) : [];
  } catch (e) {
    console.error('[federation] remote registry unavailable', e);
    registry = [];
  }
  register(registry);
  return registry;
}

export const getRegistry = (): RemoteEntry[] => registry;

export function remoteFor(urlAddress: string) {
  return resolveRemote(registry, urlAddress);
}

const tables = new Map<string, Promise<RemoteRoutes>>();

/** The remote's `./routes` table, loaded once (until a retry forces a reload). */
export function loadRoutes(name: string, forceReload = false): Promise<RemoteRoutes> {
  if (forceReload) {
    tables.delete(name);
    const r = registry.find((x) => x.name === name);
    if (r) register([r], true);
  }
  let p = tables.get(name);
  if (!p) {
    p = loadRemote<{ default?: RemoteRoutes } & Record<string, unknown>>(`${name}/routes`).then((mod) => {
      if (!mod || typeof mod[REMOTE_ERROR] === 'string') {
        throw new Error(
          typeof mod?.[REMOTE_ERROR] === 'string' ? (mod[REMOTE_ERROR] as string) : 'remote unavailable',
        );
      }
      const table = (mod.default ?? mod) as RemoteRoutes;
      if (!table || typeof table.pages !== 'object') throw new Error(`${name}/routes has no pages table`);
      return table;
    });
    p.catch(() => tables.delete(name));
    tables.set(name, p);
  }
  return p;
}

/**
 * Another module a remote exposes (e.g. 'chat' / './ChatDrawer'), loaded once; a failure is not kept, so
 * the next call tries again (Retry).
 */
const exposed = new Map<string, Promise<unknown>>();
export function loadExposed<T>(name: string, expose: string): Promise<T> {
  const key = `${name}/${expose.replace(/^\.\//, '')}`;
  let p = exposed.get(key) as Promise<T> | undefined;
  if (!p) {
    const r = registry.find((x) => x.name === name);
    if (!r) return Promise.reject(new Error(`no remote named ${name} in the registry`));
    p = loadRemote<Record<string, unknown>>(key).then((mod) => {
      if (!mod || typeof mod[REMOTE_ERROR] === 'string')
        throw new Error(
          typeof mod?.[REMOTE_ERROR] === 'string' ? (mod[REMOTE_ERROR] as string) : 'remote unavailable',
        );
      return (mod.default ?? mod) as T;
    });
    p.catch(() => {
      exposed.delete(key);
      register([r], true);
    });
    exposed.set(key, p);
  }
  return p;
}

/** Warm a remote's entry on menu hover (its code is otherwise fetched on the first visit). */
export function preload(urlAddress: string): void {
  const hit = remoteFor(urlAddress);
  if (!hit || tables.has(hit.remote.name)) return;
  void preloadRemote([{ nameOrAlias: hit.remote.name, exposes: ['./routes'] }]).catch(() => undefined);
}
