// permission/user — the user list (read-only at this stage): server paging, keyword search,
// columns following the permission snapshot. Create/edit/delete arrive with the system issue.
import { useState } from 'react';
import { Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { request, usePagedList, useColumnAuth, type Paged, type RemotePageProps } from '@lighting/shared';

interface UserRow {
  id: string;
  account: string;
  realName: string;
  gender: number | string | null;
  mobile: string | null;
  organize: string | null;
  position: string | null;
  enabledMark: number;
}

const fetchUsers = (q: { keyword: string; currentPage: number; pageSize: number }) =>
  request<Paged<UserRow>>({ url: '/system/Permission/Users', method: 'get', data: q });

export default function UserList(_props: RemotePageProps) {
  const { t } = useTranslation('system');
  const canSee = useColumnAuth();
  const [keyword, setKeyword] = useState('');
  const { search, table } = usePagedList(fetchUsers, { keyword: '' });

  const all: TableColumnsType<UserRow> = [
    { key: 'account', dataIndex: 'account', title: t('account') },
    { key: 'realName', dataIndex: 'realName', title: t('realName') },
    {
      key: 'gender',
      dataIndex: 'gender',
      title: t('gender'),
      render: (g) => (String(g) === '1' ? t('male') : String(g) === '2' ? t('female') : ''),
    },
    { key: 'mobile', dataIndex: 'mobile', title: t('mobile') },
    { key: 'organize', dataIndex: 'organize', title: t('organize') },
    { key: 'position', dataIndex: 'position', title: t('position') },
    {
      key: 'enabledMark',
      dataIndex: 'enabledMark',
      title: t('enabledMark'),
      render: (v: number) =>
        v === 1 ? <Tag color="success">{t('enabled')}</Tag> : <Tag color="error">{t('disabled')}</Tag>,
    },
  ];
  const columns = all.filter((c) => canSee(String(c.key)));

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="user-list">
      <Input.Search
        placeholder={t('keyword')}
        enterButton={t('search')}
        allowClear
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(v) => search({ keyword: v.trim() })}
        style={{ maxWidth: 360 }}
      />
      <Table<UserRow> {...table} rowKey="id" size="small" columns={columns} />
    </Space>
  );
}
