// './ChatDrawer' — the navbar's 内部聊天 drawer (280 px, spec §2 and §9): the contact list with search;
// choosing someone opens the conversation beside the drawer (over the page on a phone).
import { App as AntApp } from 'antd';
import Drawer from 'antd/es/drawer';
import Grid from 'antd/es/grid';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSession } from '@lighting/shared';
import { type ChatContact } from '@lighting/shared/core';
import { startChatFeed } from '@lighting/shared/realtime';
import { ChatWindow } from './components/ChatWindow';
import { ContactList } from './components/ContactList';
import { NS } from './i18n';

export const DRAWER_WIDTH = 280;

export interface ChatDrawerProps {
  open: boolean;
  onClose: () => void;
}

export default function ChatDrawer({ open, onClose }: ChatDrawerProps) {
  const { t } = useTranslation(NS);
  const self = useSession((s) => s.userInfo?.userId ?? '');
  const [peer, setPeer] = useState<ChatContact | null>(null);
  const screens = Grid.useBreakpoint();
  const phone = screens.lg === false; // under 992 px (spec §9's mobile breakpoint)
  useEffect(startChatFeed, []);
  useEffect(() => {
    if (!open) setPeer(null);
  }, [open]);
  // Going somewhere else (a card's link to the map, a menu click) makes way for that page.
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (pathname === shownAt.current) return;
    shownAt.current = pathname;
    if (open) onClose();
  }, [pathname, open, onClose]);
  return (
    <AntApp component={false}>
      <Drawer
        title={t('title')}
        open={open}
        onClose={onClose}
        width={DRAWER_WIDTH}
        mask={false}
        styles={{ body: { padding: 8, display: 'flex', flexDirection: 'column' } }}
        data-testid="chat-drawer"
      >
        <ContactList onPick={setPeer} active={peer?.id ?? null} />
      </Drawer>
      {open && peer && self ? (
        <ChatWindow
          key={peer.id}
          self={self}
          peer={peer}
          onClose={() => setPeer(null)}
          style={
            phone
              ? { position: 'fixed', inset: 0, zIndex: 1001 }
              : {
                  position: 'fixed',
                  top: 64,
                  right: DRAWER_WIDTH + 16,
                  width: 480,
                  height: 'min(600px, calc(100vh - 88px))',
                  zIndex: 1001,
                  borderRadius: 8,
                  boxShadow: '0 6px 16px rgba(0,0,0,.12), 0 3px 6px -4px rgba(0,0,0,.12)',
                }
          }
        />
      ) : null}
    </AntApp>
  );
}
