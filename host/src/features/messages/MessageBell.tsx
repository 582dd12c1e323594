// The navbar's messages entry: a bell with the unread count. (The message drawer is added with
// the in-app messages work.)
import { Badge, Button, Tooltip } from 'antd';
import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import { useEffect } from 'react';
import { useUnread } from './counts';
import { startUnreadFeed } from './feed';

export function MessageBell({ onOpen }: { onOpen?: () => void }) {
  const count = useUnread((c) => c.messages);
  useEffect(startUnreadFeed, []);
  return (
    <Tooltip title="站内消息">
      <Badge count={count} size="small" offset={[-4, 4]} data-testid="message-count">
        <Button
          type="text"
          icon={<BellOutlined />}
          onClick={onOpen}
          aria-label="站内消息"
          data-testid="message-bell"
        />
      </Badge>
    </Tooltip>
  );
}
