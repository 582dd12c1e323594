// One conversation: messages (older on demand), the composer (Enter sends, an empty text does nothing),
// emoji, one image at a time with upload progress, asset / repair-order cards, and the history panel.
// A message shows at once as pending, is confirmed by the server's ack, or is marked not sent with
// retry (the same client id: never stored twice).
import { Avatar, Button, Input, Space, Spin, Tooltip, Typography, App as AntApp } from 'antd';
import Alert from 'antd/es/alert';
import Progress from 'antd/es/progress';
import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import HistoryOutlined from '@ant-design/icons/es/icons/HistoryOutlined';
import PictureOutlined from '@ant-design/icons/es/icons/PictureOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS, unsettled, type ChatContact } from '@lighting/shared/core';
import { discardChat, retryChat, sendChat, useChat } from '@lighting/shared/realtime';
import { insertAt, isBlank } from '../emoji/codec';
import { NS } from '../i18n';
import { imageProblem } from '../model/image';
import { distanceFromBottom } from '../model/scroll';
import { uploadChatImage } from '../upload';
import { useConversation } from '../useConversation';
import { CardPicker } from './CardPicker';
import { EmojiPicker } from './EmojiPicker';
import { HistoryPanel } from './HistoryPanel';
import { Bubble } from './MessageItem';

