// chat/contacts — everyone the user can chat with (all users but self), searchable by a substring
// of real name, account or quick-query initials (spec §5 chat user search).
import { useEffect, useMemo, useState } from 'react';
import { Avatar, Input, List, Typography } from 'antd';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import { request, useSession, type RemotePageProps } from '@lighting/shared';
import { filterContacts, type Contact } from '../contacts';

export default function Contacts(_props: RemotePageProps) {
  const { t } = useTranslation('chat');
  const self = useSession((s) => s.userInfo?.userId);
  const [all, setAll] = useState<Contact[] | null>(null);
  const [q, setQ] = useState('');
  useEffect(() => {
    request<{ list: Contact[] }>({ url: '/system/Permission/Users/All', method: 'get' })
      .then((res) => setAll(res.data.list))
      .catch(() => setAll([]));
  }, []);
  const shown = useMemo(() => filterContacts(all ?? [], q, self), [all, q, self]);
  return (
    <div data-testid="chat-contacts" style={{ maxWidth: 520 }}>
      <Input.Search placeholder={t('search')} allowClear onChange={(e) => setQ(e.target.value)} />
      <Typography.Text type="secondary">{t('count', { n: shown.length })}</Typography.Text>
      <List<Contact>
        loading={all === null}
        dataSource={shown}
        locale={{ emptyText: '无数据' }}
        renderItem={(u) => (
          <List.Item>
            <List.Item.Meta
              avatar={<Avatar src={u.headIcon || undefined} icon={<UserOutlined />} />}
              title={u.realName}
              description={`${u.account}${u.department ? ' · ' + u.department : ''}`}
            />
          </List.Item>
        )}
      />
    </div>
  );
}
