// A remote's own app (its `./App` expose and its index.html): a minimal sign-in and the remote's
// pages, without the host's chrome. This is the kiosk mode; the same build serves the host.
import { Component, Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Layout, Menu, Spin, Typography } from 'antd';
import { LazyResult as Result } from '../ui/LazyResult';
import { useTranslation } from 'react-i18next';
import {
  BrowserRouter,
  generateRoutes,
  getConfig,
  guardErrorMessage,
  Link,
  captureBoundaryError,
  installErrorHandler,
  loadConfig,
  matchRemoteRoute,
  menuLabelIn,
  Navigate,
  Route,
  RouteMetaProvider,
  Routes,
  useLocation,
  useSession,
  type RemoteRoutes,
} from '@lighting/shared';
import { AppProviders } from '../ui/AppProviders';

// This file is in '@lighting/shared/ui', which every signed-in console page loads for AppProviders:
// the sign-in form and the socket load here only when a standalone app needs them.
const LoginPanel = lazy(() => import('@lighting/shared/login').then((m) => ({ default: m.LoginPanel })));
const connect = (token: string) => import('@lighting/shared/realtime').then((m) => m.connect(token));

/** '/remotes/map' when served under the console's server, '' when deployed at an origin's root. */
export function standaloneBasename(name: string, pathname = window.location.pathname): string {
  const marker = `/remotes/${name}`;
  const i = pathname.indexOf(marker);
  return i >= 0 ? pathname.slice(0, i + marker.length) : '';
}

const matchesPrefix = (prefixes: string[], url: string) =>
  prefixes.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));

class PageBoundary extends Component<{ name: string; children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(e: unknown) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  override componentDidCatch(e: unknown, info: { componentStack?: string | null }) {
    captureBoundaryError(e, info.componentStack, this.props.name);
  }
  override render() {
    return this.state.error ? <Result status="error" title={this.state.error} /> : this.props.children;
  }
}

interface StandaloneProps {
  name: string;
  /** The kiosk's title (Chinese), shown translated when `section` is a known menu enCode. */
  title: string;
  section?: string;
  routes: RemoteRoutes;
}

