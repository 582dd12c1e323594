// The history panel: 50 a page from the first message on, searched by text, more loaded when the list
// is scrolled within 100 px of its bottom; pages merged by id, so no message is shown twice.
import { Empty, Input, Spin, Typography } from 'antd';
import Drawer from 'antd/es/drawer';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS, mergeMessages, type ChatMessage } from '@lighting/shared/core';
import { listMessages } from '@lighting/shared/realtime';
import { NS } from '../i18n';
import { nearBottom } from '../model/scroll';
import { Bubble } from './MessageItem';

export function HistoryPanel({
  open,
  onClose,
  self,
  peer,
  getContainer,
}: {
  open: boolean;
  onClose: () => void;
  self: string;
  peer: string;
  getContainer?: () => HTMLElement;
}) {
  const { t } = useTranslation(NS);
  const [keyword, setKeyword] = useState('');
  const [list, setList] = useState<readonly ChatMessage[]>([]);
  const [more, setMore] = useState(true);
  const [busy, setBusy] = useState(false);
  const state = useRef({ key: 0, busy: false, more: true, list: [] as readonly ChatMessage[] });

  const loadMore = useCallback(() => {
    const s = state.current;
    if (s.busy || !s.more) return;
    s.busy = true;
    setBusy(true);
    const key = s.key;
    const after = s.list[s.list.length - 1]?.seq ?? 0;
    void listMessages({
      toUserId: peer,
      pageSize: CHAT_LIMITS.historyPage,
      sord: 'asc',
      afterSeq: after,
      ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
    })
      .then(({ list: page, hasMore }) => {
        if (key !== state.current.key) return;
        s.list = mergeMessages(s.list, page);
        s.more = hasMore;
        setList(s.list);
        setMore(hasMore);
      })
      .finally(() => {
        if (key !== state.current.key) return;
        s.busy = false;
        setBusy(false);
      });
  }, [peer, keyword]);

  // A new search (or a new peer) starts from the first page.
  useEffect(() => {
    if (!open) return;
    state.current = { key: state.current.key + 1, busy: false, more: true, list: [] };
    setList([]);
    setMore(true);
    loadMore();
  }, [open, loadMore]);

  const onScroll = (e: React.UIEvent<HTMLDivElement>) => {
    if (nearBottom(e.currentTarget, CHAT_LIMITS.historyThresholdPx)) loadMore();
  };

  return (
    <Drawer
      title={t('history')}
      open={open}
      onClose={onClose}
      width={360}
      getContainer={getContainer}
      rootStyle={getContainer ? { position: 'absolute' } : undefined}
      styles={{ body: { padding: 8, display: 'flex', flexDirection: 'column' } }}
      data-testid="chat-history"
    >
      <Input.Search
        placeholder={t('historySearch')}
        allowClear
        onSearch={(v) => setKeyword(v)}
        data-testid="chat-history-search"
        aria-label={t('historySearch')}
      />
      <div
        onScroll={onScroll}
        style={{ flex: 1, overflowY: 'auto', marginTop: 8 }}
        data-testid="chat-history-list"
      >
        {list.map((m) => (
          <Bubble
            key={m.id}
            mine={m.sendUserId === self}
            contentType={m.contentType}
            content={m.content}
            time={m.sendTime}
            seq={m.seq}
          />
        ))}
        {busy ? <Spin style={{ display: 'block', margin: 8 }} /> : null}
        {!busy && list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
        ) : null}
        {!busy && !more && list.length > 0 ? (
          <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center', fontSize: 12 }}>
            {t('noMore')}
          </Typography.Text>
        ) : null}
      </div>
    </Drawer>
  );
}
