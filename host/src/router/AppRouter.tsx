// The console's router: fixed routes of spec §2, dynamic routes generated from the menu list, and
// the guard of spec §2 as a pure decision (core/guard.ts) applied on every navigation.
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  BrowserRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router-dom';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_WHITELIST,
  connect,
  decideRoute,
  failureRedirect,
  generateRoutes,
  getConfig,
  guardErrorMessage,
  pageTitle,
  toast,
  useSession,
  type AppRoute,
} from '@lighting/shared';
import { BasicLayout } from '../layout/BasicLayout';
import { RemotePage } from '../federation/RemotePage';
import { Login } from '../views/Login';
import { NotFound } from '../views/NotFound';
import { Home } from '../views/Home';
import { LockScreen } from '../views/LockScreen';
import { Redirect } from '../views/Redirect';
import { FramePage } from '../views/FramePage';
import { HostPlanned } from '../views/HostPlanned';

/** Fixed routes rendered by a remote (spec §2), with the urlAddress the remote knows them by. */
const REMOTE_FIXED: Record<string, string> = {
  '/bt/gzyp/statistic': 'bt/gzyp/statistic',
  '/workFlow/flowLaunch': 'workFlow/flowLaunch',
  '/workFlow/flowTodo': 'workFlow/flowTodo',
  '/workFlow/flowCirculate': 'workFlow/flowCirculate',
  '/previewModel': 'previewModel',
};

function Loading() {
  return (
    <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}

function useDocumentTitle(routes: AppRoute[]) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    const r = routes.find((x) => x.path === pathname);
    const fixed: Record<string, string> = {
      '/home': t('home'),
      '/login': t('login'),
      '/lockScreen': t('lockScreen'),
      '/404': t('notFound'),
    };
    document.title = pageTitle(r?.meta.title ?? fixed[pathname], getConfig().title, '');
  }, [pathname, routes, t]);
}

function Guarded() {
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { token, locked, menuLoaded, menuList } = useSession();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const decision = decideRoute({
    path: location.pathname,
    search: location.search,
    query: Object.fromEntries(search.entries()),
    token,
    locked,
    menuLoaded,
    whitelist: DEFAULT_WHITELIST,
  });

  useEffect(() => {
    if (inFlight.current) return;
    const session = useSession.getState();
    if (decision.action === 'loadThenRetry') {
      inFlight.current = true;
      setBusy(true);
      session
        .getInfo()
        .then(() => connect(useSession.getState().token!))
        .catch((e: unknown) => {
          session.resetToken();
          toast('error', guardErrorMessage(e));
          navigate(failureRedirect(location.pathname + location.search), { replace: true });
        })
        .finally(() => {
          inFlight.current = false;
          setBusy(false);
        });
    } else if (decision.action === 'loginWithQueryToken') {
      inFlight.current = true;
      setBusy(true);
      session.setToken(decision.token);
      session
        .getInfo()
        .then(() => {
          connect(decision.token);
          navigate('/home', { replace: true });
        })
        .catch((e: unknown) => {
          session.resetToken();
          toast('error', guardErrorMessage(e));
          navigate('/login', { replace: true });
        })
        .finally(() => {
          inFlight.current = false;
          setBusy(false);
        });
    }
  }, [decision.action, location.pathname, location.search, navigate, decision]);

  const generated = useMemo(
    () => generateRoutes(menuList, { dashboardUrl: getConfig().dashboardUrl, token: token ?? '' }),
    [menuList, token],
  );
  useDocumentTitle(generated.routes);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.action !== 'next' || busy) return <Loading />;

  const metaFor = (urlAddress: string) =>
    generated.routes.find((r) => r.meta.urlAddress === urlAddress)?.meta ?? { title: urlAddress };

  return (
    <Routes>
      <Route path="/login" element={<Login />} />
      <Route path="/login-new" element={<Login variant="new" />} />
      <Route path="/lockScreen" element={<LockScreen />} />
      <Route path="/404" element={<NotFound />} />
      <Route path="/jump" element={<Navigate to="/home" replace />} />
      <Route path="/auth-redirect" element={<Navigate to="/home" replace />} />
      {token && menuLoaded && (
        <Route element={<BasicLayout menu={generated.tree} />}>
          <Route path="/" element={<Navigate to="/home" replace />} />
          <Route path="/home" element={<Home menu={generated.tree} />} />
          <Route path="/redirect/*" element={<Redirect />} />
          <Route path="/menuMore" element={<HostPlanned which="menuMore" />} />
          <Route path="/profile" element={<HostPlanned which="profile" />} />
          <Route path="/messageRecord" element={<HostPlanned which="messageRecord" />} />
          <Route path="/bt/article/more" element={<HostPlanned which="articleMore" />} />
          {Object.entries(REMOTE_FIXED).map(([path, urlAddress]) => (
            <Route
              key={path}
              path={path}
              element={<RemotePage urlAddress={urlAddress} meta={metaFor(urlAddress)} />}
            />
          ))}
          {generated.routes
            .filter((r) => !(r.path in REMOTE_FIXED))
            .map((r) =>
              r.kind === 'frame' ? (
                <Route
                  key={r.path}
                  path={r.path}
                  element={<FramePage src={r.meta.frameUrl ?? ''} title={r.meta.title} />}
                />
              ) : r.kind === 'page' || r.kind === 'model' ? (
                <Route
                  key={r.path}
                  path={r.path}
                  element={<RemotePage urlAddress={r.meta.urlAddress ?? r.path.slice(1)} meta={r.meta} />}
                />
              ) : null,
            )}
        </Route>
      )}
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Guarded />
    </BrowserRouter>
  );
}
