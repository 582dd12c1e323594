// The navbar's messages entry: a bell with the unread count that opens the message drawer.
import { Badge, Button } from 'antd';
import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnread } from './counts';
import { startUnreadFeed } from './feed';
import { NS } from './i18n';
import { EntryTooltip } from '../../layout/navbar/EntryTooltip';

// The drawer (and the HTML sanitiser it uses) loads on the first open, not with every page.
const MessageDrawer = lazy(() => import('./MessageDrawer').then((m) => ({ default: m.MessageDrawer })));

export function MessageBell({ onOpen }: { onOpen?: () => void }) {
  const { t } = useTranslation(NS);
  const count = useUnread((c) => c.messages);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  useEffect(startUnreadFeed, []);
  return (
    <>
      <EntryTooltip title={t('title')} opened={open}>
        <Badge count={count} size="small" offset={[-4, 4]} data-testid="message-count" data-count={count}>
          <Button
            type="text"
            icon={<BellOutlined />}
            onClick={() => {
              setOpen(true);
              setUsed(true);
              onOpen?.();
            }}
            aria-label={t('title')}
            data-testid="message-bell"
          />
        </Badge>
      </EntryTooltip>
      {used && (
        <Suspense fallback={null}>
          <MessageDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
