// The console layout (spec §2 Layout): classic (left sidebar, top navbar with breadcrumb, tabs),
// functional (top horizontal menu folding into 更多) and plain (icon sidebar with titles), switched
// at run time from the settings store. Pages are kept alive per tab: each open tab renders its own
// <Routes location> container and inactive ones are hidden, not unmounted (a tab mounts on its
// first visit; noCache pages unmount; refresh re-mounts one by a new key; closing a tab unmounts it).
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App as AntApp, Button, Layout, Menu, Typography } from 'antd';
import MenuFoldOutlined from '@ant-design/icons/es/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/es/icons/MenuUnfoldOutlined';
import { useTranslation } from 'react-i18next';
import {
  findMenuPath,
  formatDate,
  ipPlaceName,
  matchPath,
  Navigate,
  platformTitleIn,
  Route,
  Routes,
  SCROLL_TO_TOP_MS,
  SIDEBAR_WIDTH,
  themeTextColour,
  useLocation,
  useSession,
  useSettings,
  type MenuNode,
} from '@lighting/shared';
import { MissingPage } from '../views/NoPermission';
import { Redirect } from '../views/Redirect';
import { homeItem, LAYOUT_CSS, openKeysFor, toItems, type Item } from './menuItems';
import { NavbarTools } from './navbar/Navbar';
import { animateScrollTop } from './scrollTop';
import { foldItems, TOP_ITEM_WIDTH } from './navbar/menuFold';
import { mountedTabs, searchOf } from './tabs/tabModel';
import { TagsView } from './tabs/TagsView';
import { useTabs } from './tabs/useTabs';

/** A page the console can show: its path pattern, element and tab title. */
export interface PageDef {
  path: string;
  element: ReactNode;
  title: () => string;
  noCache?: boolean;
}

const PLAIN_WIDTH = 88;
const LOGIN_NOTICE_KEY = 'lighting_loginNoticeFor';

const findPage = (pages: readonly PageDef[], pathname: string) =>
  pages.find((p) => matchPath({ path: p.path, end: true }, pathname) !== null);

/**
 * History-mode navigation scrolls to the top (spec §2) in 800 ms (§9): whichever box scrolls, the
 * main column (fixedHeader off) or the content box (fixedHeader on).
 */
function useScrollToTop(pathname: string) {
  const column = useRef<HTMLElement>(null);
  const content = useRef<HTMLElement>(null);
  useEffect(() => {
    const stops = [column.current, content.current].flatMap((el) =>
      el && el.scrollTop > 0 ? [animateScrollTop(el, SCROLL_TO_TOP_MS)] : [],
    );
    return () => stops.forEach((stop) => stop());
  }, [pathname]);
  return { column, content };
}

/**
 * The last-login notice, once per sign-in (remembered per token in sessionStorage). While it shows,
 * a change of language shows it again under the same key in the new language (antd fixes a notice's
 * texts and its close button's label when it opens).
 */
function useLoginNotice() {
  const { notification } = AntApp.useApp();
  const { t, i18n } = useTranslation('host');
  const user = useSession((s) => s.userInfo);
  const token = useSession((s) => s.token);
  /** The language of the notice on screen; null when none shows. */
  const shownIn = useRef<string | null>(null);
  const show = useCallback(() => {
    if (!user?.prevLogin) return;
    shownIn.current = i18n.language;
    notification.info({
      key: LOGIN_NOTICE_KEY,
      title: t('lastLogin'),
      description: (
        <span data-testid="login-notice">
          {t('lastLoginNotice', {
            time: formatDate(user.prevLoginTime ?? '', 'YYYY-MM-DD HH:mm:ss'),
            place: ipPlaceName(user.prevLoginIpAddressName ?? '', i18n.language),
            ip: user.prevLoginIpAddress ?? '',
          })}
        </span>
      ),
      placement: 'bottomRight',
      duration: 2,
      onClose: () => {
        shownIn.current = null;
      },
    });
  }, [user, notification, t, i18n.language]);
  useEffect(() => {
    if (!user?.prevLogin || !token) return;
    if (sessionStorage.getItem(LOGIN_NOTICE_KEY) === token) return;
    sessionStorage.setItem(LOGIN_NOTICE_KEY, token);
    show();
  }, [user, token, show]);
  useEffect(() => {
    if (shownIn.current !== null && shownIn.current !== i18n.language) show();
  }, [show, i18n.language]);
}

