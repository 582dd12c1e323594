// The wall display's sign-in token (spec §2 type 6: the token arrives in the query). Taken out of
// the address as the first thing the host does, kept in memory until the wall signs in with it, so
// it never stays in the address bar or the history (the server also sends no Referer from there).
import { takeToken, wallModuleId } from '@lighting/shared';

let pending: string | null = null;

/** On a wall address: remembers its token and replaces the address without it. */
export function stashWallToken(): void {
  if (wallModuleId(window.location.pathname) === null) return;
  const { token, rest } = takeToken(window.location.href);
  const here = window.location.pathname + window.location.search + window.location.hash;
  if (rest !== here) window.history.replaceState(window.history.state, '', rest);
  if (token) pending = token;
}

/** The token the address carried (once), or null. */
export function takeWallToken(): string | null {
  const t = pending;
  pending = null;
  return t;
}
