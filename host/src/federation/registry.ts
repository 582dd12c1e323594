// The remote registry (architecture.md): read /remotes.json at start, register every remote with
// the federation runtime (no static remotes), load a remote's route table on first visit.
import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { CONTRACT_VERSION, parseRegistry, resolveRemote, type RemoteEntry } from '@lighting/shared';
import type { RemoteRoutes } from '@lighting/shared';
import { IncompatibleRemoteError } from './incompatible';
import { keepManifest } from './manifests';
import { registryChanges } from './registryChanges';
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

/** The registry as the server has it now, or null when it cannot be read (logged). */
async function readRegistry(url: string): Promise<RemoteEntry[] | null> {
  try {
    const res = await fetch(url, { cache: 'no-cache' });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return parseRegistry(await res.json());
  } catch (e) {
    console.error('[federation] remote registry unavailable', e);
    return null;
  }
}

export async function loadRegistry(url = '/remotes.json'): Promise<RemoteEntry[]> {
  registry = (await readRegistry(url)) ?? [];
  checks.clear();
  refused.clear();
  register(registry);
  return registry;
}

/** Forget what was loaded or decided for a remote: its next use loads from its (new) entry. */
function forget(name: string): void {
  tables.delete(name);
  checks.delete(name);
  refused.delete(name);
  for (const key of [...exposed.keys()]) if (key.startsWith(`${name}/`)) exposed.delete(key);
}

let refreshing: Promise<void> | null = null;

/**
 * Reads the registry again (a remote page is being opened: useRemotePage). A remote whose entry
 * moved (a team rolled it forward or back) is re-registered and its loaded code forgotten, so this
 * and every later page of it load the release the registry names now; pages of the old release still
 * open keep running (each release has its own chunk-loading global, build/webpack.app.cjs). Unchanged
 * remotes keep what they loaded (and a refusal: same entry, same release). A registry that cannot be
 * read keeps the current one. Calls while a read is under way share it.
 */
export function refreshRegistry(url = '/remotes.json'): Promise<void> {
  if (!refreshing) {
    refreshing = readRegistry(url)
      .then((next) => {
        if (!next) return;
        const { moved, added, removed } = registryChanges(registry, next);
        for (const name of [...moved, ...removed]) forget(name);
        registry = next;
        const byName = (names: string[]) => next.filter((r) => names.includes(r.name));
        if (moved.length) register(byName(moved), true);
        if (added.length) register(byName(added));
      })
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

export const getRegistry = (): RemoteEntry[] => registry;

export function remoteFor(urlAddress: string) {
  return resolveRemote(registry, urlAddress);
}

const checks = new Map<string, Promise<void>>();
const refused = new Map<string, IncompatibleRemoteError>();

/**
 * Before any of a remote's code loads: its manifest's contract range against the contract this host
 * offers (contract.ts). Outside it, rejects with IncompatibleRemoteError (kept: the same remote stays
 * refused until the registry is read again); a manifest that cannot be read rejects with an Error
 * (not kept: Retry tries again). The manifest's text goes to the runtime, which would fetch it next.
 * An entry that is not a manifest (a remoteEntry.js) carries no range: it loads unchecked.
 */
export function checkContract(name: string, force = false): Promise<void> {
  const no = refused.get(name);
  if (no) return Promise.reject(no);
  if (force) checks.delete(name);
  let p = checks.get(name);
  if (!p) {
    const r = registry.find((x) => x.name === name);
    if (!r) return Promise.reject(new Error(`no remote named ${name} in the registry`));
    const url = absolute(r.entry);
    if (!/\.json([?#]|$)/.test(url)) return Promise.resolve();
    p = fetch(url, { cache: 'no-cache' }).then(async (res) => {
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      const text = await res.text();
      // semver loads with the first remote page, not with /login or /home's first paint
      const { contractVerdict } = await import('./contract');
      const verdict = contractVerdict(JSON.parse(text) as unknown, CONTRACT_VERSION);
      if (verdict.status === 'outside')
        throw new IncompatibleRemoteError(name, verdict.range, verdict.offered);
      if (verdict.status === 'undeclared')
        console.warn(`[federation] remote ${name} declares no contract range; loading it unchecked`);
      keepManifest(url, text);
    });
    p.catch((e: unknown) => {
      checks.delete(name);
      if (e instanceof IncompatibleRemoteError) refused.set(name, e);
    });
    checks.set(name, p);
  }
  return p;
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
    p = checkContract(name, forceReload)
      .then(() => loadRemote<{ default?: RemoteRoutes } & Record<string, unknown>>(`${name}/routes`))
      .then((mod) => {
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
    p = checkContract(name)
      .then(() => loadRemote<Record<string, unknown>>(key))
      .then((mod) => {
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
  const name = hit.remote.name;
  // a remote outside the contract is not fetched beyond its manifest
  void checkContract(name)
    .then(() => preloadRemote([{ nameOrAlias: name, exposes: ['./routes'] }]))
    .catch(() => undefined);
}
