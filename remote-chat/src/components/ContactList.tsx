// The contact list (spec §2, §4): everyone but self, searched by a substring of real name, account or
// quick query; unread most first, then online, then by name; unread count and online state live.
import { Avatar, Badge, Input, Typography } from 'antd';
import List from 'antd/es/list';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatDate, useSession } from '@lighting/shared';
import { filterContacts, sortContacts, type ChatContact } from '@lighting/shared/core';
import { useChat } from '@lighting/shared/realtime';
import { loadContacts } from '../contacts';
import { NS } from '../i18n';

export function ContactList({
  onPick,
  active,
}: {
  onPick: (c: ChatContact) => void;
  active?: string | null;
}) {
  const { t } = useTranslation(NS);
  const self = useSession((s) => s.userInfo?.userId);
  const reads = useChat((s) => s.reads);
  const online = useChat((s) => s.online);
  const previews = useChat((s) => s.previews);
  const [all, setAll] = useState<ChatContact[] | null>(null);
  const [q, setQ] = useState('');
  useEffect(() => {
    let alive = true;
    loadContacts()
      .then((l) => alive && setAll(l))
      .catch(() => alive && setAll([]));
    return () => {
      alive = false;
    };
  }, []);
  const shown = useMemo(
    () =>
      sortContacts(
        filterContacts(all ?? [], q, self),
        (id) => reads[id]?.unread ?? 0,
        (id) => online[id] === true,
      ),
    [all, q, self, reads, online],
  );
  return (
    <div
      data-testid="chat-contacts"
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <Input.Search
        placeholder={t('search')}
        allowClear
        onChange={(e) => setQ(e.target.value)}
        data-testid="chat-search"
        aria-label={t('search')}
      />
      <Typography.Text type="secondary" style={{ margin: '4px 0' }}>
        {t('count', { n: shown.length })}
      </Typography.Text>
      {/* it scrolls: a region the keyboard can reach and scroll (axe: scrollable-region-focusable) */}
      <div
        style={{ overflowY: 'auto', flex: 1, minHeight: 0 }}
        tabIndex={0}
        role="region"
        aria-label={t('contacts')}
      >
        <List<ChatContact>
          loading={all === null}
          dataSource={shown}
          locale={{ emptyText: t('empty') }}
          renderItem={(u) => {
            const unread = reads[u.id]?.unread ?? 0;
            const isOn = online[u.id] === true;
            const p = previews[u.id];
            const preview = p
              ? p.type === 'image'
                ? `[${t('image')}]`
                : p.type === 'card'
                  ? `[${t('card')}]`
                  : p.text
              : '';
            return (
              <List.Item
                onClick={() => onPick(u)}
                style={{
                  cursor: 'pointer',
                  padding: '8px 4px',
                  background: active === u.id ? '#e6f4ff' : undefined,
                }}
                data-testid="chat-contact"
                data-user={u.id}
                data-unread={unread}
                data-online={isOn ? '1' : '0'}
              >
                <List.Item.Meta
                  avatar={
                    <Badge count={unread} size="small" offset={[-2, 2]}>
                      <Avatar
                        src={u.headIcon || undefined}
                        icon={<UserOutlined />}
                        style={{ filter: isOn ? undefined : 'grayscale(1)', opacity: isOn ? 1 : 0.6 }}
                      />
                    </Badge>
                  }
                  title={
                    <span style={{ display: 'flex', justifyContent: 'space-between', gap: 4 }}>
                      <span
                        style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                        data-user-text
                      >
                        {u.realName}
                      </span>
                      <Typography.Text type="secondary" style={{ fontSize: 11, flexShrink: 0 }}>
                        {p?.time ? formatDate(p.time, 'MM-DD HH:mm') : isOn ? t('online') : t('offline')}
                      </Typography.Text>
                    </span>
                  }
                  description={
                    <span
                      style={{
                        display: 'block',
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      }}
                      data-user-text
                    >
                      {preview || `${u.account}${u.department ? ' · ' + u.department : ''}`}
                    </span>
                  }
                />
              </List.Item>
            );
          }}
        />
      </div>
    </div>
  );
}
