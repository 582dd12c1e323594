// system/log — sign-ins, requests and errors: a tab per category, filters (time span, keyword),
// server paging; clearing a category (btn_remove) asks first. 异常日志 lists one row per distinct
// error (browsers' uncaught errors and the server's own, spec §8) with its count, first and last
// seen; a row opens to the stacks and the component information.
import { useState } from 'react';
import { Button, Input, Tag, type TableColumnsType } from 'antd';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import {
  Auth,
  ipPlaceName,
  logSummaryIn,
  request,
  toast,
  usePagedList,
  type RemotePageProps,
} from '@lighting/shared';
import { ListFrame, useConfirm } from '@lighting/shared/admin';
import type { ApiData } from '@lighting/shared/api';
import { paged, urls, type ListQuery, type LogRow } from '../api';
import { formatDuration, formatTime } from '../logic/format';
import { rangeQuery } from '../logic/logRange';
import '../i18n';

const CATEGORIES = [1, 5, 4] as const;
type Category = (typeof CATEGORIES)[number];

const fetchLogs = paged<LogRow>(urls.log);

function LogTab({ category }: { category: Category }) {
  const { t, i18n } = useTranslation('system');
  const list = usePagedList<LogRow, ListQuery>(fetchLogs, { keyword: '', category });
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const confirm = useConfirm();

  const apply = (f: string, tt: string) => {
    setFrom(f);
    setTo(tt);
    list.setQuery((q) => {
      const { startTime: _s, endTime: _e, ...rest } = q;
      return { ...rest, ...rangeQuery(f, tt), currentPage: 1 };
    });
  };

  const clear = () =>
    confirm(async () => {
      const res = await request<ApiData<'/api/system/Log', 'delete'>>({
        url: urls.log,
        method: 'delete',
        data: { category },
      });
      toast('success', res.msg);
      list.reload();
    }, t('confirmClearLog'));

  const errorColumns: TableColumnsType<LogRow> = [
    { key: 'lastSeen', dataIndex: 'lastSeen', title: t('lastSeen'), render: formatTime, width: 170 },
    { key: 'userName', dataIndex: 'userName', title: t('logUser'), width: 140 },
    { key: 'requestUrl', dataIndex: 'requestUrl', title: t('errorPage'), ellipsis: true },
    { key: 'abstracts', dataIndex: 'abstracts', title: t('errorMessage'), ellipsis: true },
    { key: 'count', dataIndex: 'count', title: t('errorCount'), width: 80, align: 'right' },
    { key: 'creatorTime', dataIndex: 'creatorTime', title: t('firstSeen'), render: formatTime, width: 170 },
    {
      key: 'source',
      title: t('errorSource'),
      width: 160,
      render: (_: unknown, r: LogRow) =>
        [r.detail?.source ? t(`errorSourceName.${r.detail.source}`) : '', r.detail?.app ?? '']
          .filter(Boolean)
          .join(' · '),
    },
  ];
  const columns: TableColumnsType<LogRow> =
    category === 4
      ? errorColumns
      : [
          { key: 'creatorTime', dataIndex: 'creatorTime', title: t('logTime'), render: formatTime },
          { key: 'userName', dataIndex: 'userName', title: t('logUser') },
          { key: 'ipAddress', dataIndex: 'ipAddress', title: t('ipAddress') },
          {
            key: 'ipAddressName',
            dataIndex: 'ipAddressName',
            title: t('ipAddressName'),
            render: (v: string) => ipPlaceName(v, i18n.language),
          },
          ...(category === 1
            ? []
            : ([
                {
                  key: 'requestMethod',
                  dataIndex: 'requestMethod',
                  title: t('requestMethod'),
                  render: (m: string) => (m ? <Tag>{m}</Tag> : ''),
                },
                { key: 'requestUrl', dataIndex: 'requestUrl', title: t('requestUrl'), ellipsis: true },
                { key: 'duration', dataIndex: 'duration', title: t('duration'), render: formatDuration },
              ] as TableColumnsType<LogRow>)),
          {
            key: 'abstracts',
            dataIndex: 'abstracts',
            title: t('abstracts'),
            ellipsis: true,
            render: (v: string) => logSummaryIn(v, i18n.language),
          },
        ];
  const errorDetail = (r: LogRow) => (
    <div data-testid="error-detail">
      {(
        [
          ['errorStack', r.detail?.stack],
          ['componentStack', r.detail?.componentStack],
          ['userAgent', r.detail?.userAgent],
        ] as const
      )
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k}>
            <strong>{t(k)}</strong>
            <pre
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: '4px 0 12px', fontSize: 12 }}
            >
              {v}
            </pre>
          </div>
        ))}
    </div>
  );

  return (
    <ListFrame<LogRow, ListQuery>
      list={list}
      columns={columns}
      onReset={() => apply('', '')}
      filters={
        <>
          <Input
            type="datetime-local"
            value={from}
            onChange={(e) => apply(e.target.value, to)}
            style={{ width: 200 }}
            aria-label={t('from')}
          />
          <span>~</span>
          <Input
            type="datetime-local"
            value={to}
            onChange={(e) => apply(from, e.target.value)}
            style={{ width: 200 }}
            aria-label={t('to')}
          />
        </>
      }
      toolbar={
        <Auth code="btn_remove">
          <Button danger onClick={() => void clear()}>
            {t('clearLog')}
          </Button>
        </Auth>
      }
      testId={`log-list-${category}`}
      {...(category === 4 ? { tableProps: { expandable: { expandedRowRender: errorDetail } } } : {})}
    />
  );
}

export default function SystemLog(_props: RemotePageProps) {
  const { t } = useTranslation('system');
  const names: Record<Category, string> = { 1: t('loginLog'), 5: t('requestLog'), 4: t('errorLog') };
  return (
    <Tabs
      destroyOnHidden
      items={CATEGORIES.map((c) => ({ key: String(c), label: names[c], children: <LogTab category={c} /> }))}
      data-testid="log-tabs"
    />
  );
}
