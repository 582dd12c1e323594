// /bt/article/more: notices, party building and safety articles (tabs from ?category=), keyword
// search, server paging (spec §9 sizes), and a reader for the article in ?id=.
import { useCallback, useEffect, useState } from 'react';
import { Button, Input, Typography } from 'antd';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, formatDate, tablePagination, useSearchParams } from '@lighting/shared';
import { fetchArticles, type ArticleRow } from './api';
import { NS } from './i18n';
import { CATEGORIES, nextSearch, parseCategory, parseId, type Category } from './query';
import { ArticleReader } from './ArticleReader';

interface PageState {
  currentPage: number;
  pageSize: number;
  keyword: string;
}

export default function ArticleMorePage() {
  const { t } = useTranslation(NS);
  const [search, setSearch] = useSearchParams();
  const category = parseCategory(search.get('category'));
  const openId = parseId(search.get('id'));
  const [page, setPage] = useState<PageState>({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, keyword: '' });
  const [rows, setRows] = useState<ArticleRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    fetchArticles({ category, ...page }).then(
      (d) => {
        if (!live) return;
        setRows(d.list ?? []);
        setTotal(d.pagination?.total ?? 0);
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setRows([]);
        setTotal(0);
        setError(e instanceof Error ? e.message : String(e));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [category, page, attempt]);

  const switchCategory = (key: string) => {
    setPage((p) => ({ ...p, currentPage: 1, keyword: '' }));
    setSearch(nextSearch(search, { category: key as Category }));
  };
  const open = useCallback(
    (id: string | null) => setSearch((cur) => nextSearch(cur, { id }), { replace: !id }),
    [setSearch],
  );

  const columns: TableColumnsType<ArticleRow> = [
    {
      title: t('title'),
      dataIndex: 'title',
      render: (title: string, r) => (
        <div>
          <Typography.Link onClick={() => open(r.id)} data-testid="article-title">
            {title}
          </Typography.Link>
          {r.summary ? (
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 1 }} style={{ margin: 0, fontSize: 12 }}>
              {r.summary}
            </Typography.Paragraph>
          ) : null}
        </div>
      ),
    },
    { title: t('author'), dataIndex: 'author', width: 140 },
    {
      title: t('publishTime'),
      dataIndex: 'publishTime',
      width: 170,
      render: (v: string | number) => formatDate(v),
    },
  ];

  return (
    <div data-testid="article-more">
      <Tabs
        activeKey={category}
        onChange={switchCategory}
        items={CATEGORIES.map((c) => ({ key: c, label: t(c) }))}
      />
      <div style={{ marginBottom: 12, maxWidth: 360 }}>
        <Input.Search
          key={category}
          allowClear
          placeholder={t('search')}
          data-testid="article-search"
          onSearch={(keyword) => setPage((p) => ({ ...p, currentPage: 1, keyword }))}
        />
      </div>
      {error ? (
        <div data-testid="article-error" style={{ marginBottom: 12 }}>
          <Typography.Text type="danger">
            {t('loadFailed')}: {error}
          </Typography.Text>{' '}
          <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </Button>
        </div>
      ) : null}
      <Table<ArticleRow>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: t('empty') }}
        pagination={tablePagination(
          { currentPage: page.currentPage, pageSize: page.pageSize, total },
          (currentPage, pageSize) =>
            setPage((p) => ({ ...p, currentPage: pageSize !== p.pageSize ? 1 : currentPage, pageSize })),
        )}
      />
      <ArticleReader id={openId} onClose={() => open(null)} />
    </div>
  );
}
