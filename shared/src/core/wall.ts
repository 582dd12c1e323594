/**
 * The city wall display (menu type 6, spec §2: the dashboard host + '/view/{moduleId}' with the
 * token as a query parameter). This platform serves its own wall at the default dashboard host
 * `WALL_BASE` ('/dv'): the host's public route /dv/view/:moduleId. The token is taken out of the
 * address before anything else runs (`takeToken`), so it never stays in the address bar, the
 * history or a Referer. Pure.
 */

export const WALL_BASE = '/dv';
const VIEW_PATH = new RegExp(`^${WALL_BASE}/view/([^/]+)/?$`);

/** The wall's module id for a path under WALL_BASE + '/view/', or null. */
export function wallModuleId(pathname: string): string | null {
  const m = VIEW_PATH.exec(pathname);
  if (!m?.[1]) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

/** The `token` query parameter of an address and the address without it (other parameters kept). */
export function takeToken(href: string): { token: string | null; rest: string } {
  const url = new URL(href, 'http://x');
  const token = url.searchParams.get('token');
  url.searchParams.delete('token');
  const query = url.searchParams.toString();
  return { token: token || null, rest: `${url.pathname}${query ? `?${query}` : ''}${url.hash}` };
}
