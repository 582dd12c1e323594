// The navbar's menu search box: fuse.js over the permitted routes (./menuSearch.ts). Ctrl+K / ⌘K
// and '/' focus it; choosing a result navigates (external entries open in a new tab). fuse.js
// loads on the first focus, so it stays off the signed-in page's first load.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Input, type InputRef } from 'antd';
import AutoComplete from 'antd/es/auto-complete';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { useTranslation } from 'react-i18next';
import { flattenPermittedRoutes, useNavigate, type MenuNode, type SearchableRoute } from '@lighting/shared';

type Search = (query: string) => SearchableRoute[];

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

export function MenuSearch({ menu }: { menu: MenuNode[] }) {
  const { t } = useTranslation('host');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const input = useRef<InputRef>(null);
  const routes = useMemo(() => flattenPermittedRoutes(menu), [menu]);
  const [search, setSearch] = useState<{ run: Search } | null>(null);
  const hits = useMemo(() => search?.run(query) ?? [], [search, query]);
  const load = () => {
    if (!search) void import('./menuSearch').then((m) => setSearch({ run: m.createMenuSearch(routes) }));
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
    if (!hit) return;
    if (hit.href) window.open(hit.href, '_blank', 'noopener');
    else navigate(hit.path);
  };

  return (
    <AutoComplete
      value={query}
      open={open && hits.length > 0}
      onChange={(v: string) => setQuery(v)}
      onSelect={choose}
      onFocus={() => {
        load();
        setOpen(true);
      }}
      onBlur={() => setOpen(false)}
      style={{ width: 200 }}
      options={hits.map((h) => ({
        value: h.href ?? h.path,
        label: <span data-testid="menu-search-hit">{h.fullTitle}</span>,
      }))}
    >
      <Input
        ref={input}
        prefix={<SearchOutlined />}
        placeholder={t('searchMenu')}
        allowClear
        data-testid="menu-search"
      />
    </AutoComplete>
  );
}
