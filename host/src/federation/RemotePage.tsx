// Renders a page owned by a remote inside the layout. A menu address no remote page answers shows
// the shared no-page panel; network failure and render errors end in an in-page panel with Retry:
// a remote never blanks the host.
import { Component, type ReactNode } from 'react';
import { Button, Spin } from 'antd';
import { LazyResult as Result, NoPage } from '@lighting/shared/ui';
import { useTranslation } from 'react-i18next';
import { captureBoundaryError, RouteMetaProvider, type RouteMeta } from '@lighting/shared';
import { useRemotePage } from './useRemotePage';

function ErrorPanel({ name, error, onRetry }: { name: string; error: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('remoteFailed')}
      subTitle={t('remoteFailedDetail', { name, error })}
      extra={
        <Button type="primary" onClick={onRetry} data-testid="remote-retry">
          {t('retry')}
        </Button>
      }
      data-testid="remote-error"
    />
  );
}

/** A remote built for another contract: which remote, what it needs, what this console offers. */
function IncompatiblePanel({ name, range, offered }: { name: string; range: string; offered: string }) {
  const { t } = useTranslation('host');
  return (
    <Result
      status="warning"
      title={t('remoteIncompatible')}
      subTitle={t('remoteIncompatibleDetail', { name, range, offered })}
      data-testid="remote-incompatible"
    />
  );
}

class Boundary extends Component<
  { name: string; children: ReactNode; fallback: (error: string) => ReactNode },
  { error: string | null }
> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(e: unknown) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  override componentDidCatch(e: unknown, info: { componentStack?: string | null }) {
    console.error('[remote page] render failed', e);
    // the production error handler records it with React's component stack (spec §8)
    captureBoundaryError(e, info.componentStack, this.props.name);
  }
  override render() {
    return this.state.error !== null ? this.props.fallback(this.state.error) : this.props.children;
  }
}

export function RemotePage({ urlAddress, meta }: { urlAddress: string; meta: RouteMeta }) {
  const { name: found, state, attempt, retry } = useRemotePage(urlAddress, urlAddress);
  const name = found || '?';

  if (state.status === 'loading') {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  if (state.status === 'missing') return <NoPage title={meta.title} urlAddress={urlAddress} />;
  if (state.status === 'error') return <ErrorPanel name={name} error={state.error} onRetry={retry} />;
  if (state.status === 'incompatible')
    return <IncompatiblePanel name={name} range={state.range} offered={state.offered} />;
  const { Page } = state;
  return (
    <Boundary
      key={attempt}
      name={name}
      fallback={(error) => <ErrorPanel name={name} error={error} onRetry={retry} />}
    >
      <RouteMetaProvider value={meta}>
        <div data-remote={name} style={{ height: '100%' }}>
          <Page urlAddress={urlAddress} meta={meta} />
        </div>
      </RouteMetaProvider>
    </Boundary>
  );
}
