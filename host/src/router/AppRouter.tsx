// The console's router and the guard of spec §2, applied on every navigation as a pure decision
// (core/guard.ts). Deliberately free of antd: /login renders with React alone, and the console
// (layouts, pages, antd) is one lazy chunk loaded once the user is signed in. The citizens' public
// pages (/bt/gzh/*) skip the guard and the console: the remote the registry names renders them; so
// does the wall display (/dv/view/:moduleId), once signed in by its link's token (WallDoor).
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import {
  BrowserRouter,
  decideRoute,
  DEFAULT_WHITELIST,
  failureRedirect,
  platformTitleIn,
  guardErrorMessage,
  Navigate,
  pageTitle,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
  useSession,
  WALL_BASE,
} from '@lighting/shared';
import { useTranslation } from 'react-i18next';
import { Loading } from '../views/Loading';

const Console = lazy(() => import('./Console'));
// The sign-in page (@lighting/shared/login): its own chunk, which signed-in pages do not download.
const Login = lazy(() =>
  import(/* webpackChunkName: "login" */ '../views/Login').then((m) => ({ default: m.Login })),
);
// The citizens' public pages: their own chunk (no antd), outside the guard and the console.
const PublicPage = lazy(() => import(/* webpackChunkName: "public-page" */ './PublicPage'));
// The city wall display (menu type 6): signed in by its link's token, no console chrome.
const WallDoor = lazy(() => import(/* webpackChunkName: "wall-door" */ './WallDoor'));

/** Opens the tab's realtime socket (its code loads only after sign-in). */
const connectSocket = (token: string) =>
  void import('@lighting/shared/realtime').then((m) => m.connect(token));

function useFixedTitle() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    if (pathname === '/login' || pathname === '/login-new')
      document.title = pageTitle(t('login'), platformTitleIn(i18n.language), '');
  }, [pathname, t, i18n.language]);
}

function Guarded() {
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { token, locked, menuLoaded } = useSession();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  useFixedTitle();

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
    if (decision.action !== 'loadThenRetry' && decision.action !== 'loginWithQueryToken') return;
    const session = useSession.getState();
    const queryToken = decision.action === 'loginWithQueryToken' ? decision.token : null;
    if (queryToken) session.setToken(queryToken);
    inFlight.current = true;
    setBusy(true);
    session
      .getInfo()
      .then(() => {
        connectSocket(useSession.getState().token!);
        if (queryToken) navigate('/home', { replace: true });
      })
      .catch((e: unknown) => {
        session.resetToken();
        const to = queryToken ? '/login' : failureRedirect(location.pathname + location.search);
        navigate(to, { replace: true, state: { notice: guardErrorMessage(e) } });
      })
      .finally(() => {
        inFlight.current = false;
        setBusy(false);
      });
  }, [decision, location.pathname, location.search, navigate]);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.action !== 'next' || busy) return <Loading />;

  const signIn = (
    <Suspense fallback={<Loading />}>
      <Login />
    </Suspense>
  );

  return (
    <Routes>
      <Route path="/login" element={signIn} />
      <Route path="/login-new" element={signIn} />
      <Route path="/jump" element={<Navigate to="/home" replace />} />
      <Route path="/auth-redirect" element={<Navigate to="/home" replace />} />
      <Route
        path="*"
        element={
          <Suspense fallback={<Loading />}>
            <Console />
          </Suspense>
        }
      />
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/bt/gzh/*"
          element={
            <Suspense fallback={<Loading />}>
              <PublicPage />
            </Suspense>
          }
        />
        <Route
          path={`${WALL_BASE}/view/:moduleId`}
          element={
            <Suspense fallback={<Loading />}>
              <WallDoor />
            </Suspense>
          }
        />
        <Route path="*" element={<Guarded />} />
      </Routes>
    </BrowserRouter>
  );
}
