// The navbar's chat entry: blinks while any chat message is unread. (The chat remote fills the
// drawer with its ./ChatDrawer expose in the chat issue.)
import { Badge, Button, Tooltip } from 'antd';
import MessageOutlined from '@ant-design/icons/es/icons/MessageOutlined';
import { useEffect } from 'react';
import { countRules, useUnread } from './counts';
import { startUnreadFeed } from './feed';

export function ChatEntry({ onOpen }: { onOpen?: () => void }) {
  const unread = useUnread((c) => countRules.chatTotal(c));
  useEffect(startUnreadFeed, []);
  return (
    <Tooltip title="内部聊天">
      <Badge dot={unread > 0} offset={[-6, 6]}>
        <Button
          type="text"
          icon={<MessageOutlined />}
          onClick={onOpen}
          aria-label="内部聊天"
          className={unread > 0 ? 'lighting-blink' : undefined}
          style={unread > 0 ? { animation: 'lighting-blink 1s step-start infinite' } : undefined}
          data-testid="chat-entry"
        />
      </Badge>
      <style>{'@keyframes lighting-blink{50%{opacity:.2}}'}</style>
    </Tooltip>
  );
}
