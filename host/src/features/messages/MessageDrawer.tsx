// The message drawer (站内消息, spec §2): my messages, loading 10 more when scrolled within 200 px
// of the bottom, 全部已读 with confirmation, a 消息中心 link; clicking one opens it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Badge, Button, Empty, Space, Spin, Tag, Typography } from 'antd';
import Drawer from 'antd/es/drawer';
import List from 'antd/es/list';
import { useTranslation } from 'react-i18next';
import { formatDate, Link, shownMessageTitle } from '@lighting/shared';
import { listMessages, readAllMessages } from './api';
import { countRules, useUnread } from './counts';
import {
  appendPage,
  isFinished,
  isUnread,
  markAllRead,
  markRead,
  MESSAGE_PAGE_SIZE,
  nearBottom,
  typeKey,
  type MessageItem,
} from './rules';
import { useMessageOpener } from './MessageView';
import { NS } from './i18n';
import './i18n';

export const DRAWER_WIDTH = 280;

export function MessageDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation(NS);
  const { modal, message } = App.useApp();
  const [list, setList] = useState<MessageItem[]>([]);
  const [page, setPage] = useState(0);
  const [finished, setFinished] = useState(false);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);
  const generation = useRef(0);

  const load = useCallback(async (currentPage: number) => {
    if (busy.current && currentPage > 1) return;
    busy.current = true;
    const gen = currentPage === 1 ? ++generation.current : generation.current;
    setLoading(true);
    try {
      const res = await listMessages({ currentPage, pageSize: MESSAGE_PAGE_SIZE });
      if (gen !== generation.current) return;
      const rows = res.data?.list ?? [];
      setList((cur) => (currentPage === 1 ? rows : appendPage(cur, rows)));
      setPage(currentPage);
      setFinished(isFinished(rows.length, MESSAGE_PAGE_SIZE));
    } catch {
      /* the client showed the server's message */
    } finally {
      if (gen === generation.current) {
        busy.current = false;
        setLoading(false);
      }
    }
  }, []);

  useEffect(() => {
    if (open) void load(1);
  }, [open, load]);

  // A push while the drawer is open brings the new message to the top of the list.
  useEffect(() => {
    if (!open) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('@lighting/shared/realtime').then(({ on }) => {
      if (cancelled) return;
      const sub = on('messagePush').subscribe(() => void load(1));
      stop = () => sub.unsubscribe();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [open, load]);

  const onScroll = (e: React.UIEvent<HTMLDivElement>) => {
    if (!finished && !busy.current && nearBottom(e.currentTarget)) void load(page + 1);
  };

  const { open: openMessage, modal: noticeModal } = useMessageOpener({
    onRead: (id) => setList((cur) => markRead(cur, id)),
    onNavigate: onClose,
  });

  const readAll = () =>
    modal.confirm({
      title: t('tip'),
      content: t('confirmReadAll'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        const res = await readAllMessages();
        useUnread.setState((c) => countRules.readAll(c));
        setList((cur) => markAllRead(cur));
        if (res.msg) void message.success(res.msg);
      },
    });

  return (
    <>
      <Drawer
        title={t('title')}
        open={open}
        onClose={onClose}
        size={DRAWER_WIDTH}
        styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
        data-testid="message-drawer"
      >
        {/* the actions sit under the title: in the 280 px drawer (spec §9) they would squeeze it */}
        <div
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 8,
            padding: '8px 12px',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Button
            size="small"
            type="link"
            onClick={readAll}
            data-testid="message-read-all"
            style={{ paddingInline: 0 }}
          >
            {t('readAll')}
          </Button>
          <Link to="/messageRecord" onClick={onClose} data-testid="message-center">
            {t('center')}
          </Link>
        </div>
        <div
          style={{ flex: 1, overflowY: 'auto', padding: '0 12px' }}
          onScroll={onScroll}
          data-testid="message-scroll"
        >
          {list.length === 0 && !loading ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
          ) : (
            <List<MessageItem>
              dataSource={list}
              renderItem={(m) => (
                <List.Item
                  key={m.id}
                  onClick={() => void openMessage(m)}
                  style={{ cursor: 'pointer' }}
                  data-testid="message-item"
                  data-read={isUnread(m) ? '0' : '1'}
                >
                  <List.Item.Meta
                    title={
                      <Space size={6}>
                        <Badge status={isUnread(m) ? 'error' : 'default'} />
                        <Typography.Text strong={isUnread(m)} ellipsis style={{ maxWidth: 180 }}>
                          {shownMessageTitle(m, i18n.language)}
                        </Typography.Text>
                      </Space>
                    }
                    description={
                      <Space size={4} wrap>
                        <Tag color={Number(m.type) === 1 ? 'processing' : 'success'}>
                          {t(typeKey(m.type))}
                        </Tag>
                        <span>{m.creatorUser}</span>
                        <span>{formatDate(m.lastModifyTime)}</span>
                      </Space>
                    }
                  />
                </List.Item>
              )}
            />
          )}
          <div style={{ textAlign: 'center', padding: 8, color: '#767676' }}>
            {loading ? <Spin size="small" /> : finished && list.length > 0 ? t('noMore') : null}
          </div>
        </div>
      </Drawer>
      {noticeModal}
    </>
  );
}