function Pages({ name, title, section, routes }: StandaloneProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { pathname } = useLocation();
  const { menuList, token, userInfo } = useSession();
  const mine = useMemo(
    () =>
      generateRoutes(menuList, {
        dashboardUrl: getConfig().dashboardUrl,
        token: token ?? '',
        label: (entry) => menuLabelIn(entry, lang),
      }).routes.filter(
        (r) =>
          (r.kind === 'page' || r.kind === 'model') &&
          r.meta.urlAddress &&
          matchesPrefix(routes.prefixes, r.meta.urlAddress),
      ),
    [menuList, token, routes.prefixes, lang],
  );
  const pages = useMemo(
    () =>
      mine.flatMap((r) => {
        const loader = matchRemoteRoute(routes.pages, r.meta.urlAddress!);
        return loader ? [{ route: r, Page: lazy(loader) }] : [];
      }),
    [mine, routes.pages],
  );
  // the window title: the page's title and the kiosk's, in the language shown
  const kiosk = section ? menuLabelIn({ enCode: section, fullName: title }, lang) : title;
  const pageTitle = mine.find((r) => r.path === pathname)?.meta.title;
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${kiosk}` : kiosk;
  }, [pageTitle, kiosk]);
  // fixed routes (spec §2) the remote renders without a menu entry, e.g. the function preview
  const fixed = useMemo(
    () =>
      (routes.fixed ?? []).flatMap((urlAddress) => {
        const loader = matchRemoteRoute(routes.pages, urlAddress);
        const meta = { title: urlAddress, icon: '', fullName: urlAddress, modelId: '', type: 2, urlAddress };
        return loader ? [{ path: `/${urlAddress}`, meta, Page: lazy(loader) }] : [];
      }),
    [routes.fixed, routes.pages],
  );
  const signOut = async () => {
    await useSession.getState().logout();
  };
  return (
    <Layout style={{ height: '100%' }} data-testid={`standalone-${name}`}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, background: '#0b1f3a' }}>
        <Typography.Text style={{ color: '#fff', fontWeight: 600, whiteSpace: 'nowrap' }}>
          {kiosk}
        </Typography.Text>
        {/* One tab stop, the menu bar (antd's menu: tabIndex 0), and the arrow keys between its
            entries (antd focuses an entry's link; Enter follows it): the links are out of the tab
            order. A horizontal menu keeps a hidden copy of each entry to measure what fits (the
            rest fold into '…'), aria-hidden: a tabbable link there would take focus nobody sees. */}
        <Menu
          theme="dark"
          mode="horizontal"
          selectedKeys={[pathname]}
          style={{ flex: 1, minWidth: 0, background: 'transparent' }}
          items={pages.map(({ route }) => ({
            key: route.path,
            label: (
              <Link to={route.path} tabIndex={-1}>
                {route.meta.title}
              </Link>
            ),
          }))}
        />
        {/* the menu folds into '…' before the user name or the sign-out button give way */}
        <Typography.Text
          ellipsis
          style={{ color: '#ccc', whiteSpace: 'nowrap', flexShrink: 0, maxWidth: 160 }}
          data-testid="standalone-user"
        >
          {userInfo?.userName}
        </Typography.Text>
        <Button
          size="small"
          onClick={() => void signOut()}
          style={{ flexShrink: 0 }}
          data-testid="standalone-logout"
        >
          {t('logout')}
        </Button>
      </Layout.Header>
      <Layout.Content style={{ padding: 16, overflow: 'auto', background: '#fff' }}>
        <PageBoundary name={name}>
          <Suspense fallback={<Spin />}>
            <Routes>
              {pages.map(({ route, Page }) => (
                <Route
                  key={route.path}
                  path={route.path}
                  element={
                    <RouteMetaProvider value={route.meta}>
                      <Page urlAddress={route.meta.urlAddress!} meta={route.meta} />
                    </RouteMetaProvider>
                  }
                />
              ))}
              {fixed.map(({ path, meta, Page }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <RouteMetaProvider value={meta}>
                      <Page urlAddress={meta.urlAddress} meta={meta} />
                    </RouteMetaProvider>
                  }
                />
              ))}
              <Route
                path="*"
                element={
                  pages[0] ? (
                    <Navigate to={pages[0].route.path} replace />
                  ) : (
                    <Result status="403" title={t('noData')} />
                  )
                }
              />
            </Routes>
          </Suspense>
        </PageBoundary>
      </Layout.Content>
    </Layout>
  );
}

function Gate({ name, title, section, routes }: StandaloneProps) {
  const { i18n } = useTranslation();
  const { token, menuLoaded } = useSession();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!token || menuLoaded) return;
    useSession
      .getState()
      .getInfo()
      .then(() => connect(token))
      .catch((e: unknown) => {
        useSession.getState().resetToken();
        setError(guardErrorMessage(e));
      });
  }, [token, menuLoaded]);
  const shown = section ? menuLabelIn({ enCode: section, fullName: title }, i18n.language) : title;
  useEffect(() => {
    if (!token) document.title = shown;
  }, [token, shown]);
  if (!token) {
    // LoginPanel draws its own full-page background.
    return (
      <Suspense fallback={<Spin style={{ margin: 48 }} />}>
        <LoginPanel title={shown} notice={error} onSuccess={() => setError(null)} />
      </Suspense>
    );
  }
  if (!menuLoaded) return <Spin style={{ margin: 48 }} />;
  return <Pages name={name} title={title} section={section} routes={routes} />;
}

export function StandaloneApp({ name, title, section, routes }: StandaloneProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    installErrorHandler(name); // the production error handler (spec §8)
    void loadConfig().then(() => setReady(true));
  }, [name]);
  if (!ready) return null;
  return (
    <AppProviders>
      <BrowserRouter basename={standaloneBasename(name)}>
        <Gate name={name} title={title} section={section} routes={routes} />
      </BrowserRouter>
    </AppProviders>
  );
}
