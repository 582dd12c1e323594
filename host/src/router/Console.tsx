// The signed-in console (lazy chunk): antd providers, the layout, fixed routes of spec §2 and the
// dynamic routes generated from the menu list. Unknown paths go to /404. The layout keeps each
// open tab's page mounted, so it receives the pages as a list rather than nested routes.
import { Suspense, lazy, useEffect, useMemo, type ReactNode } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  generateRoutes,
  getConfig,
  helpPageIn,
  menuLabelIn,
  Navigate,
  pageTitle,
  platformTitleIn,
  Route,
  Routes,
  useLocation,
  useSession,
  type AppRoute,
} from '@lighting/shared';
import { AppProviders } from '@lighting/shared/ui';
import { BasicLayout, type PageDef } from '../layout/BasicLayout';
import { RemotePage } from '../federation/RemotePage';
import { NotFound } from '../views/NotFound';
import { FramePage } from '../views/FramePage';

// Host pages load on their first visit (the console chunk stays small).
const HomePage = lazy(() => import('../features/home/HomePage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const MessageRecordPage = lazy(() => import('../features/messages/MessageRecordPage'));
const ArticleMorePage = lazy(() => import('../features/articles/ArticleMorePage'));
const LockScreen = lazy(() => import('../views/LockScreen').then((m) => ({ default: m.LockScreen })));
const MenuMore = lazy(() => import('../views/MenuMore').then((m) => ({ default: m.MenuMore })));

const page = (node: ReactNode) => <Suspense fallback={<Spin style={{ margin: 48 }} />}>{node}</Suspense>;

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
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const r = routes.find((x) => x.path === pathname);
    const fixed: Record<string, string> = {
      '/home': t('home'),
      '/profile': t('profile'),
      '/messageRecord': t('host:messageCenter'),
      '/bt/article/more': t('host:articleMore'),
      '/menuMore': t('host:menuMore'),
      '/previewModel': t('host:previewModel'),
      '/lockScreen': t('lockScreen'),
      '/404': t('notFound'),
    };
    const title = r?.meta.title ?? fixed[pathname];
    // a path without a page: its refusal (views/NoPermission) or /404 titles the window
    if (title === undefined && !(pathname in REMOTE_FIXED) && !pathname.startsWith('/redirect/')) return;
    document.title = pageTitle(title, platformTitleIn(i18n.language), '');
  }, [pathname, routes, t, i18n.language]);
}

export default function Console() {
  const { token, menuLoaded, menuList } = useSession();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // menus are titled in the language shown (sidebar, breadcrumb, tabs, search, window title)
  const generated = useMemo(
    () =>
      generateRoutes(menuList, {
        dashboardUrl: getConfig().dashboardUrl,
        token: token ?? '',
        label: (entry) => menuLabelIn(entry, lang),
        link: (url) => helpPageIn(url, lang),
      }),
    [menuList, token, lang],
  );
  useDocumentTitle(generated.routes);

  const pages = useMemo((): PageDef[] => {
    const metaFor = (urlAddress: string) =>
      generated.routes.find((r) => r.meta.urlAddress === urlAddress)?.meta ?? { title: urlAddress };
    const fixed: PageDef[] = [
      { path: '/home', element: page(<HomePage />), title: () => t('home') },
      {
        path: '/menuMore',
        element: page(<MenuMore menu={generated.tree} />),
        title: () => t('host:menuMore'),
      },
      { path: '/profile', element: page(<ProfilePage />), title: () => t('profile') },
      { path: '/messageRecord', element: page(<MessageRecordPage />), title: () => t('host:messageCenter') },
      { path: '/bt/article/more', element: page(<ArticleMorePage />), title: () => t('host:articleMore') },
    ];
    // fixed pages no menu entry names (the function preview) take the host's own title
    const fixedTitles: Record<string, () => string> = { '/previewModel': () => t('host:previewModel') };
    const remoteFixed = Object.entries(REMOTE_FIXED).map(([path, urlAddress]): PageDef => {
      const meta = metaFor(urlAddress);
      const own = fixedTitles[path];
      const title = own && meta.title === urlAddress ? own : () => meta.title;
      return { path, element: <RemotePage urlAddress={urlAddress} meta={meta} />, title };
    });
    const fromMenu = generated.routes
      .filter((r) => !(r.path in REMOTE_FIXED))
      .flatMap((r): PageDef[] =>
        r.kind === 'frame'
          ? [
              {
                path: r.path,
                element: <FramePage src={r.meta.frameUrl ?? ''} title={r.meta.title} />,
                title: () => r.meta.title,
              },
            ]
          : r.kind === 'page' || r.kind === 'model'
            ? [
                {
                  path: r.path,
                  element: <RemotePage urlAddress={r.meta.urlAddress ?? r.path.slice(1)} meta={r.meta} />,
                  title: () => r.meta.title,
                },
              ]
            : [],
      );
    return [...fixed, ...remoteFixed, ...fromMenu];
  }, [generated, t]);

  return (
    <AppProviders>
      <Routes>
        <Route path="/lockScreen" element={page(<LockScreen />)} />
        <Route path="/404" element={<NotFound />} />
        {token && menuLoaded ? (
          <Route path="*" element={<BasicLayout menu={generated.tree} pages={pages} />} />
        ) : (
          <Route path="*" element={<Navigate to="/404" replace />} />
        )}
      </Routes>
    </AppProviders>
  );
}
