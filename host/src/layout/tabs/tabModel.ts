// The tags view (spec §3 Tab-view record, §4 tabs): pure transitions over the list of open tabs.
// No React: the zustand store (./useTabs.ts) applies these.

export const NO_NAME = 'no-name';

export interface TabView {
  path: string;
  /** Path with the query and hash last seen on this tab: returning to the tab restores them. */
  fullPath?: string;
  /** Route name (for keep-alive bookkeeping). */
  name?: string;
  title: string;
  icon?: string;
  /** Not cached: the page unmounts when another tab is shown. */
  noCache?: boolean;
  /** Affixed tabs (home) cannot be closed. */
  affix?: boolean;
  /** Bumped by refresh: the page re-mounts under a new key. */
  key: number;
}

export type TabInput = Partial<Omit<TabView, 'key'>> & { path: string };

const make = (t: TabInput): TabView => ({
  ...t,
  title: t.title && t.title.length > 0 ? t.title : NO_NAME,
  key: 0,
});

/**
 * Adds a tab once per path. An existing tab keeps its title and flags; only the query it was last
 * seen with (fullPath) follows the visit.
 */
export function addTab(tabs: readonly TabView[], t: TabInput): TabView[] {
  if (tabs.some((x) => x.path === t.path)) {
    if (t.fullPath === undefined) return [...tabs];
    return tabs.map((x) => (x.path === t.path ? { ...x, fullPath: t.fullPath } : x));
  }
  return [...tabs, make(t)];
}

/** The query part ('?…', without the hash) of a tab's fullPath; '' when it has none. */
export function searchOf(fullPath: string | undefined): string {
  const beforeHash = (fullPath ?? '').split('#')[0] ?? '';
  const q = beforeHash.indexOf('?');
  return q < 0 ? '' : beforeHash.slice(q);
}

/** Where a click on the tab of `path` goes: the path with the query the tab was last seen with. */
export function hrefOf(tabs: readonly TabView[], path: string): string {
  return tabs.find((x) => x.path === path)?.fullPath ?? path;
}

/** Merges new fields into the tab with the same path (title, icon, noCache…). */
export function updateTab(tabs: readonly TabView[], t: TabInput): TabView[] {
  return tabs.map((x) => (x.path === t.path ? { ...x, ...t, title: t.title || x.title } : x));
}

export function closeTab(tabs: readonly TabView[], path: string): TabView[] {
  return tabs.filter((x) => x.path !== path || x.affix === true);
}

export function closeOthers(tabs: readonly TabView[], path: string): TabView[] {
  return tabs.filter((x) => x.path === path || x.affix === true);
}

export function closeAll(tabs: readonly TabView[]): TabView[] {
  return tabs.filter((x) => x.affix === true);
}

export function closeRight(tabs: readonly TabView[], path: string): TabView[] {
  const i = tabs.findIndex((x) => x.path === path);
  if (i < 0) return [...tabs];
  return tabs.filter((x, j) => j <= i || x.affix === true);
}

/** Refresh: a new key for that tab, so its page mounts afresh. */
export function refreshTab(tabs: readonly TabView[], path: string): TabView[] {
  return tabs.map((x) => (x.path === path ? { ...x, key: x.key + 1 } : x));
}

/**
 * Where to go after closing `closed` while `active` was shown: stay unless the active tab went,
 * then the tab that took its place on the left (the last remaining one), else home.
 */
export function nextActive(
  before: readonly TabView[],
  after: readonly TabView[],
  active: string,
  fallback = '/home',
): string {
  if (after.some((x) => x.path === active)) return active;
  const i = before.findIndex((x) => x.path === active);
  const left = before
    .slice(0, Math.max(i, 0))
    .reverse()
    .find((x) => after.some((y) => y.path === x.path));
  return left?.path ?? after[after.length - 1]?.path ?? fallback;
}

/**
 * Tabs whose page is mounted: the active one, and while hidden (keep-alive) the ones shown before
 * that are not noCache. A tab never shown yet (the home tab when the console opens on another page,
 * tabs restored from storage) mounts when first activated, so a start renders one page, not all.
 */
export function mountedTabs(
  tabs: readonly TabView[],
  active: string,
  shownBefore: ReadonlySet<string>,
): TabView[] {
  return tabs.filter((x) => x.path === active || (!x.noCache && shownBefore.has(x.path)));
}

/**
 * What a browser tab keeps of its open tabs across a reload (an address typed in the address bar
 * reloads the document): the tabs, for the session that opened them (`owner`), so another sign-in
 * in the same browser tab starts with home alone.
 */
export function storedTabs(owner: string, tabs: readonly TabView[]): string {
  return JSON.stringify({
    owner,
    tabs: tabs.map(({ path, fullPath, title, noCache, affix }) => ({
      path,
      fullPath,
      title,
      noCache,
      affix,
    })),
  });
}

/** The tabs kept by `storedTabs` for `owner` (home first, keys fresh), or null when none are. */
export function restoreTabs(raw: string | null, owner: string, home: TabView): TabView[] | null {
  if (!raw || !owner) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { owner: by, tabs } = parsed as { owner?: unknown; tabs?: unknown };
  if (by !== owner || !Array.isArray(tabs)) return null;
  const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
  const kept = tabs.flatMap((x: unknown): TabView[] => {
    if (!x || typeof x !== 'object') return [];
    const t = x as Record<string, unknown>;
    const path = str(t.path);
    if (!path || !path.startsWith('/') || path === home.path) return [];
    const fullPath = str(t.fullPath);
    return [
      {
        path,
        ...(fullPath?.startsWith(path) ? { fullPath } : {}),
        title: str(t.title) || NO_NAME,
        ...(t.noCache === true ? { noCache: true } : {}),
        key: 0,
      },
    ];
  });
  return [home, ...kept];
}