/** Device follows the window; on mobile the sidebar closes on route changes (spec §4). */
function useDeviceRules(pathname: string) {
  useEffect(() => {
    const onResize = () => useSettings.getState().resize(window.innerWidth);
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    useSettings.getState().routeChanged();
  }, [pathname]);
}

function useWidth(el: HTMLElement | null): number {
  const [w, setW] = useState(0);
  useEffect(() => {
    if (!el) return;
    const ro = new ResizeObserver(() => setW(el.clientWidth));
    ro.observe(el);
    setW(el.clientWidth);
    return () => ro.disconnect();
  }, [el]);
  return w;
}

function TopMenu({
  items,
  selected,
  section,
  moreTitle,
}: {
  items: Item[];
  selected: string;
  /** key of the top-level section holding the current page */
  section?: string;
  moreTitle: string;
}) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const width = useWidth(box);
  const size = useSettings((s) => s.size);
  // the items' drawn widths (and the more item's), measured once per set of items: that pass draws
  // them all and is measured before it paints (menuFold.ts fits them by these widths)
  const measureKey = useMemo(() => ({ items, moreTitle, size }), [items, moreTitle, size]);
  const [measured, setMeasured] = useState<{ of: object; widths: number[]; moreWidth: number } | null>(null);
  const measuring = measured?.of !== measureKey;
  const more = (children: Item[]): Item => ({
    key: '__more',
    label: <span data-testid="menu-more">{moreTitle}</span>,
    children,
  });
  useLayoutEffect(() => {
    if (!measuring || !box || width === 0) return;
    const tops = [...box.querySelectorAll<HTMLElement>('ul.ant-menu-root > li')];
    const widths = tops.map((li) => {
      const s = getComputedStyle(li);
      return li.getBoundingClientRect().width + parseFloat(s.marginLeft) + parseFloat(s.marginRight);
    });
    setMeasured({
      of: measureKey,
      widths: widths.slice(0, items.length),
      moreWidth: widths[items.length] ?? TOP_ITEM_WIDTH,
    });
  }, [measuring, box, width, measureKey, items.length]);
  const { shown, folded } = foldItems(items, width, measuring ? undefined : (measured ?? undefined));
  // the current section is marked, or 更多 when it is folded there (by class: antd marks a section
  // only once its key paths are registered, which misses the re-render after folding)
  const sectionFolded = section !== undefined && folded.some((i) => i?.key === section);
  const mark = (i: Item): Item =>
    i && (i.key === section || (sectionFolded && i.key === '__more'))
      ? ({ ...i, className: 'lighting-top-current' } as Item)
      : i;
  const all: Item[] = measuring
    ? [...items, more([{ key: '__measure', label: moreTitle }])]
    : (folded.length ? [...shown, more(folded)] : shown).map(mark);
  return (
    <div ref={setBox} style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
      <Menu
        mode="horizontal"
        disabledOverflow
        triggerSubMenuAction="click"
        selectedKeys={[selected]}
        items={width > 0 ? all : []}
        className="lighting-top-menu"
        style={{ borderBottom: 0, lineHeight: '46px' }}
        data-testid="side-menu"
      />
    </div>
  );
}

