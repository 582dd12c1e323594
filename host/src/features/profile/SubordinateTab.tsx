// 我的下属: the users whose manager I am.
import { useEffect, useState } from 'react';
import { Avatar, type TableColumnsType } from 'antd';
import Table from 'antd/es/table';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import { getSubordinates, type Subordinate } from './api';
import { NS } from './i18n';

export function SubordinateTab() {
  const { t } = useTranslation(NS);
  const [list, setList] = useState<Subordinate[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    getSubordinates()
      .then((res) => live && setList(res.data?.list ?? []))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);

  const columns: TableColumnsType<Subordinate> = [
    {
      key: 'headIcon',
      dataIndex: 'headIcon',
      width: 60,
      render: (v: string) => <Avatar size="small" src={v || undefined} icon={<UserOutlined />} />,
    },
    { key: 'realName', dataIndex: 'realName', title: t('realName') },
    { key: 'account', dataIndex: 'account', title: t('account') },
    { key: 'mobile', dataIndex: 'mobile', title: t('mobile') },
    { key: 'organize', dataIndex: 'organize', title: t('organize') },
    { key: 'position', dataIndex: 'position', title: t('position') },
  ];
  return (
    <Table<Subordinate>
      rowKey="id"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={list}
      pagination={false}
      locale={{ emptyText: t('noData') }}
      data-testid="profile-subordinates"
    />
  );
}
