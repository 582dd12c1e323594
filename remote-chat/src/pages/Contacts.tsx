// chat/contacts — the chat as a page (console tab and the chat remote's own app): the contact list
// beside the open conversation.
import { Empty } from 'antd';
import Grid from 'antd/es/grid';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession, type RemotePageProps } from '@lighting/shared';
import { type ChatContact } from '@lighting/shared/core';
import { startChatFeed } from '@lighting/shared/realtime';
import { ChatWindow } from '../components/ChatWindow';
import { ContactList } from '../components/ContactList';
import { NS } from '../i18n';

export default function Contacts(_props: RemotePageProps) {
  const { t } = useTranslation(NS);
  const self = useSession((s) => s.userInfo?.userId ?? '');
  const [peer, setPeer] = useState<ChatContact | null>(null);
  const phone = Grid.useBreakpoint().lg === false;
  useEffect(startChatFeed, []);
  const list = <ContactList onPick={setPeer} active={peer?.id ?? null} />;
  const window =
    peer && self ? (
      <ChatWindow
        key={peer.id}
        self={self}
        peer={peer}
        onClose={phone ? () => setPeer(null) : undefined}
        style={{ flex: 1, border: '1px solid #f0f0f0', borderRadius: 8 }}
      />
    ) : null;
  if (phone) return <div style={{ height: 'calc(100vh - 160px)', display: 'flex' }}>{window ?? list}</div>;
  return (
    <div
      data-testid="chat-page"
      style={{ display: 'flex', gap: 12, height: 'calc(100vh - 180px)', minHeight: 420 }}
    >
      <div style={{ width: 300, flexShrink: 0, display: 'flex', flexDirection: 'column' }}>{list}</div>
      {window ?? (
        <div
          style={{
            flex: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            border: '1px solid #f0f0f0',
            borderRadius: 8,
          }}
        >
          <Empty description={t('pick')} />
        </div>
      )}
    </div>
  );
}
