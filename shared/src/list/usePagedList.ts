// A server-paged list (spec §9 paging): the query (filters + currentPage + pageSize), the page of
// rows it returned, a loading flag, and antd Table paging wired to the query. Changing the query
// (a new object) loads again; errors keep the last page (the HTTP client shows the message). Only the
// latest request's answer is shown: an earlier one that arrives after it (a reload started before a
// delete, an older filter) is dropped.
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Envelope, Paged } from '../http/client';
import { DEFAULT_PAGE_SIZE, tablePagination } from '../ui/pagination';

export interface PageQuery {
  currentPage: number;
  pageSize: number;
}

/** What usePagedList gives a list page (written out: the contract's API report records it). */
export interface PagedList<T, Q extends PageQuery> {
  query: Q;
  setQuery: Dispatch<SetStateAction<Q>>;
  /** Filters changed: back to the first page. */
  search: (filters: Partial<Omit<Q, keyof PageQuery>>) => void;
  data: Paged<T>;
  setData: Dispatch<SetStateAction<Paged<T>>>;
  loading: boolean;
  reload: () => Promise<void>;
  pagination: TablePaginationConfig;
  /** Spread onto an antd Table: rows, loading, paging and the empty text (无数据). */
  table: PagedTableProps<T>;
}

export interface PagedTableProps<T> {
  dataSource: T[];
  loading: boolean;
  pagination: TablePaginationConfig;
  locale: { emptyText: string };
}

export function usePagedList<T, Q extends PageQuery>(
  fetchPage: (q: Q) => Promise<Envelope<Paged<T>>>,
  initial: Omit<Q, keyof PageQuery> & Partial<PageQuery>,
): PagedList<T, Q> {
  const [query, setQuery] = useState<Q>(
    () => ({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, ...initial }) as Q,
  );
  const [data, setData] = useState<Paged<T>>({
    list: [],
    pagination: { currentPage: 1, pageSize: query.pageSize, total: 0 },
  });
  const [loading, setLoading] = useState(false);
  const { t } = useTranslation('common');

  const latest = useRef(0);
  const reload = useCallback(async () => {
    const asked = ++latest.current;
    setLoading(true);
    try {
      const res = await fetchPage(query);
      if (asked !== latest.current) return;
      setData({
        list: res.data?.list ?? [],
        pagination: res.data?.pagination ?? { currentPage: 1, pageSize: query.pageSize, total: 0 },
      });
    } catch {
      /* the client showed the server's message */
    } finally {
      if (asked === latest.current) setLoading(false);
    }
    // fetchPage is expected to be stable (a module-level function)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Filters changed: back to the first page. */
  const search = useCallback((filters: Partial<Omit<Q, keyof PageQuery>>) => {
    setQuery((q) => ({ ...q, ...filters, currentPage: 1 }));
  }, []);

  const pagination = tablePagination(data.pagination, (currentPage, pageSize) =>
    setQuery((q) => ({ ...q, currentPage, pageSize })),
  );

  const table: PagedTableProps<T> = {
    dataSource: data.list,
    loading,
    pagination,
    locale: { emptyText: t('noData') },
  };

  return { query, setQuery, search, data, setData, loading, reload, pagination, table };
}
