// The public pages (/bt/gzh/*: citizens on their phones) rendered by the remote the registry names
// for them, outside the console: no sign-in, no guard, no layout, no antd. A remote that cannot be
// loaded shows a plain panel with Retry.
import { useEffect, useState, type ComponentType } from 'react';
import { ErrorBoundary, matchRemoteRoute, useLocation, type RemotePageProps } from '@lighting/shared';
import { loadRoutes, remoteFor } from '../federation/registry';
import { Loading } from '../views/Loading';

type State =
  | { status: 'loading' }
  | { status: 'ready'; Page: ComponentType<RemotePageProps> }
  | { status: 'error'; error: string };

export default function PublicPage() {
  const { pathname } = useLocation();
  const urlAddress = pathname.replace(/^\/+|\/+$/g, '');
  const hit = remoteFor(urlAddress);
  const name = hit?.remote.name ?? '';
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    if (!hit) {
      setState({ status: 'error', error: `no remote claims ${urlAddress}` });
      return;
    }
    setState({ status: 'loading' });
    loadRoutes(hit.remote.name, attempt > 0)
      .then((table) => {
        const loader = matchRemoteRoute(table.pages, urlAddress);
        if (!loader) throw new Error(`${hit.remote.name} has no page for ${urlAddress}`);
        return loader();
      })
      .then((mod) => alive && setState({ status: 'ready', Page: mod.default }))
      .catch(
        (e: unknown) =>
          alive && setState({ status: 'error', error: e instanceof Error ? e.message : String(e) }),
      );
    return () => {
      alive = false;
    };
    // one load per remote: the remote's page routes between its own paths
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, attempt]);

  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error')
    return (
      <div
        role="alert"
        data-testid="public-error"
        style={{ padding: 24, fontFamily: 'sans-serif', textAlign: 'center' }}
      >
        <p>页面加载失败 / The page could not be loaded</p>
        <p style={{ color: '#888', fontSize: 13 }}>{state.error}</p>
        <button
          type="button"
          style={{ minHeight: 44, padding: '0 24px' }}
          onClick={() => setAttempt((a) => a + 1)}
        >
          重试 / Retry
        </button>
      </div>
    );
  const { Page } = state;
  return (
    <ErrorBoundary app={name}>
      <Page urlAddress={urlAddress} meta={{ title: '' }} />
    </ErrorBoundary>
  );
}
