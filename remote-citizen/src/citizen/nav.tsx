// Where the citizen pages are and how they move: a tiny interface both doors implement. The phone
// door (lite.tsx) drives it from the History API; inside the host it is the host's router
// (host-nav.tsx). Paths are relative to /bt/gzh: '' (index), 'repair/repair-report', …
import { createContext, useContext, useEffect, useState } from 'react';

export const BASE = '/bt/gzh';

export interface Nav {
  /** The page's path below /bt/gzh, without leading or trailing '/'. */
  path: string;
  search: URLSearchParams;
  go(to: string, opts?: { replace?: boolean }): void;
}

export const NavContext = createContext<Nav>({
  path: '',
  search: new URLSearchParams(),
  go: () => undefined,
});
export const useNav = (): Nav => useContext(NavContext);

/** '/bt/gzh/repair/my-log?x=1' → 'repair/my-log'. */
export function subPath(pathname: string): string {
  const p = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
  return p.replace(/^\/+|\/+$/g, '');
}

/** 'repair/my-log?x=1' → '/bt/gzh/repair/my-log?x=1' ('' → '/bt/gzh'). */
export function fullPath(to: string): string {
  const t = to.replace(/^\/+/, '');
  return t ? `${BASE}/${t}` : BASE;
}

/** The phone door: the History API, scrolled to the top on each move. */
export function useHistoryNav(): Nav {
  const read = () => ({ path: subPath(location.pathname), search: new URLSearchParams(location.search) });
  const [loc, setLoc] = useState(read);
  useEffect(() => {
    const on = () => setLoc(read());
    addEventListener('popstate', on);
    return () => removeEventListener('popstate', on);
  }, []);
  return {
    ...loc,
    go(to, opts) {
      const url = fullPath(to);
      if (opts?.replace) history.replaceState(null, '', url);
      else history.pushState(null, '', url);
      scrollTo(0, 0);
      setLoc(read());
    },
  };
}
