// bt/citizen/feedback — the citizens' feedback and its thread; staff with the reply button answer,
// and the citizen sees the answer on their phone (feedback-reply). Text is shown as text. Live: a
// feedback created, answered or rated anywhere (socket `citizenFeedbackChange`) reloads the list
// and the open thread.
import { useEffect, useRef, useState } from 'react';
import { Button, Input, Space, Tag } from 'antd';
import Card from 'antd/es/card';
import Drawer from 'antd/es/drawer';
import Select from 'antd/es/select';
import message from 'antd/es/message';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  Auth,
  formatDateTime,
  request,
  usePagedList,
  type Paged,
  type RemotePageProps,
} from '@lighting/shared';
import { on } from '@lighting/shared/realtime';
import { PhotoThumbs } from '@lighting/shared/ui';
import type { ApiData, ApiRow } from '@lighting/shared/api';
import './i18n';

// what the console's feedback calls answer, generated from the server's schemas (citizen/responses.ts)
type Row = ApiRow<'/api/citizen/feedback', 'get'>;
type Thread = ApiData<'/api/citizen/feedback/{id}', 'get'>;

interface Query {
  currentPage: number;
  pageSize: number;
  state?: string;
  kind?: string;
  keyword?: string;
}

const fetchPage = (q: Query) => request<Paged<Row>>({ url: '/citizen/feedback', params: q });

export default function FeedbackAdmin(_props: RemotePageProps) {
  const { t } = useTranslation('citizen');
  const list = usePagedList<Row, Query>(fetchPage, {});
  const [keyword, setKeyword] = useState('');
  const [thread, setThread] = useState<Thread | null>(null);
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);

  const open = async (id: string) => {
    setThread((await request<Thread>({ url: `/citizen/feedback/${id}` })).data);
    setReply('');
  };
  // what a push reloads: the page of the list as it is searched, and the thread open in the drawer
  const live = useRef({ list, thread });
  live.current = { list, thread };
  useEffect(() => {
    const sub = on('citizenFeedbackChange').subscribe((m) => {
      void live.current.list.reload();
      const shown = live.current.thread;
      if (shown && shown.id === m.id)
        void request<Thread>({ url: `/citizen/feedback/${shown.id}` }).then(
          (r) => setThread((t) => (t?.id === r.data.id ? r.data : t)),
          () => undefined,
        );
    });
    return () => sub.unsubscribe();
  }, []);
  const send = async () => {
    if (!thread || !reply.trim()) return;
    setBusy(true);
    try {
      const r = await request<Thread>({
        url: `/citizen/feedback/${thread.id}/replies`,
        method: 'POST',
        data: { content: reply },
      });
      setThread(r.data);
      setReply('');
      void message.success(t('replySent'));
      void list.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('feedbackTitle')} data-testid="citizen-feedback-admin">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={t('state')}
          aria-label={t('state')}
          options={[
            { value: 'pending', label: t('pending') },
            { value: 'replied', label: t('replied') },
          ]}
          onChange={(v: string | undefined) => list.search({ state: v })}
        />
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={t('kind')}
          aria-label={t('kind')}
          options={[
            { value: 'suggestion', label: t('suggestion') },
            { value: 'complaint', label: t('complaint') },
          ]}
          onChange={(v: string | undefined) => list.search({ kind: v })}
        />
        <Input.Search
          allowClear
          placeholder={t('keyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => list.search({ keyword: v || undefined })}
          enterButton={t('search')}
        />
      </Space>
      <Table<Row>
        rowKey="id"
        size="middle"
        {...list.table}
        columns={[
          {
            title: t('kind'),
            dataIndex: 'kind',
            width: 90,
            render: (k: string) => <Tag color={k === 'complaint' ? 'error' : 'processing'}>{t(k)}</Tag>,
          },
          { title: t('title'), dataIndex: 'title' },
          {
            title: t('state'),
            dataIndex: 'state',
            width: 100,
            render: (s: string) => (
              <Tag color={s === 'replied' ? 'success' : 'warning'}>
                {t(s === 'replied' ? 'replied' : 'pending')}
              </Tag>
            ),
          },
          {
            title: t('createdAt'),
            dataIndex: 'createdAt',
            width: 170,
            render: (v: number) => formatDateTime(v),
          },
          {
            title: t('satisfaction'),
            dataIndex: 'satisfaction',
            width: 90,
            render: (v: number | null) => (v ? '★'.repeat(v) : ''),
          },
          {
            title: '',
            width: 80,
            render: (_: unknown, r: Row) => (
              <Button size="small" onClick={() => void open(r.id)} data-testid={`feedback-open-${r.id}`}>
                {t('open')}
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        open={!!thread}
        width={520}
        title={thread?.title}
        onClose={() => setThread(null)}
        destroyOnHidden
      >
        {thread ? (
          <div data-testid="citizen-feedback-thread">
            <p>
              <Tag>{t(thread.kind)}</Tag> {t('author')}: {thread.author || '—'} ·{' '}
              {formatDateTime(thread.createdAt)}
            </p>
            <div style={{ whiteSpace: 'pre-wrap', background: '#f6ffed', padding: 12, borderRadius: 8 }}>
              {thread.content}
            </div>
            <PhotoThumbs urls={thread.photos} style={{ marginTop: 8 }} />
            {thread.replies.map((r) => (
              <div
                key={r.id}
                style={{
                  whiteSpace: 'pre-wrap',
                  background: r.authorKind === 'staff' ? '#e6f4ff' : '#f6ffed',
                  padding: 12,
                  borderRadius: 8,
                  marginTop: 8,
                }}
              >
                <div style={{ color: '#595959', fontSize: 12 }}>
                  {r.authorKind === 'staff' ? t('staff') : t('citizen')} {r.authorName} ·{' '}
                  {formatDateTime(r.createdAt)}
                </div>
                {r.content}
              </div>
            ))}
            <Auth code="btn_reply">
              <Input.TextArea
                style={{ marginTop: 12 }}
                rows={4}
                maxLength={2000}
                value={reply}
                placeholder={t('replyPlaceholder')}
                onChange={(e) => setReply(e.target.value)}
                data-testid="citizen-feedback-reply-text"
              />
              <Button
                type="primary"
                style={{ marginTop: 8 }}
                loading={busy}
                disabled={!reply.trim()}
                onClick={() => void send()}
                data-testid="citizen-feedback-reply-send"
              >
                {t('reply')}
              </Button>
            </Auth>
          </div>
        ) : null}
      </Drawer>
    </Card>
  );
}
