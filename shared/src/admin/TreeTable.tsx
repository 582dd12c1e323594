// A non-paged tree list (organisations, departments, menus, tree dictionaries): rows come nested,
// all expanded by default (spec §4), expand all / fold all, columns following column permissions
// (keys starting with '_' always show), 无数据 when empty.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Input, Space, type TableColumnsType } from 'antd';
import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, useColumnAuth } from '@lighting/shared';
import { parentKeys, type KeyNode } from './keys';
import { useFitColumns, usePanelWidth, type FitHints } from './useFitColumns';
import './i18n';

export interface TreeTableProps<T extends KeyNode> {
  rows: T[];
  loading?: boolean;
  /** antd's columns; `priority` 2, 3 … hides a column when the panel is too narrow for all (./fitColumns.ts) */
  columns: Array<TableColumnsType<T>[number] & FitHints>;
  onAdd?: () => void;
  /** Keyword search (the page reloads with it); omitted: no search box. */
  onSearch?: (keyword: string) => void;
  toolbar?: ReactNode;
  columnAuth?: boolean;
  testId?: string;
  /** A flat list: no expand all / fold all. */
  flat?: boolean;
  /** Starts folded (a person's many sessions), instead of all expanded. */
  folded?: boolean;
}

export function TreeTable<T extends KeyNode>({
  rows,
  loading,
  columns,
  onAdd,
  onSearch,
  toolbar,
  columnAuth = true,
  testId = 'tree-table',
  flat = false,
  folded = false,
}: TreeTableProps<T>) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const canSee = useColumnAuth();
  const all = useMemo(() => parentKeys(rows), [rows]);
  const [expanded, setExpanded] = useState<string[]>(folded ? [] : all);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!folded) setExpanded(all);
  }, [all, folded]);
  const visible = columnAuth
    ? columns.filter((c) => String(c.key ?? '').startsWith('_') || canSee(String(c.key ?? '')))
    : columns;
  // never wider than the panel: columns fitted to it in the language shown (./fitColumns.ts)
  const [panel, setPanel] = useState<HTMLElement | null>(null);
  const fitted = useFitColumns(visible, usePanelWidth(panel));
  // antd shows an expander for any `children` array: leaves must not carry an empty one
  const data = useMemo(() => {
    const strip = (ns: readonly KeyNode[]): KeyNode[] =>
      ns.map((n) => {
        const { children, ...rest } = n;
        return children && children.length ? { ...rest, children: strip(children) } : rest;
      });
    return strip(rows) as T[];
  }, [rows]);

  return (
    <Flex vertical gap={12} data-testid={testId} style={{ width: '100%' }} ref={setPanel}>
      <Flex gap={8} wrap align="center">
        {onSearch && (
          <Input.Search
            placeholder={t('keyword')}
            enterButton={t('search')}
            allowClear
            value={text}
            onChange={(e) => setText(e.target.value)}
            onSearch={(v) => onSearch(v.trim())}
            style={{ maxWidth: 320 }}
            data-testid="list-keyword"
          />
        )}
        <Space wrap>
          {onAdd && (
            <Auth code="btn_add">
              <Button type="primary" onClick={onAdd} data-testid="btn-add">
                {t('add')}
              </Button>
            </Auth>
          )}
          {toolbar}
          {!flat && <Button onClick={() => setExpanded(all)}>{t('expandAll')}</Button>}
          {!flat && <Button onClick={() => setExpanded([])}>{t('foldAll')}</Button>}
        </Space>
      </Flex>
      <Table<T>
        rowKey="id"
        size="small"
        loading={loading}
        columns={fitted.columns}
        dataSource={data}
        pagination={false}
        tableLayout="fixed"
        {...(fitted.scrollX ? { scroll: { x: fitted.scrollX } } : {})}
        locale={{ emptyText: tc('noData') }}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys: readonly Key[]) => setExpanded(keys.map(String)),
        }}
      />
    </Flex>
  );
}

/** Loads a tree list and reloads on demand. */
export function useTreeRows<T>(load: () => Promise<T[]>, deps: readonly unknown[] = []) {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    load()
      .then((r) => alive && setRows(r))
      .catch(() => alive && setRows([]))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
    // `load` is recreated each render; the caller lists what it depends on
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, ...deps]);
  return { rows, loading, reload: () => setVersion((v) => v + 1) };
}
