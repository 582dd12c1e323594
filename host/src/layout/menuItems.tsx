// antd menu items from the permitted menu tree: pages are router links (hover preloads the
// remote), external entries (types 6 and 7 _blank) open in a new tab.
import type { ReactNode } from 'react';
import type { MenuProps } from 'antd';
import HomeOutlined from '@ant-design/icons/es/icons/HomeOutlined';
import { Link, type MenuNode } from '@lighting/shared';
import { preload } from '../federation/registry';
import { MenuIcon } from './MenuIcon';

export type Item = Required<MenuProps>['items'][number];

/** Label of a top-level entry in the plain layout: the icon with the title under it. */
function stacked(icon: ReactNode, title: ReactNode): ReactNode {
  return (
    <span className="lighting-plain-label">
      <span className="lighting-plain-icon">{icon}</span>
      <span className="lighting-plain-title">{title}</span>
    </span>
  );
}

/** A menu entry's title: an administrator's own wording is their text, shown as typed in every language. */
export function menuTitle(n: Pick<MenuNode, 'title' | 'ownWording'>): ReactNode {
  return n.ownWording ? <span data-user-text>{n.title}</span> : n.title;
}

/**
 * `sections`: these are the top-level sections, shown with their icons (the collapsed sidebar and the
 * functional top menu show the icon; the plain layout stacks it over the title).
 */
export function toItems(nodes: MenuNode[], opts: { plainTop?: boolean; sections?: boolean } = {}): Item[] {
  return nodes.map((n): Item => {
    const title = menuTitle(n);
    const label: ReactNode = opts.plainTop ? stacked(<MenuIcon icon={n.icon} />, title) : title;
    const icon = opts.sections && !opts.plainTop ? { icon: <MenuIcon icon={n.icon} /> } : {};
    if (n.children && n.children.length > 0) {
      return { key: n.id, label, ...icon, children: toItems(n.children) };
    }
    if (n.href) {
      return {
        key: n.id,
        ...icon,
        label: (
          <a href={n.href} target="_blank" rel="noopener noreferrer">
            {label}
          </a>
        ),
      };
    }
    return {
      key: n.path ?? n.id,
      ...icon,
      label: (
        <Link to={n.path ?? '/'} onMouseEnter={() => n.path && preload(n.path.slice(1))}>
          {label}
        </Link>
      ),
    };
  });
}

export function homeItem(title: string, plain = false): Item {
  return {
    key: '/home',
    label: <Link to="/home">{plain ? stacked(<HomeOutlined />, title) : title}</Link>,
    icon: plain ? undefined : <HomeOutlined />,
  };
}

/** Keys of the sections leading to `pathname` (to open the inline menu there). */
export function openKeysFor(nodes: MenuNode[], pathname: string): string[] {
  for (const n of nodes) {
    if (n.path === pathname) return [];
    const inner = openKeysFor(n.children ?? [], pathname);
    if (inner.length > 0 || (n.children ?? []).some((c) => c.path === pathname)) return [n.id, ...inner];
  }
  return [];
}

/** Layout CSS that antd's tokens do not cover (plain layout's stacked labels, tabs). */
export const LAYOUT_CSS = `
.lighting-plain-menu.ant-menu-vertical > .ant-menu-item,
.lighting-plain-menu.ant-menu-vertical > .ant-menu-submenu > .ant-menu-submenu-title {
  height: auto; line-height: 1.3; padding: 10px 4px !important; margin: 2px 4px; width: auto; text-align: center;
}
.lighting-plain-menu .ant-menu-submenu-arrow { display: none; }
.lighting-plain-label { display: flex; flex-direction: column; align-items: center; gap: 4px; white-space: normal; }
.lighting-plain-icon { font-size: 18px; }
.lighting-plain-title { font-size: 12px; }
.lighting-top-menu > li { flex: none; }
.lighting-top-menu > li.lighting-top-current,
.lighting-top-menu > li.lighting-top-current > .ant-menu-submenu-title,
.lighting-top-menu > li.lighting-top-current a { color: var(--ant-color-primary); }
.lighting-top-menu > li.lighting-top-current::after { border-bottom-color: var(--ant-color-primary) !important; }
.lighting-tabs { display: flex; align-items: center; background: #fff; border-bottom: 1px solid #f0f0f0; height: 36px; }
.lighting-tabs-scroll { flex: 1; overflow: hidden; white-space: nowrap; scroll-behavior: smooth; }
.lighting-tab { display: inline-flex; align-items: center; gap: 4px; height: 26px; margin: 5px 0 0 6px; padding: 0 8px;
  border: 1px solid #d9d9d9; border-radius: 4px; font-size: 12px; cursor: pointer; background: #fff; color: rgba(0,0,0,.75); }
.lighting-tab-close { font-size: 10px; border-radius: 50%; padding: 2px; }
.lighting-tab-close:hover { background: rgba(0,0,0,.15); }
`;
