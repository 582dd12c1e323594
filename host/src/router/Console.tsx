// The signed-in console (lazy chunk): antd providers, the layout, fixed routes of spec §2 and the
// dynamic routes generated from the menu list. Unknown paths go to /404.
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  generateRoutes,
  getConfig,
  Navigate,
  pageTitle,
  Route,
  Routes,
  useLocation,
  useSession,
  type AppRoute,
} from '@lighting/shared';
import { AppProviders } from '@lighting/shared/ui';
import { BasicLayout } from '../layout/BasicLayout';
import { RemotePage } from '../federation/RemotePage';
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

function useDocumentTitle(routes: AppRoute[]) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    const r = routes.find((x) => x.path === pathname);
    const fixed: Record<string, string> = {
      '/home': t('home'),
      '/lockScreen': t('lockScreen'),
      '/404': t('notFound'),
    };
    document.title = pageTitle(r?.meta.title ?? fixed[pathname], getConfig().title, '');
  }, [pathname, routes, t]);
}

export default function Console() {
  const { token, menuLoaded, menuList } = useSession();
  const generated = useMemo(
    () => generateRoutes(menuList, { dashboardUrl: getConfig().dashboardUrl, token: token ?? '' }),
    [menuList, token],
  );
  useDocumentTitle(generated.routes);
  const metaFor = (urlAddress: string) =>
    generated.routes.find((r) => r.meta.urlAddress === urlAddress)?.meta ?? { title: urlAddress };

  return (
    <AppProviders>
      <Routes>
        <Route path="/lockScreen" element={<LockScreen />} />
        <Route path="/404" element={<NotFound />} />
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
    </AppProviders>
  );
}
