// onlineDev/webDesign — the visual-development models (forms and lists built online), paged from
// the server. The designer itself arrives with the low-code issue.
import { useCallback, useEffect, useState } from 'react';
import { Input, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PAGE_SIZE,
  request,
  tablePagination,
  type Paged,
  type RemotePageProps,
} from '@lighting/shared';

interface Model {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  state: number;
}

export default function WebDesignList(_props: RemotePageProps) {
  const { t } = useTranslation('lowcode');
  const [query, setQuery] = useState({ keyword: '', currentPage: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [data, setData] = useState<Paged<Model> | null>(null);
  const load = useCallback(() => {
    request<Paged<Model>>({ url: '/visualdev/Base', method: 'get', data: query })
      .then((res) => setData(res.data))
      .catch(() => setData({ list: [], pagination: { currentPage: 1, pageSize: query.pageSize, total: 0 } }));
  }, [query]);
  useEffect(load, [load]);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="webdesign-list">
      <Input.Search
        placeholder={t('keyword')}
        allowClear
        onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim(), currentPage: 1 }))}
        style={{ maxWidth: 360 }}
      />
      <Table<Model>
        rowKey="id"
        size="small"
        loading={data === null}
        dataSource={data?.list ?? []}
        locale={{ emptyText: '无数据' }}
        columns={[
          { dataIndex: 'fullName', title: t('fullName') },
          { dataIndex: 'enCode', title: t('enCode') },
          { dataIndex: 'category', title: t('category') },
          {
            dataIndex: 'state',
            title: t('state'),
            render: (s: number) =>
              s === 1 ? <Tag color="success">{t('released')}</Tag> : <Tag>{t('draft')}</Tag>,
          },
        ]}
        pagination={
          data
            ? tablePagination(data.pagination, (currentPage, pageSize) =>
                setQuery((q) => ({ ...q, currentPage, pageSize })),
              )
            : false
        }
      />
    </Space>
  );
}
