// The navbar's chat entry: blinks while any chat message is unread (every tab of the user agrees:
// the counts are the server's read pointers) and opens the chat remote's './ChatDrawer', loaded on
// the first click. A chat remote that fails to load shows the error with Retry in the drawer.
import { Badge, Button, Spin } from 'antd';
import { LazyResult as Result } from '@lighting/shared/ui';
import MessageOutlined from '@ant-design/icons/es/icons/MessageOutlined';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { loadExposed } from '../../federation/registry';
import { useUnread } from './counts';
import { startUnreadFeed } from './feed';
import { NS } from './i18n';
import { EntryTooltip } from '../../layout/navbar/EntryTooltip';

// the drawer shown while the chat remote loads (or failed to): loaded with the first click
const Drawer = lazy(() => import('antd/es/drawer'));

type DrawerComponent = ComponentType<{ open: boolean; onClose: () => void }>;
type Loaded =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; Drawer: DrawerComponent }
  | { status: 'error'; error: string };

export function ChatEntry({ onOpen }: { onOpen?: () => void }) {
  const { t } = useTranslation(NS);
  const unread = useUnread((c) => c.chat);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'idle' });
  useEffect(startUnreadFeed, []);
  const load = () => {
    setLoaded({ status: 'loading' });
    loadExposed<DrawerComponent>('chat', './ChatDrawer').then(
      (D) => setLoaded({ status: 'ready', Drawer: D }),
      (e: unknown) => setLoaded({ status: 'error', error: e instanceof Error ? e.message : String(e) }),
    );
  };
  return (
    <>
      <EntryTooltip title={t('chat')} opened={open}>
        <Badge dot={unread > 0} offset={[-6, 6]} data-testid="chat-unread" data-count={unread}>
          <Button
            type="text"
            icon={<MessageOutlined />}
            onClick={() => {
              setOpen(true);
              if (loaded.status === 'idle' || loaded.status === 'error') load();
              onOpen?.();
            }}
            aria-label={t('chat')}
            className={unread > 0 ? 'lighting-blink' : undefined}
            style={unread > 0 ? { animation: 'lighting-blink 1s step-start infinite' } : undefined}
            data-testid="chat-entry"
            data-blink={unread > 0 ? '1' : '0'}
          />
        </Badge>
        <style>{'@keyframes lighting-blink{50%{opacity:.2}}'}</style>
      </EntryTooltip>
      {loaded.status === 'ready' ? (
        <loaded.Drawer open={open} onClose={() => setOpen(false)} />
      ) : open ? (
        <Suspense fallback={null}>
          <Drawer title={t('chat')} open width={280} onClose={() => setOpen(false)} mask={false}>
            {loaded.status === 'error' ? (
              <Result
                status="warning"
                subTitle={t('chatFailed', { error: loaded.error })}
                extra={
                  <Button type="primary" onClick={load} data-testid="chat-retry-load">
                    {t('common:retry')}
                  </Button>
                }
              />
            ) : (
              <Spin style={{ display: 'block', margin: 24 }} />
            )}
          </Drawer>
        </Suspense>
      ) : null}
    </>
  );
}
