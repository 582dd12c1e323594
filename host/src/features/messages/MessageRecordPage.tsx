// /messageRecord — the message center (spec §2): keyword search, type filter, server paging,
// read state, row click opens the message, multi-select delete of my copies.
import { useState } from 'react';
import { App, Badge, Button, Input, Space, Tag, type TableColumnsType } from 'antd';
import Card from 'antd/es/card';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime, shownMessageTitle, usePagedList } from '@lighting/shared';
import { deleteMessageRecords, listMessages } from './api';
import { isUnread, markRead, TYPE_FILTERS, typeKey, type MessageItem } from './rules';
import { useMessageOpener } from './MessageView';
import { NS } from './i18n';
import './i18n';

interface Query {
  keyword: string;
  type: string;
  currentPage: number;
  pageSize: number;
}

export default function MessageRecordPage() {
  const { t, i18n } = useTranslation(NS);
  const { modal, message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState('');
  const { setQuery, data, setData, table } = usePagedList<MessageItem, Query>(listMessages, {
    keyword: '',
    type: '',
  });
  const [selected, setSelected] = useState<string[]>([]);

  const { open, modal: noticeModal } = useMessageOpener({
    onRead: (id) => setData((d) => ({ ...d, list: markRead(d.list, id) })),
  });

  const search = () => setQuery((q) => ({ ...q, keyword: keyword.trim(), type, currentPage: 1 }));
  const reset = () => {
    setKeyword('');
    setType('');
    setQuery((q) => ({ ...q, keyword: '', type: '', currentPage: 1 }));
  };

  const remove = () => {
    if (selected.length === 0) {
      void message.warning(t('selectFirst'));
      return;
    }
    modal.confirm({
      title: t('tip'),
      content: t('confirmDelete'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        await deleteMessageRecords(selected);
        setSelected([]);
        void message.success(t('deleted'));
        // Stay in range when the last rows of the last page went.
        setQuery((q) => {
          const left = data.pagination.total - selected.length;
          const last = Math.max(1, Math.ceil(left / q.pageSize));
          return { ...q, currentPage: Math.min(q.currentPage, last) }; // a new query object reloads
        });
      },
    });
  };

  const columns: TableColumnsType<MessageItem> = [
    {
      key: 'title',
      dataIndex: 'title',
      title: t('msgTitle'),
      ellipsis: true,
      render: (_v: string, row) => shownMessageTitle(row, i18n.language),
    },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('type'),
      width: 120,
      render: (v: number) => <Tag color={Number(v) === 1 ? 'processing' : 'success'}>{t(typeKey(v))}</Tag>,
    },
    { key: 'creatorUser', dataIndex: 'creatorUser', title: t('creator'), width: 160 },
    {
      key: 'lastModifyTime',
      dataIndex: 'lastModifyTime',
      title: t('time'),
      width: 180,
      render: (v: number) => formatDateTime(v),
    },
    {
      key: 'isRead',
      dataIndex: 'isRead',
      title: t('readState'),
      width: 100,
      render: (_v: string, row) =>
        isUnread(row) ? (
          <Badge status="error" text={t('unread')} data-testid="record-unread" />
        ) : (
          <Badge status="default" text={t('read')} data-testid="record-read" />
        ),
    },
  ];

  return (
    <Card data-testid="message-record">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input
          placeholder={t('keyword')}
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={search}
          style={{ width: 240 }}
          data-testid="record-keyword"
        />
        <Select
          aria-label={t('typeFilter')}
          value={type}
          onChange={setType}
          style={{ width: 140 }}
          options={TYPE_FILTERS.map((f) => ({ value: f.value, label: t(f.key) }))}
          data-testid="record-type"
        />
        <Button type="primary" onClick={search} data-testid="record-search">
          {t('search')}
        </Button>
        <Button onClick={reset}>{t('reset')}</Button>
        <Button danger onClick={remove} disabled={selected.length === 0} data-testid="record-delete">
          {t('delete')}
        </Button>
      </Space>
      <Table<MessageItem>
        {...table}
        rowKey="id"
        size="small"
        columns={columns}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getTitleCheckboxProps: () => ({ 'aria-label': t('selectAll') }),
          getCheckboxProps: (row) => ({
            'aria-label': t('selectRow', { title: shownMessageTitle(row, i18n.language) }),
          }),
        }}
        onRow={(row) => ({
          onClick: (e) => {
            // the selection checkbox selects; the rest of the row opens the message
            if ((e.target as HTMLElement).closest('.ant-table-selection-column')) return;
            void open(row);
          },
          style: { cursor: 'pointer' },
        })}
      />
      {noticeModal}
    </Card>
  );
}
