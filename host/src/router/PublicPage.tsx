// The public pages (/bt/gzh/*: citizens on their phones) rendered by the remote the registry names
// for them, outside the console: no sign-in, no guard, no layout, no antd. A remote that cannot be
// loaded shows a plain panel with Retry; an address it has no page for, a plain not-found panel.
import { ErrorBoundary, useLocation } from '@lighting/shared';
import { remoteFor } from '../federation/registry';
import { useRemotePage } from '../federation/useRemotePage';
import { Loading } from '../views/Loading';

export default function PublicPage() {
  const { pathname } = useLocation();
  const urlAddress = pathname.replace(/^\/+|\/+$/g, '');
  // one load per remote: the remote's page routes between its own paths
  const { name, state, retry } = useRemotePage(urlAddress, remoteFor(urlAddress)?.remote.name ?? '');

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
        <button type="button" style={{ minHeight: 44, padding: '0 24px' }} onClick={retry}>
          重试 / Retry
        </button>
      </div>
    );
  if (state.status === 'incompatible')
    return (
      <div
        role="alert"
        data-testid="public-incompatible"
        style={{ padding: 24, fontFamily: 'sans-serif', textAlign: 'center' }}
      >
        <p>页面暂不可用 / This page is not available</p>
        <p style={{ color: '#888', fontSize: 13 }}>
          {name}: @lighting/shared {state.range} ≠ {state.offered}
        </p>
      </div>
    );
  if (state.status === 'missing')
    return (
      <div
        data-testid="public-missing"
        style={{ padding: 24, fontFamily: 'sans-serif', textAlign: 'center' }}
      >
        <h1 style={{ fontSize: 20 }}>页面不存在 / Page not found</h1>
        <p>
          <a href="/bt/gzh" style={{ display: 'inline-block', minHeight: 44, lineHeight: '44px' }}>
            返回首页 / Home
          </a>
        </p>
      </div>
    );
  const { Page } = state;
  return (
    <ErrorBoundary app={name}>
      <Page urlAddress={urlAddress} meta={{ title: '' }} />
    </ErrorBoundary>
  );
}