export function BasicLayout({ menu, pages }: { menu: MenuNode[]; pages: PageDef[] }) {
  const { t, i18n } = useTranslation('host');
  const location = useLocation();
  const { pathname } = location;
  const settings = useSettings();
  const { layoutType, sidebarOpened, device, tagsView, sidebarLogo, fixedHeader } = settings;
  // white text on it (the shown tab) and text in it: the theme colour's readable shade
  const colour = themeTextColour(settings.themeClass);
  const mobile = device === 'mobile';
  const tabs = useTabs((s) => s.tabs);
  const token = useSession((s) => s.token);
  // the tabs this browser tab had open for this sign-in, before a reload (a typed address)
  useLayoutEffect(() => {
    if (token) useTabs.getState().restore(token.slice(0, 12));
  }, [token]);
  const shownBefore = useRef(new Set<string>());
  useLoginNotice();
  useDeviceRules(pathname);
  const scrollBoxes = useScrollToTop(pathname);

  const page = findPage(pages, pathname);
  const isRedirect = pathname.startsWith('/redirect/');

  // a visited page becomes a tab (once per path)
  useEffect(() => {
    if (!page || isRedirect) return;
    const tabs = useTabs.getState();
    tabs.add({
      path: pathname,
      fullPath: pathname + location.search + location.hash,
      title: page.title(),
      noCache: page.noCache,
      affix: pathname === '/home',
    });
  }, [page, pathname, isRedirect, location.search, location.hash]);

  const plain = layoutType === 'plain';
  const sideItems = useMemo(
    () => [homeItem(t('common:home'), plain), ...toItems(menu, { plainTop: plain, sections: true })],
    [menu, t, plain],
  );
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(menu, pathname));
  const routeEls = useMemo(
    () => pages.map((p) => <Route key={p.path} path={p.path} element={p.element} />),
    [pages],
  );
  const titleFor = (path: string) => (path === '/home' ? t('common:home') : findPage(pages, path)?.title());

  if (pathname === '/') return <Navigate to="/home" replace />;
  // no page of this user's here: the refusal shows inside the console (sidebar, navbar, tabs kept)
  const missing = !page && !isRedirect;

  const crumbs = findMenuPath(menu, pathname);
  const toggle = (
    <Button
      type="text"
      icon={sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      onClick={() => settings.toggleSidebar()}
      aria-label={t('toggleSidebar')}
      data-testid="sidebar-toggle"
    />
  );
  const logo = (
    <div
      style={{
        color: layoutType === 'functional' ? colour : '#fff',
        padding: plain ? '12px 4px' : '16px 20px',
        fontWeight: 600,
        // the title wraps rather than widening the sidebar (English: 'City Lighting Management
        // Platform' is wider than 260 px); one line in the top bar of the functional layout
        whiteSpace: layoutType === 'functional' ? 'nowrap' : 'normal',
        overflowWrap: 'anywhere',
        lineHeight: 1.4,
        fontSize: plain ? 12 : 16,
        textAlign: plain ? 'center' : 'left',
        flexShrink: 0,
      }}
    >
      {platformTitleIn(i18n.language)}
    </div>
  );

  const sider =
    layoutType === 'functional' ? null : (
      <>
        {mobile && sidebarOpened ? (
          <div
            onClick={() => settings.setSidebarOpened(false)}
            style={{ position: 'fixed', inset: 0, background: 'rgba(0,0,0,.3)', zIndex: 999 }}
            data-testid="sidebar-mask"
          />
        ) : null}
        <Layout.Sider
          width={plain ? PLAIN_WIDTH : SIDEBAR_WIDTH}
          collapsedWidth={mobile ? 0 : plain ? PLAIN_WIDTH : 64}
          collapsed={!sidebarOpened}
          trigger={null}
          theme="dark"
          style={{
            // never sideways: what is too wide wraps (the title) or ends in an ellipsis (menu items)
            overflowX: 'hidden',
            overflowY: 'auto',
            ...(mobile ? { position: 'fixed', height: '100%', zIndex: 1000, left: 0, top: 0 } : {}),
          }}
          data-testid="sidebar"
        >
          {sidebarLogo && (sidebarOpened || plain) ? logo : null}
          <Menu
            theme="dark"
            mode={plain ? 'vertical' : 'inline'}
            className={plain ? 'lighting-plain-menu' : undefined}
            triggerSubMenuAction={plain ? 'click' : 'hover'}
            selectedKeys={[pathname]}
            {...(plain ? {} : { openKeys, onOpenChange: setOpenKeys })}
            inlineCollapsed={plain ? undefined : !sidebarOpened}
            items={sideItems}
            data-testid="side-menu"
          />
        </Layout.Sider>
      </>
    );

  const header = (
    <Layout.Header
      style={{
        background: '#fff',
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '0 12px',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      {layoutType === 'functional' ? (
        <>
          {sidebarLogo ? logo : null}
          <div style={{ flex: 1 }} />
        </>
      ) : (
        <>
          {toggle}
          <div style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
            {layoutType === 'classic' && !mobile ? (
              <Typography.Text type="secondary" data-testid="breadcrumb" style={{ whiteSpace: 'nowrap' }}>
                {(crumbs.length ? crumbs : [titleFor(pathname) ?? '']).join(' / ')}
              </Typography.Text>
            ) : null}
          </div>
        </>
      )}
      <NavbarTools menu={menu} />
    </Layout.Header>
  );
  // functional: the sections get a row of their own, the whole width (spec §9: floor(width/116)
  // items at least) — beside the title and the navbar's tools only four fitted at 1366 px
  const topBar =
    layoutType === 'functional' ? (
      <div
        style={{ display: 'flex', background: '#fff', borderBottom: '1px solid #f0f0f0', padding: '0 12px' }}
        data-testid="top-bar"
      >
        <TopMenu
          items={sideItems}
          selected={pathname}
          section={openKeysFor(menu, pathname)[0]}
          moreTitle={t('more')}
        />
      </div>
    ) : null;

  // the page being entered shows at once (its tab is added by the effect above)
  const withCurrent =
    page && !isRedirect && !tabs.some((x) => x.path === pathname)
      ? [...tabs, { path: pathname, title: '', key: 0, noCache: page.noCache }]
      : tabs;
  // pages shown at least once stay mounted while hidden; the others wait for their first visit
  shownBefore.current.add(pathname);
  const shown = mountedTabs(withCurrent, pathname, shownBefore.current);
  return (
    <Layout style={{ height: '100%' }} data-layout={layoutType} data-device={device}>
      <style>{LAYOUT_CSS}</style>
      {sider}
      {/* fixedHeader: navbar and tabs stay while the page scrolls; otherwise they scroll away with it */}
      <Layout
        ref={scrollBoxes.column}
        style={{ minWidth: 0, overflow: fixedHeader ? 'hidden' : 'auto' }}
        data-testid="main-column"
        data-fixed-header={fixedHeader ? 'true' : 'false'}
      >
        {header}
        {topBar}
        {tagsView ? <TagsView colour={colour} titleFor={titleFor} /> : null}
        <Layout.Content
          ref={scrollBoxes.content}
          style={{
            margin: 12,
            padding: 16,
            background: '#fff',
            // fixed: the content box scrolls; otherwise it grows with the page (never below the
            // column's height, so full-height pages such as the map still fill it)
            ...(fixedHeader ? { flex: '1 1 0', minHeight: 0, overflow: 'auto' } : { flex: '1 0 auto' }),
          }}
          data-testid="page-content"
        >
          {isRedirect ? <Redirect /> : null}
          {missing ? <MissingPage pathname={pathname} /> : null}
          {shown.map((tab) => (
            <div
              key={`${tab.path}#${tab.key}`}
              data-tab-page={tab.path}
              style={{ display: tab.path === pathname ? 'block' : 'none', height: '100%' }}
            >
              <Routes
                location={{
                  pathname: tab.path,
                  // a hidden page keeps seeing the query it was left with
                  search: tab.path === pathname ? location.search : searchOf(tab.fullPath),
                }}
              >
                {routeEls}
              </Routes>
            </div>
          ))}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