export function ChatWindow({
  self,
  peer,
  onClose,
  style,
}: {
  self: string;
  peer: ChatContact;
  onClose?: () => void;
  style?: CSSProperties;
}) {
  const { t } = useTranslation(NS);
  const { message } = AntApp.useApp();
  const { log, loading, loadingOlder, loadOlder } = useConversation(self, peer.id);
  const outbox = useChat((s) => s.outbox);
  const connected = useChat((s) => s.connected);
  const isOnline = useChat((s) => s.online[peer.id] === true);
  const [text, setText] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<TextAreaRef>(null);
  const file = useRef<HTMLInputElement>(null);
  const stick = useRef(true);

  // The unsent under the stored, matched by client id: a send whose ack was lost but whose stored
  // copy came with a catch-up page is drawn once, as the stored message.
  const pending = useMemo(
    () =>
      unsettled(
        Object.values(outbox)
          .filter((p) => p.toUserId === peer.id)
          .sort((a, b) => a.createdAt - b.createdAt),
        log.messages,
      ),
    [outbox, peer.id, log.messages],
  );

  // Keep the newest in view unless the reader scrolled up.
  useLayoutEffect(() => {
    const el = box.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [log.messages, pending.length]);
  useEffect(() => {
    stick.current = true;
    setText('');
  }, [peer.id]);

  const send = () => {
    if (isBlank(text)) return; // spec §5: an empty text does nothing
    sendChat(peer.id, 'text', text.slice(0, CHAT_LIMITS.textMax));
    setText('');
    stick.current = true;
  };

  const pickImage = async (f: File) => {
    const problem = imageProblem(f);
    if (problem) {
      void message.error(t(problem));
      return;
    }
    setProgress(0);
    try {
      const img = await uploadChatImage(f, (p) => setProgress(Math.round(p * 100)));
      sendChat(peer.id, 'image', JSON.stringify(img));
      stick.current = true;
    } catch {
      void message.error(t('uploadFailed'));
    } finally {
      setProgress(null);
    }
  };

  const addEmoji = (code: string) => {
    const el = input.current?.resizableTextArea?.textArea;
    const at = el ? { s: el.selectionStart, e: el.selectionEnd } : { s: text.length, e: text.length };
    const next = insertAt(text, at.s, at.e, code);
    setText(next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <div
      ref={root}
      data-testid="chat-window"
      data-peer={peer.id}
      style={{
        display: 'flex',
        flexDirection: 'column',
        background: '#fff',
        position: 'relative',
        overflow: 'hidden',
        minHeight: 0,
        ...style,
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: '8px 12px',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <Avatar size="small" src={peer.headIcon || undefined} icon={<UserOutlined />} />
        <Typography.Text strong ellipsis style={{ flex: 1 }} data-testid="chat-window-title">
          {peer.realName}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
            {isOnline ? t('online') : t('offline')}
          </Typography.Text>
        </Typography.Text>
        <Tooltip title={t('history')}>
          <Button
            type="text"
            size="small"
            icon={<HistoryOutlined />}
            onClick={() => setHistoryOpen(true)}
            aria-label={t('history')}
            data-testid="chat-history-open"
          />
        </Tooltip>
        {onClose ? (
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            onClick={onClose}
            aria-label={t('close')}
            data-testid="chat-window-close"
          />
        ) : null}
      </div>
      {!connected ? (
        <Alert type="warning" banner message={t('reconnecting')} data-testid="chat-offline" />
      ) : null}
      <div
        ref={box}
        data-testid="chat-messages"
        onScroll={(e) => {
          stick.current = distanceFromBottom(e.currentTarget) < 40;
        }}
        style={{ flex: 1, overflowY: 'auto', padding: '4px 12px', minHeight: 0 }}
      >
        {loading ? <Spin style={{ display: 'block', margin: 16 }} /> : null}
        {log.hasOlder ? (
          <div style={{ textAlign: 'center' }}>
            <Button
              type="link"
              size="small"
              loading={loadingOlder}
              onClick={loadOlder}
              data-testid="chat-older"
            >
              {t('loadOlder')}
            </Button>
          </div>
        ) : null}
        {log.messages.map((m) => (
          <Bubble
            key={m.id}
            mine={m.sendUserId === self}
            contentType={m.contentType}
            content={m.content}
            time={m.sendTime}
            seq={m.seq}
          />
        ))}
        {pending.map((p) => (
          <Bubble
            key={p.clientMsgId}
            mine
            contentType={p.messageType}
            content={p.messageContent}
            time={p.createdAt}
            state={p.state}
            {...(p.error ? { error: p.error } : {})}
            onRetry={() => retryChat(p.clientMsgId)}
            onDiscard={() => discardChat(p.clientMsgId)}
          />
        ))}
      </div>
      <div style={{ borderTop: '1px solid #f0f0f0', padding: '4px 8px 8px' }}>
        <Space size={2}>
          <EmojiPicker onPick={addEmoji} />
          <Tooltip title={t('image')}>
            <Button
              type="text"
              size="small"
              icon={<PictureOutlined />}
              disabled={progress !== null}
              onClick={() => file.current?.click()}
              aria-label={t('image')}
              data-testid="chat-image-button"
            />
          </Tooltip>
          <CardPicker onPick={(kind, id) => sendChat(peer.id, 'card', JSON.stringify({ kind, id }))} />
          {progress !== null ? (
            <span style={{ width: 120, display: 'inline-block' }} data-testid="chat-upload-progress">
              <Progress percent={progress} size="small" aria-label={t('uploading', { p: progress })} />
            </span>
          ) : null}
        </Space>
        <input
          ref={file}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          style={{ display: 'none' }}
          data-testid="chat-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void pickImage(f);
          }}
        />
        <Input.TextArea
          ref={input}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={(e) => {
            if (e.shiftKey || e.nativeEvent.isComposing) return;
            e.preventDefault();
            send();
          }}
          maxLength={CHAT_LIMITS.textMax}
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder={t('placeholder')}
          aria-label={t('placeholder')}
          data-testid="chat-input"
        />
        <div style={{ textAlign: 'right', marginTop: 4 }}>
          <Button type="primary" size="small" onClick={send} data-testid="chat-send">
            {t('send')}
          </Button>
        </div>
      </div>
      <HistoryPanel
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        self={self}
        peer={peer.id}
        getContainer={() => root.current ?? document.body}
      />
    </div>
  );
}
