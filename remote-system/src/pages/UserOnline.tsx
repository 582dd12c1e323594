// permission/userOnline — who is signed in, since when and from where; force offline (btn_remove)
// revokes the user's tokens and pushes logout through the socket.
import { useState } from 'react';
import { Badge, Button, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Auth, request, toast, type RemotePageProps } from '@lighting/shared';
import { TreeTable, useConfirm, useTreeRows } from '@lighting/shared/admin';
import { urls } from '../api';
import { formatTime } from '../logic/format';
import '../i18n';

interface OnlineRow {
  id: string;
  userId: string;
  userName: string;
  account: string;
  organize: string;
  loginTime: number;
  loginIp: string;
  loginAddress: string;
  connected: boolean;
  sessionId: string;
}

export default function UserOnline(_props: RemotePageProps) {
  const { t } = useTranslation('system');
  const [keyword, setKeyword] = useState('');
  const { rows, loading, reload } = useTreeRows(async () => {
    const r = await request<{ list: Omit<OnlineRow, 'id'>[] }>({
      url: urls.online,
      method: 'get',
      data: { keyword },
    });
    return (r.data?.list ?? []).map((s) => ({ ...s, id: s.sessionId || s.userId }));
  }, [keyword]);
  const confirm = useConfirm();

  const forceOffline = (r: OnlineRow) =>
    confirm(
      async () => {
        const res = await request<unknown>({ url: `${urls.online}/${r.userId}`, method: 'delete' });
        toast('success', res.msg);
        reload();
      },
      t('confirmOffline', { name: `${r.userName}/${r.account}` }),
    );

  const columns: TableColumnsType<OnlineRow> = [
    { key: 'userName', dataIndex: 'userName', title: t('realName') },
    { key: 'account', dataIndex: 'account', title: t('account') },
    { key: 'organize', dataIndex: 'organize', title: t('organize') },
    { key: 'loginTime', dataIndex: 'loginTime', title: t('loginTime'), render: formatTime },
    { key: 'loginIp', dataIndex: 'loginIp', title: t('loginIp') },
    { key: 'loginAddress', dataIndex: 'loginAddress', title: t('loginAddress') },
    {
      key: '_connected',
      dataIndex: 'connected',
      title: t('connection'),
      render: (c: boolean) => (
        <Badge status={c ? 'success' : 'default'} text={c ? t('connected') : t('notConnected')} />
      ),
    },
    {
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      render: (_: unknown, r) => (
        <Auth code="btn_remove">
          <Button
            type="link"
            danger
            size="small"
            onClick={() => void forceOffline(r)}
            data-testid="row-force-offline"
          >
            {t('forceOffline')}
          </Button>
        </Auth>
      ),
    },
  ];

  return (
    <TreeTable<OnlineRow>
      rows={rows}
      loading={loading}
      columns={columns}
      onSearch={setKeyword}
      toolbar={<Button onClick={reload}>{t('refresh')}</Button>}
      testId="online-list"
      flat
    />
  );
}
