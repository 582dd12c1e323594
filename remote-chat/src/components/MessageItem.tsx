// One message in a conversation or in the history: text with our emoji, an image thumbnail that opens
// the full image, or a card for an asset, repair order or fault with a link that opens it on the map
// (status and link only for a reader who may see them: model/card.ts).
import { Button, Space, Spin, Tag, Typography } from 'antd';
import Image from 'antd/es/image';
import EnvironmentOutlined from '@ant-design/icons/es/icons/EnvironmentOutlined';
import ExclamationCircleFilled from '@ant-design/icons/es/icons/ExclamationCircleFilled';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatDate, useNavigate, useSession } from '@lighting/shared';
import { parseChatCard, parseChatImage, type ChatCard, type ChatContentType } from '@lighting/shared/core';
import { liveStatus } from '../cards';
import { NS } from '../i18n';
import { cardView, statusKeyOf } from '../model/card';
import { fitBox } from '../model/image';
import { EmojiText } from './Emoji';

const isStandalone = (): boolean => window.location.pathname.startsWith('/remotes/');

const KIND_LABEL = { asset: 'cardAsset', order: 'cardOrder', fault: 'cardFault' } as const;
const KIND_COLOUR = { asset: 'blue', order: 'orange', fault: 'red' } as const;

function CardView({ card }: { card: ChatCard }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const menus = useSession((s) => s.menuList);
  const view = useMemo(() => cardView(card, menus), [card, menus]);
  const [status, setStatus] = useState(view.status);
  useEffect(() => {
    setStatus(view.status);
    if (!view.live) return; // withheld from this reader: nothing to ask the map for
    let alive = true;
    void liveStatus(card).then((s) => alive && s && setStatus(s));
    return () => {
      alive = false;
    };
  }, [card, view]);
  const open = () => {
    if (!view.link) return;
    // In the console the map is a tab; the chat's own (kiosk) app opens the console's map.
    if (isStandalone()) window.open(view.link, '_blank', 'noopener');
    else navigate(view.link);
  };
  return (
    <div
      data-testid="chat-card"
      data-kind={card.kind}
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: 8, background: '#fff', minWidth: 180 }}
    >
      <Space size={4} wrap>
        <Tag color={KIND_COLOUR[card.kind]}>{t(KIND_LABEL[card.kind])}</Tag>
        <Typography.Text strong data-testid="chat-card-code">
          {card.code}
        </Typography.Text>
        {status ? (
          <Tag
            color={status === 'fault' || status === 'pending' || status === 'open' ? 'red' : 'default'}
            data-testid="chat-card-status"
          >
            {t(`${statusKeyOf(card.kind)}.${status}`, status)}
          </Tag>
        ) : null}
      </Space>
      {card.title ? (
        <div>
          <Typography.Text type="secondary">{card.title}</Typography.Text>
        </div>
      ) : null}
      {view.link ? (
        <Button
          type="link"
          size="small"
          icon={<EnvironmentOutlined />}
          onClick={open}
          style={{ padding: 0 }}
          data-testid="chat-card-open"
        >
          {t('openOnMap')}
        </Button>
      ) : null}
    </div>
  );
}

export function MessageBody({ contentType, content }: { contentType: ChatContentType; content: string }) {
  const { t } = useTranslation(NS);
  if (contentType === 'image') {
    const img = parseChatImage(content);
    if (!img) return <Typography.Text type="secondary">[{t('image')}]</Typography.Text>;
    const box = fitBox(img.width, img.height);
    return (
      <Image
        src={img.thumbPath ?? img.path}
        preview={{ src: img.path }}
        width={box.width}
        height={box.height}
        alt={t('imageAlt')}
        data-testid="chat-image"
        style={{ objectFit: 'cover', borderRadius: 4 }}
      />
    );
  }
  if (contentType === 'card') {
    const card = parseChatCard(content);
    return card ? (
      <CardView card={card} />
    ) : (
      <Typography.Text type="secondary">[{t('card')}]</Typography.Text>
    );
  }
  return (
    <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="chat-text">
      <EmojiText text={content} />
    </span>
  );
}

export interface BubbleProps {
  mine: boolean;
  contentType: ChatContentType;
  content: string;
  time: number;
  state?: 'sending' | 'failed';
  error?: string;
  onRetry?: () => void;
  onDiscard?: () => void;
  seq?: number;
}

export function Bubble({
  mine,
  contentType,
  content,
  time,
  state,
  error,
  onRetry,
  onDiscard,
  seq,
}: BubbleProps) {
  const { t } = useTranslation(NS);
  return (
    <div
      data-testid="chat-message"
      data-mine={mine ? '1' : '0'}
      data-state={state ?? 'sent'}
      data-seq={seq}
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: mine ? 'flex-end' : 'flex-start',
        margin: '6px 0',
      }}
    >
      <Typography.Text type="secondary" style={{ fontSize: 11 }}>
        {formatDate(time, 'MM-DD HH:mm:ss')}
      </Typography.Text>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 6,
          flexDirection: mine ? 'row-reverse' : 'row',
          maxWidth: '100%',
        }}
      >
        <div
          style={{
            background: contentType === 'text' ? (mine ? '#d6ecff' : '#f2f3f5') : 'transparent',
            borderRadius: 6,
            padding: contentType === 'text' ? '6px 10px' : 0,
            maxWidth: 'min(320px, 100%)',
          }}
        >
          <MessageBody contentType={contentType} content={content} />
        </div>
        {state === 'sending' ? <Spin size="small" aria-label={t('sending')} /> : null}
        {state === 'failed' ? (
          <span data-testid="chat-not-sent" title={error}>
            <ExclamationCircleFilled style={{ color: '#cf1322' }} /> {t('notSent')}{' '}
            <Button
              size="small"
              type="link"
              onClick={onRetry}
              data-testid="chat-retry"
              style={{ padding: 0 }}
            >
              {t('retry')}
            </Button>{' '}
            <Button size="small" type="link" danger onClick={onDiscard} style={{ padding: 0 }}>
              {t('discard')}
            </Button>
          </span>
        ) : null}
      </div>
    </div>
  );
}
