// Loads the page a remote serves for a route: the registry read again (a remote rolled forward or
// back since the last page is loaded from its new entry), the remote's route table, then the
// matching page's chunk. Used by the console's RemotePage and the public pages (PublicPage); retry loads again,
// bypassing the route table's cache.
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { matchRemoteRoute, type RemotePageProps } from '@lighting/shared';
import { IncompatibleRemoteError } from './incompatible';
import { loadRoutes, refreshRegistry, remoteFor } from './registry';

export type RemotePageState =
  | { status: 'loading' }
  | { status: 'ready'; Page: ComponentType<RemotePageProps> }
  /** no remote claims the address, or the one that does has no page for it: nothing to retry */
  | { status: 'missing' }
  | { status: 'error'; error: string }
  /** the remote was built for a contract range that excludes the host's: not loaded, nothing to retry */
  | { status: 'incompatible'; range: string; offered: string };

/**
 * @param urlAddress the route without leading or trailing slashes
 * @param reloadOn loads again when this changes (the route for console pages; the remote's name for
 *   public pages, whose remote routes between its own paths)
 */
export function useRemotePage(urlAddress: string, reloadOn: string) {
  const hit = remoteFor(urlAddress);
  const name = hit?.remote.name ?? '';
  const [state, setState] = useState<RemotePageState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setState({ status: 'loading' });
    refreshRegistry()
      .then(async (): Promise<RemotePageState> => {
        const found = remoteFor(urlAddress);
        if (!found) return { status: 'missing' };
        const table = await loadRoutes(found.remote.name, attempt > 0);
        const loader = matchRemoteRoute(table.pages, urlAddress);
        const mod = loader ? await loader() : null;
        return mod ? { status: 'ready', Page: mod.default } : { status: 'missing' };
      })
      .then((next) => alive && setState(next))
      .catch((e: unknown) => {
        if (!alive) return;
        if (e instanceof IncompatibleRemoteError)
          setState({ status: 'incompatible', range: e.range, offered: e.offered });
        else setState({ status: 'error', error: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- urlAddress follows reloadOn
  }, [reloadOn, attempt]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { name, state, attempt, retry };
}
