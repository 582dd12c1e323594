// 系统日志: my sign-in, request and error logs, server paged.
import { useState } from 'react';
import { Input, Space, type TableColumnsType } from 'antd';
import Radio from 'antd/es/radio';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime, ipPlaceName, logSummaryIn, usePagedList } from '@lighting/shared';
import { getSystemLog, type LogRow } from './api';
import { LOG_CATEGORIES } from './rules';
import { NS } from './i18n';

export function SystemLogTab() {
  const { t, i18n } = useTranslation(NS);
  const [keyword, setKeyword] = useState('');
  const { query, search, table } = usePagedList(getSystemLog, {
    category: 1,
    keyword: '',
  });

  const time = {
    key: 'creatorTime',
    dataIndex: 'creatorTime',
    title: t('logTime'),
    width: 170,
    render: (v: number) => formatDateTime(v),
  };
  const user = { key: 'userName', dataIndex: 'userName', title: t('logUser'), width: 160 };
  const ip = { key: 'ipAddress', dataIndex: 'ipAddress', title: t('logIp'), width: 130 };
  const columns: TableColumnsType<LogRow> =
    query.category === 1
      ? [
          time,
          user,
          ip,
          {
            key: 'ipAddressName',
            dataIndex: 'ipAddressName',
            title: t('logPlace'),
            render: (v: string) => ipPlaceName(v, i18n.language),
          },
          {
            key: 'abstracts',
            dataIndex: 'abstracts',
            title: t('logAbstracts'),
            render: (v: string) => logSummaryIn(v, i18n.language),
          },
        ]
      : [
          time,
          user,
          ip,
          { key: 'requestUrl', dataIndex: 'requestUrl', title: t('logUrl'), ellipsis: true },
          { key: 'requestMethod', dataIndex: 'requestMethod', title: t('logMethod'), width: 90 },
          query.category === 5
            ? { key: 'duration', dataIndex: 'duration', title: t('logDuration'), width: 110 }
            : { key: 'abstracts', dataIndex: 'abstracts', title: t('logAbstracts'), ellipsis: true },
        ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="profile-log">
      <Space wrap>
        <Radio.Group
          optionType="button"
          value={query.category}
          onChange={(e) => search({ category: Number(e.target.value) })}
          options={LOG_CATEGORIES.map((c) => ({ value: c.value, label: t(c.key) }))}
        />
        <Input.Search
          placeholder={t('keyword')}
          enterButton={t('search')}
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => search({ keyword: v.trim() })}
          style={{ width: 320 }}
        />
      </Space>
      <Table<LogRow> {...table} rowKey="id" size="small" columns={columns} />
    </Space>
  );
}
