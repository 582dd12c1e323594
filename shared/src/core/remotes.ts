/**
 * Remote (module-federation) registry logic: which remote app serves a menu's urlAddress.
 *
 * Registry JSON: an array of entries, or an object `{ remotes: [...] }`; each entry `{name, entry, routes}` with
 * non-empty strings and `routes` a non-empty string array. Route prefixes are written without a leading '/'
 * (one is tolerated). A prefix ending with '/' ('system/') claims every path below it (and 'system' itself); a prefix
 * without ('previewModel') claims exactly that path and its sub-paths ('previewModel/x'), never 'previewModelX'.
 */

export interface RemoteEntry {
  name: string;
  entry: string;
  routes: string[];
}

export type RemoteRegistry = readonly RemoteEntry[];

export interface ResolvedRemote {
  remote: RemoteEntry;
  /** The matching prefix as written in the registry. */
  prefix: string;
  /** urlAddress after the prefix, without leading/trailing '/', query or hash ('' for the prefix itself). */
  subPath: string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Validate a registry; throws an Error naming the bad field (e.g. 'remotes[1].entry must be a non-empty string'). */
export function parseRegistry(json: unknown): RemoteEntry[] {
  const list: unknown = isObject(json) ? json.remotes : json;
  if (!Array.isArray(list)) throw new Error('remotes must be an array');
  const names = new Set<string>();
  return list.map((item: unknown, i): RemoteEntry => {
    const at = `remotes[${i}]`;
    if (!isObject(item)) throw new Error(`${at} must be an object`);
    const { name, entry, routes } = item;
    if (typeof name !== 'string' || name.trim() === '')
      throw new Error(`${at}.name must be a non-empty string`);
    if (names.has(name)) throw new Error(`${at}.name '${name}' is duplicated`);
    names.add(name);
    if (typeof entry !== 'string' || entry.trim() === '')
      throw new Error(`${at}.entry must be a non-empty string`);
    if (!Array.isArray(routes) || routes.length === 0)
      throw new Error(`${at}.routes must be a non-empty array of strings`);
    const checked = routes.map((r: unknown, j) => {
      if (typeof r !== 'string' || r.replace(/\//g, '').trim() === '')
        throw new Error(`${at}.routes[${j}] must be a non-empty string`);
      return r;
    });
    return { name, entry, routes: checked };
  });
}

function trimSlashes(s: string): string {
  return s.replace(/^\/+|\/+$/g, '');
}

function cleanPath(url: string): string {
  return trimSlashes(url.split(/[?#]/)[0] ?? '');
}

/** The remote claiming the longest matching prefix of urlAddress, or null. */
export function resolveRemote(registry: RemoteRegistry, urlAddress: string): ResolvedRemote | null {
  const url = cleanPath(urlAddress);
  if (url === '') return null;
  let best: (ResolvedRemote & { length: number }) | null = null;
  for (const remote of registry) {
    for (const prefix of remote.routes) {
      const p = trimSlashes(prefix);
      if (p === '') continue;
      if (url !== p && !url.startsWith(`${p}/`)) continue;
      if (best && best.length >= p.length) continue;
      best = { remote, prefix, subPath: trimSlashes(url.slice(p.length)), length: p.length };
    }
  }
  if (!best) return null;
  return { remote: best.remote, prefix: best.prefix, subPath: best.subPath };
}

/** Exact key first (as given, then without leading/trailing '/'), else the '*' fallback, else null. */
export function matchRemoteRoute<T>(table: Readonly<Record<string, T>>, subPath: string): T | null {
  const has = (k: string): boolean => Object.prototype.hasOwnProperty.call(table, k);
  if (has(subPath)) return table[subPath] ?? null;
  const clean = trimSlashes(subPath);
  if (has(clean)) return table[clean] ?? null;
  if (has('*')) return table['*'] ?? null;
  return null;
}
