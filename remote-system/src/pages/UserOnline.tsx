// permission/userOnline — who is signed in: one row per person (their sign-ins inside, folded),
// online while a page of theirs is open, since when and from where; force offline (btn_remove)
// revokes the user's tokens and pushes logout through the socket.
import { useState } from 'react';
import { Badge, Button, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Auth, ipPlaceName, request, toast, type RemotePageProps } from '@lighting/shared';
import { TreeTable, useConfirm, useTreeRows } from '@lighting/shared/admin';
import { urls, type OnlinePerson } from '../api';
import { formatTime } from '../logic/format';
import '../i18n';

type Person = OnlinePerson;
type Session = OnlinePerson['sessions'][number];

/** A person, or (inside one) one of their sign-ins. */
interface OnlineRow {
  id: string;
  person?: Person;
  session?: Session & { n: number };
  loginTime: number;
  loginIp: string;
  loginAddress: string;
  children?: OnlineRow[];
}

const rowsOf = (people: Person[]): OnlineRow[] =>
  people.map((p) => ({
    id: p.userId,
    person: p,
    loginTime: p.loginTime,
    loginIp: p.loginIp,
    loginAddress: p.loginAddress,
    children:
      p.sessionCount > 1
        ? p.sessions.map((s, i) => ({
            id: `${p.userId}/${s.sessionId}/${i}`,
            session: { ...s, n: p.sessionCount - i },
            loginTime: s.loginTime,
            loginIp: s.loginIp,
            loginAddress: s.loginAddress,
          }))
        : undefined,
  }));

export default function UserOnline(_props: RemotePageProps) {
  const { t, i18n } = useTranslation('system');
  const [keyword, setKeyword] = useState('');
  const { rows, loading, reload } = useTreeRows(async () => {
    const r = await request<{ list: Person[] }>({ url: urls.online, method: 'get', data: { keyword } });
    return rowsOf(r.data?.list ?? []);
  }, [keyword]);
  const confirm = useConfirm();

  const forceOffline = (p: Person) =>
    confirm(
      async () => {
        const res = await request<unknown>({ url: `${urls.online}/${p.userId}`, method: 'delete' });
        toast('success', res.msg);
        reload();
      },
      t('confirmOffline', { name: `${p.userName}/${p.account}` }),
    );

  const columns: TableColumnsType<OnlineRow> = [
    {
      key: 'userName',
      title: t('realName'),
      render: (_: unknown, r) =>
        r.person ? (
          r.person.userName
        ) : (
          <span data-testid="online-session">{t('sessionOf', { n: r.session?.n })}</span>
        ),
    },
    { key: 'account', title: t('account'), render: (_: unknown, r) => r.person?.account },
    { key: 'organize', title: t('organize'), render: (_: unknown, r) => r.person?.organize },
    {
      key: 'sessionCount',
      title: t('sessionCount'),
      render: (_: unknown, r) => r.person?.sessionCount,
    },
    { key: 'loginTime', dataIndex: 'loginTime', title: t('loginTime'), render: formatTime },
    { key: 'loginIp', dataIndex: 'loginIp', title: t('loginIp') },
    {
      key: 'loginAddress',
      dataIndex: 'loginAddress',
      title: t('loginAddress'),
      render: (v: string) => ipPlaceName(v, i18n.language),
    },
    {
      key: '_connected',
      title: t('connection'),
      render: (_: unknown, r) =>
        r.person ? (
          <Badge
            status={r.person.connected ? 'success' : 'default'}
            text={r.person.connected ? t('connected') : t('notConnected')}
          />
        ) : null,
    },
    {
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      render: (_: unknown, r) =>
        r.person ? (
          <Auth code="btn_remove">
            <Button
              type="link"
              danger
              size="small"
              onClick={() => void forceOffline(r.person!)}
              data-testid="row-force-offline"
            >
              {t('forceOffline')}
            </Button>
          </Auth>
        ) : null,
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
      folded
    />
  );
}
