/**
 * Dynamic routes from the CurrentUser menu list (spec §2 "Dynamic routes from the menu list").
 *
 * Type 1 directory: path '/' + enCode, children recursed.
 * Type 2 page: path '/' + urlAddress (leading '/' stripped; enCode when urlAddress is empty); name = enCode with
 *   dots → dashes; meta title/icon/fullName, modelId = menu id.
 * Types 3, 4, 5 (dynamic model, dictionary, data report): as 2, kind 'model', plus moduleId and isTree from
 *   propertyJson (parsed defensively: bad JSON → no moduleId).
 * Type 6 external dashboard: href `${dashboardUrl}/view/${moduleId}?token=${encodeURIComponent(token)}`
 *   (moduleId from propertyJson; entries without one are skipped — no link can be built).
 * Type 7 link: linkTarget '_self' → frame route '/' + enCode with meta.frameUrl = urlAddress; otherwise external
 *   href = urlAddress.
 * External routes (kind 'external') use the href as their path and are not router routes.
 * Children of any entry are recursed (in practice only directories have them), sorted by sortCode when present.
 * Titles are `opts.label(entry)` (the translated label, core/menuLabels.ts) or else the fullName.
 * Unknown types (and their children) are skipped. Routes are listed parent first. Entries with hidden: true produce routes but no menu node.
 */

import { menuWordingIsOwn } from './menuLabels';
import { isSafeLink } from './links';

export type MenuType = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface MenuEntry {
  id: string;
  type: number;
  enCode: string;
  fullName: string;
  urlAddress?: string | null;
  icon?: string | null;
  propertyJson?: string | null;
  linkTarget?: string | null;
  hasChildren?: boolean;
  children?: MenuEntry[] | null;
  sortCode?: number | null;
  hidden?: boolean;
}

export type RouteKind = 'page' | 'model' | 'external' | 'frame' | 'directory';

export interface MenuRouteMeta {
  title: string;
  icon: string;
  fullName: string;
  modelId: string;
  moduleId?: string;
  isTree?: boolean;
  type: number;
  urlAddress?: string;
  frameUrl?: string;
}

export interface AppRoute {
  path: string;
  name: string;
  kind: RouteKind;
  meta: MenuRouteMeta;
  href?: string;
}

export interface MenuNode {
  id: string;
  /** Router path (absent for external links). */
  path?: string;
  /** Link opened in a new tab for external entries. */
  href?: string;
  title: string;
  icon: string;
  kind: RouteKind;
  external: boolean;
  children: MenuNode[];
  /**
   * The title is an administrator's own wording (an entry the menu table does not know, or one
   * renamed), shown as typed in every language: people's text, not the console's.
   */
  ownWording?: boolean;
}

export interface RouteOptions {
  /** Dashboard (DataV) host for type 6, e.g. 'https://dv.example.com' (trailing slashes ignored). */
  dashboardUrl: string;
  token: string;
  /** The title an entry is shown by (menuLabel in the console's language); fullName when absent. */
  label?: (entry: MenuEntry) => string;
  /** The address a link entry (type 7) opens, e.g. our guide in the console's language; as stored when absent. */
  link?: (url: string) => string;
}

export interface GeneratedRoutes {
  routes: AppRoute[];
  tree: MenuNode[];
}

export interface MenuProperties {
  moduleId?: string;
  isTree?: boolean;
}

/** Parse a menu's propertyJson; anything malformed yields {}. */
export function parsePropertyJson(json: string | null | undefined): MenuProperties {
  if (!json) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const rec = parsed as Record<string, unknown>;
  const out: MenuProperties = {};
  const mid = rec.moduleId;
  if ((typeof mid === 'string' && mid !== '') || (typeof mid === 'number' && Number.isFinite(mid)))
    out.moduleId = String(mid);
  const tree = rec.isTree;
  if (tree !== undefined && tree !== null)
    out.isTree = tree === true || tree === 1 || tree === '1' || tree === 'true';
  return out;
}

export function routeName(enCode: string): string {
  return enCode.replace(/\./g, '-');
}

function stripLeadingSlash(s: string): string {
  return s.replace(/^\/+/, '');
}

function sortBySortCode(list: readonly MenuEntry[]): MenuEntry[] {
  const key = (m: MenuEntry): number =>
    typeof m.sortCode === 'number' && Number.isFinite(m.sortCode) ? m.sortCode : Infinity;
  return [...list].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka === kb ? 0 : ka < kb ? -1 : 1;
  });
}

