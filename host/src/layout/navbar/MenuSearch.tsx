// The navbar's menu search box: fuse.js over the permitted routes (./menuSearch.ts). Ctrl+K / ⌘K
// and '/' focus it; choosing a result navigates (external entries open in a new tab). Until the
// first hover, focus or shortcut it is a plain input: the results list (AutoComplete, ./MenuSearchBox)
// and fuse.js load then, so neither is on the signed-in page's first load.
import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Input, type InputRef } from 'antd';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { useTranslation } from 'react-i18next';
import {
  fieldWidth,
  flattenPermittedRoutes,
  useNavigate,
  type MenuNode,
  type SearchableRoute,
} from '@lighting/shared';
import type { MenuSearchBoxProps } from './MenuSearchBox';
import { LAYOUT_NS } from '../i18n';

type Search = (query: string) => SearchableRoute[];

/** A console address typed into the box ('/permission/user', query kept), or null. */
function addressIn(query: string): string | null {
  const q = query.trim();
  return /^\/[^\s/]/.test(q) && !q.startsWith('//') ? q : null;
}

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

let boxChunk: Promise<ComponentType<MenuSearchBoxProps>> | null = null;
const loadBox = () => (boxChunk ??= import('./MenuSearchBox').then((m) => m.MenuSearchBox));

export function MenuSearch({ menu }: { menu: MenuNode[] }) {
  const { t } = useTranslation('host');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const input = useRef<InputRef>(null);
  const routes = useMemo(() => flattenPermittedRoutes(menu), [menu]);
  const [search, setSearch] = useState<{ run: Search } | null>(null);
  const [box, setBox] = useState<{ Box: ComponentType<MenuSearchBoxProps>; takeFocus: boolean } | null>(null);
  const found = useMemo(() => search?.run(query) ?? [], [search, query]);
  // an address typed here opens in the console, without reloading it (the address bar reloads)
  const address = addressIn(query);
  const hits = useMemo(
    () =>
      address && !found.some((h) => h.path === address)
        ? [
            {
              path: address,
              title: address,
              titles: [address],
              fullTitle: t(`${LAYOUT_NS}:goToAddress`, { address }),
            },
            ...found,
          ]
        : found,
    [address, found, t],
  );
  const load = () => {
    if (!search) void import('./menuSearch').then((m) => setSearch({ run: m.createMenuSearch(routes) }));
    if (!box)
      void loadBox().then((Box) =>
        setBox((b) => b ?? { Box, takeFocus: document.activeElement === input.current?.input }),
      );
  };
  useEffect(() => setSearch(null), [routes]);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const combo = (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k';
      if (combo || (e.key === '/' && !isTyping(e.target))) {
        e.preventDefault();
        input.current?.focus();
        loadRef.current();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const choose = (value: string) => {
    const hit = routes.find((r) => (r.href ?? r.path) === value);
    setQuery('');
    setOpen(false);
    input.current?.blur();
    if (!hit) {
      if (addressIn(value) === value) navigate(value);
      return;
    }
    if (hit.href) window.open(hit.href, '_blank', 'noopener');
    else navigate(hit.path);
  };
  const onFocus = () => {
    load();
    setOpen(true);
  };

  // as wide as its placeholder in the language shown (200 px at least: the Chinese one fits that)
  const width = fieldWidth(t('searchMenu'), 200, 60);
  const field = (
    <Input
      ref={input}
      prefix={<SearchOutlined />}
      placeholder={t('searchMenu')}
      allowClear
      data-testid="menu-search"
      {...(box
        ? {}
        : {
            value: query,
            onChange: (e) => setQuery(e.target.value),
            onFocus,
            onBlur: () => setOpen(false),
            // Enter before the results list has loaded: an address typed in full still opens
            onPressEnter: () => {
              const typed = addressIn(query);
              if (typed) choose(typed);
            },
          })}
    />
  );
  return (
    <span
      data-testid="menu-search-box"
      style={{ display: 'inline-flex', width }}
      onPointerEnter={() => void loadBox()}
    >
      {box ? (
        <box.Box
          query={query}
          open={open}
          hits={hits}
          onChange={setQuery}
          onSelect={choose}
          onFocus={onFocus}
          onBlur={() => setOpen(false)}
          input={field}
          inputRef={input}
          takeFocus={box.takeFocus}
          width={width}
        />
      ) : (
        field
      )}
    </span>
  );
}
