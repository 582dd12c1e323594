// The tags view (spec §2): visited pages as tabs; the affixed home tab has no close button; a
// context menu refreshes or closes; scroll buttons appear when the tabs overflow.
import { useEffect, useRef, useState } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import FileOutlined from '@ant-design/icons/es/icons/FileOutlined';
import LeftOutlined from '@ant-design/icons/es/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/es/icons/RightOutlined';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSettings } from '@lighting/shared';
import { hrefOf, nextActive, type TabView } from './tabModel';
import { revealScrollLeft } from './tabScroll';
import { useTabs } from './useTabs';

export function TagsView({
  colour,
  titleFor,
}: {
  colour: string;
  titleFor: (path: string) => string | undefined;
}) {
  const { t } = useTranslation('host');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = useTabs((s) => s.tabs);
  const tagsIcon = useSettings((s) => s.tagsIcon);
  const scroller = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState(false);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const check = () => setOverflow(el.scrollWidth > el.clientWidth + 1);
    check();
    const ro = new ResizeObserver(check);
    ro.observe(el);
    return () => ro.disconnect();
  }, [tabs.length]);

  // the shown tab comes into view: also once a newly opened tab exists (the layout adds it after
  // this renders) and when the scroll buttons appear and narrow the strip
  useEffect(() => {
    const el = scroller.current;
    const tab = el?.querySelector<HTMLElement>(`[data-path="${CSS.escape(pathname)}"]`);
    if (!el || !tab) return;
    const strip = el.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    const left = revealScrollLeft(
      { scrollLeft: el.scrollLeft, viewWidth: el.clientWidth, contentWidth: el.scrollWidth },
      { left: box.left - strip.left + el.scrollLeft, width: box.width },
    );
    if (left !== el.scrollLeft) el.scrollTo({ left });
  }, [pathname, tabs.length, overflow]);

  /** Applies a close action and moves away if the shown tab went. */
  const closeWith = (act: () => void) => {
    const before = useTabs.getState().tabs;
    act();
    const to = nextActive(before, useTabs.getState().tabs, pathname);
    if (to !== pathname) navigate(hrefOf(useTabs.getState().tabs, to));
  };

  const menuFor = (tab: TabView): MenuProps => ({
    items: [
      { key: 'refresh', label: <span data-testid="tab-refresh">{t('refresh')}</span> },
      { key: 'close', label: <span data-testid="tab-close">{t('close')}</span>, disabled: tab.affix },
      { key: 'others', label: <span data-testid="tab-close-others">{t('closeOthers')}</span> },
      { key: 'right', label: <span data-testid="tab-close-right">{t('closeRight')}</span> },
      { key: 'all', label: <span data-testid="tab-close-all">{t('closeAll')}</span> },
    ],
    onClick: ({ key }) => {
      const s = useTabs.getState();
      if (key === 'refresh') {
        s.refresh(tab.path);
        navigate(`/redirect${tab.fullPath ?? tab.path}`, { replace: true });
      } else if (key === 'close') closeWith(() => s.close(tab.path));
      else if (key === 'others') {
        s.closeOthers(tab.path);
        if (tab.path !== pathname) navigate(tab.fullPath ?? tab.path);
      } else if (key === 'right') closeWith(() => s.closeRight(tab.path));
      else closeWith(() => s.closeAll());
    },
  });

  const scrollBy = (dx: number) => scroller.current?.scrollBy({ left: dx });

  return (
    <div className="lighting-tabs" data-testid="tags-view">
      {overflow ? (
        <Button
          type="text"
          size="small"
          icon={<LeftOutlined />}
          onClick={() => scrollBy(-200)}
          aria-label="left"
        />
      ) : null}
      <div className="lighting-tabs-scroll" ref={scroller}>
        {tabs.map((tab) => {
          const active = tab.path === pathname;
          return (
            <Dropdown key={tab.path} trigger={['contextMenu']} menu={menuFor(tab)}>
              <span
                className="lighting-tab"
                data-testid="tab"
                data-path={tab.path}
                data-active={active ? 'true' : 'false'}
                onClick={() => !active && navigate(tab.fullPath ?? tab.path)}
                style={active ? { background: colour, borderColor: colour, color: '#fff' } : undefined}
              >
                {tagsIcon ? <FileOutlined /> : null}
                <span>{titleFor(tab.path) ?? tab.title}</span>
                {tab.affix ? null : (
                  <CloseOutlined
                    className="lighting-tab-close"
                    data-testid="tab-x"
                    onClick={(e) => {
                      e.stopPropagation();
                      closeWith(() => useTabs.getState().close(tab.path));
                    }}
                  />
                )}
              </span>
            </Dropdown>
          );
        })}
      </div>
      {overflow ? (
        <Button
          type="text"
          size="small"
          icon={<RightOutlined />}
          onClick={() => scrollBy(200)}
          aria-label="right"
        />
      ) : null}
    </div>
  );
}