/** The route for one entry (children ignored), or null when the entry cannot be routed. */
export function routeForEntry(entry: MenuEntry, opts: RouteOptions): AppRoute | null {
  const name = routeName(entry.enCode);
  const meta: MenuRouteMeta = {
    title: opts.label ? opts.label(entry) : entry.fullName,
    icon: entry.icon ?? '',
    fullName: entry.fullName,
    modelId: entry.id,
    type: entry.type,
  };
  const url = entry.urlAddress ?? '';
  if (url) meta.urlAddress = url;
  const pagePath = `/${stripLeadingSlash(url) || entry.enCode}`;
  switch (entry.type) {
    case 1:
      return { path: `/${entry.enCode}`, name, kind: 'directory', meta };
    case 2:
      return { path: pagePath, name, kind: 'page', meta };
    case 3:
    case 4:
    case 5: {
      const props = parsePropertyJson(entry.propertyJson);
      if (props.moduleId !== undefined) meta.moduleId = props.moduleId;
      if (props.isTree !== undefined) meta.isTree = props.isTree;
      return { path: pagePath, name, kind: 'model', meta };
    }
    case 6: {
      const props = parsePropertyJson(entry.propertyJson);
      if (props.moduleId === undefined) return null;
      meta.moduleId = props.moduleId;
      const host = opts.dashboardUrl.replace(/\/+$/, '');
      const href = `${host}/view/${props.moduleId}?token=${encodeURIComponent(opts.token)}`;
      return { path: href, name, kind: 'external', meta, href };
    }
    case 7:
      // the server stores only safe links; one stored before that rule is not routed at all
      if (!isSafeLink(url)) return null;
      if (entry.linkTarget === '_self') {
        meta.frameUrl = opts.link?.(url) ?? url;
        return { path: `/${entry.enCode}`, name, kind: 'frame', meta };
      }
      return { path: url, name, kind: 'external', meta, href: opts.link?.(url) ?? url };
    default:
      return null;
  }
}

/**
 * True when the user's menus hold a page at `urlAddress` (leading '/' ignored): the console has a
 * route for it, so a link there opens (e.g. a chat card's link to a map page).
 */
export function hasMenuPage(menus: readonly MenuEntry[] | null | undefined, urlAddress: string): boolean {
  const want = stripLeadingSlash(urlAddress);
  const walk = (list: readonly MenuEntry[]): boolean =>
    list.some(
      (m) =>
        (m.type >= 2 && m.type <= 5 && stripLeadingSlash(m.urlAddress ?? '') === want) ||
        (!!m.children && walk(m.children)),
    );
  return want !== '' && walk(menus ?? []);
}

/**
 * The sandbox of the frame a type-7 `_self` link is shown in (host FramePage). Never
 * allow-same-origin: with allow-scripts it would let a page of our own origin lift its own sandbox
 * and reach the console (its token, its DOM), which made the sandbox meaningless for our paths. An
 * external page (http, https) runs its scripts and forms in an opaque origin; a path of ours
 * (/help/…) is shown as a document, without scripts. Both may open links in a new tab.
 */
export function frameSandbox(url: string): string {
  const popups = 'allow-popups allow-popups-to-escape-sandbox';
  return /^\/(?![/\\])/.test(url) ? popups : `allow-scripts allow-forms ${popups}`;
}

/** Flat route list plus the menu tree for rendering. */
export function generateRoutes(
  menus: readonly MenuEntry[] | null | undefined,
  opts: RouteOptions,
): GeneratedRoutes {
  const routes: AppRoute[] = [];
  const walk = (list: readonly MenuEntry[]): MenuNode[] => {
    const nodes: MenuNode[] = [];
    for (const entry of sortBySortCode(list)) {
      const route = routeForEntry(entry, opts);
      if (!route) continue;
      routes.push(route);
      const children = entry.children && entry.children.length > 0 ? walk(entry.children) : [];
      if (entry.hidden) continue;
      const external = route.kind === 'external';
      const node: MenuNode = {
        id: entry.id,
        title: route.meta.title,
        icon: route.meta.icon,
        kind: route.kind,
        external,
        children,
      };
      if (external) node.href = route.href;
      else node.path = route.path;
      if (opts.label && menuWordingIsOwn(entry.enCode, entry.fullName)) node.ownWording = true;
      nodes.push(node);
    }
    return nodes;
  };
  const tree = walk(menus ?? []);
  return { routes, tree };
}

export interface SearchableRoute {
  path: string;
  title: string;
  /** Breadcrumb: ancestor titles and own title joined by the separator. */
  fullTitle: string;
  titles: string[];
  href?: string;
}

/** Leaf (non-directory) menu entries for the navbar menu search. External links keep their href (also as path). */
export function flattenPermittedRoutes(tree: readonly MenuNode[], separator = ' > '): SearchableRoute[] {
  const out: SearchableRoute[] = [];
  const walk = (nodes: readonly MenuNode[], parents: string[]): void => {
    for (const node of nodes) {
      const titles = [...parents, node.title];
      if (node.kind !== 'directory') {
        const item: SearchableRoute = {
          path: node.path ?? node.href ?? '',
          title: node.title,
          fullTitle: titles.join(separator),
          titles,
        };
        if (node.href) item.href = node.href;
        out.push(item);
      }
      if (node.children.length > 0) walk(node.children, titles);
    }
  };
  walk(tree, []);
  return out;
}

function normalizePath(p: string): string {
  const noQuery = p.split(/[?#]/)[0] ?? '';
  return noQuery.length > 1 ? noQuery.replace(/\/+$/, '') : noQuery;
}

/** Titles from the root to the node whose path (or href) equals `path` (query and trailing '/' ignored); [] if none. */
export function findMenuPath(tree: readonly MenuNode[], path: string): string[] {
  const target = normalizePath(path);
  const search = (nodes: readonly MenuNode[], parents: string[]): string[] | null => {
    for (const node of nodes) {
      const titles = [...parents, node.title];
      if (
        (node.path !== undefined && normalizePath(node.path) === target) ||
        (node.href !== undefined && node.href === path)
      )
        return titles;
      const found = search(node.children, titles);
      if (found) return found;
    }
    return null;
  };
  return search(tree, []) ?? [];
}
