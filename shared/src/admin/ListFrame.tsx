// The frame every administration list uses: keyword search (+ the page's own filters), the add
// and export buttons following the permission snapshot, and the server-paged antd Table (spec §9
// paging, 无数据, loading). Columns follow the column permissions unless their key starts with '_'.
import { useState, type ReactNode } from 'react';
import { Button, Input, Space, type TableColumnsType, type TableProps } from 'antd';
import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Auth, useColumnAuth } from '@lighting/shared';
import type { PageQuery, usePagedList } from '@lighting/shared';
import { ExportButton } from './ExportButton';
import { withSelectAllTitle } from './selectAllTitle';
import type { ExportColumn, PageFetcher } from './exportRows';
import { sortQuery } from './sort';
import { useFitColumns, usePanelWidth, type FitHints } from './useFitColumns';
import './i18n';

export type PagedListState<T, Q extends PageQuery> = ReturnType<typeof usePagedList<T, Q>>;

/** antd's selection column. */
const SELECTION_WIDTH = 32;

export interface ListFrameProps<T extends object, Q extends PageQuery & { keyword?: string }> {
  list: PagedListState<T, Q>;
  /** antd's columns; `priority` 2, 3 … hides a column when the panel is too narrow for all (./fitColumns.ts) */
  columns: Array<TableColumnsType<T>[number] & FitHints>;
  rowKey?: string;
  /** false hides the keyword box. */
  keyword?: boolean;
  /** More filter controls beside the keyword box. */
  filters?: ReactNode;
  onAdd?: () => void;
  exporter?: { title: string; fetchPage: PageFetcher<T, Q>; columns: readonly ExportColumn<T>[] };
  toolbar?: ReactNode;
  /** Filter columns by the column permissions (default true). */
  columnAuth?: boolean;
  testId?: string;
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource'>;
  /** Called by reset after the keyword is cleared (pages clear their own filters). */
  onReset?: () => void;
}

export function ListFrame<T extends object, Q extends PageQuery & { keyword?: string }>({
  list,
  columns,
  rowKey = 'id',
  keyword = true,
  filters,
  onAdd,
  exporter,
  toolbar,
  columnAuth = true,
  testId = 'admin-list',
  tableProps,
  onReset,
}: ListFrameProps<T, Q>) {
  const { t } = useTranslation('admin');
  const canSee = useColumnAuth();
  const [text, setText] = useState(list.query.keyword ?? '');
  // Q has an optional keyword; search() is typed on Q's own filters, which TypeScript cannot relate
  // to `{ keyword }` for a generic Q.
  const searchKeyword = (k: string) =>
    (list.search as (f: { keyword: string }) => void)({ keyword: k.trim() });
  const visible = columnAuth
    ? columns.filter((c) => String(c.key ?? '').startsWith('_') || canSee(String(c.key ?? '')))
    : columns;
  // never wider than the panel: columns fitted to it in the language shown (./fitColumns.ts)
  const [panel, setPanel] = useState<HTMLElement | null>(null);
  const fitted = useFitColumns(visible, usePanelWidth(panel), tableProps?.rowSelection ? SELECTION_WIDTH : 0);

  return (
    <Flex vertical gap={12} data-testid={testId} style={{ width: '100%' }} ref={setPanel}>
      <Flex gap={8} wrap align="center">
        {keyword && (
          <Input.Search
            placeholder={t('keyword')}
            enterButton={t('search')}
            allowClear
            value={text}
            onChange={(e) => setText(e.target.value)}
            onSearch={searchKeyword}
            style={{ maxWidth: 320 }}
            data-testid="list-keyword"
          />
        )}
        {filters}
        {(keyword || onReset) && (
          <Button
            onClick={() => {
              setText('');
              onReset?.();
              searchKeyword('');
            }}
          >
            {t('reset')}
          </Button>
        )}
      </Flex>
      {(onAdd || exporter || toolbar) && (
        <Space wrap>
          {onAdd && (
            <Auth code="btn_add">
              <Button type="primary" onClick={onAdd} data-testid="btn-add">
                {t('add')}
              </Button>
            </Auth>
          )}
          {exporter && (
            <Auth code="btn_export">
              <ExportButton
                title={exporter.title}
                fetchPage={exporter.fetchPage}
                filters={list.query}
                columns={exporter.columns}
              />
            </Auth>
          )}
          {toolbar}
        </Space>
      )}
      <Table<T>
        {...list.table}
        rowKey={rowKey}
        size="small"
        columns={fitted.columns}
        tableLayout="fixed"
        {...(fitted.scrollX ? { scroll: { x: fitted.scrollX } } : {})}
        onChange={(_p, _f, sorter, extra) => {
          // columns with `sorter: true` sort on the server (sidx / sort); paging has its own handler
          if (extra.action === 'sort') list.setQuery((q) => ({ ...q, ...sortQuery(sorter), currentPage: 1 }));
        }}
        {...tableProps}
        rowSelection={withSelectAllTitle(tableProps?.rowSelection)}
      />
    </Flex>
  );
}
