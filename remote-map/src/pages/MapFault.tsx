// bt/map/fault — fault judgement and analysis: faults red on the map with the list beside,
// shared-cause judgement (suspected upstream element shown on the map), fault history per asset or
// district, and a repair order from a fault.
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, List, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Auth, formatDateTime, toast, type RemotePageProps } from '@lighting/shared';
import { on } from '@lighting/shared/realtime';
import { MapCanvas } from '../map/MapCanvas';
import { AssetDrawer } from '../map/AssetPanel';
import {
  mapApi,
  type District,
  type Fault,
  type FaultHistory,
  type Paged,
  type SharedCause,
} from '../map/api';
import type { CityMap } from '../map/cityMap';
import { faultMarkers } from '../map/faultList';
import { monthSeries, ratioText, suspectedMarker } from '../map/analysis';

type FaultStatus = 'open' | 'closed' | 'all';

function History({ history, title }: { history: FaultHistory; title: string }) {
  const { t } = useTranslation('map');
  return (
    <div data-testid="fault-history">
      <Typography.Text strong>{title}</Typography.Text>
      <div style={{ margin: '8px 0' }}>
        {t('total')}: {history.total} · {t('open')}: {history.open}
      </div>
      <Typography.Text type="secondary">{t('byType')}</Typography.Text>
      <div style={{ margin: '4px 0 8px' }}>
        {history.byType.map((b) => (
          <Tag key={b.typeCode}>
            {b.faultType} {b.count}
          </Tag>
        ))}
      </div>
      <Typography.Text type="secondary">{t('byMonth')}</Typography.Text>
      <div style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: 60, margin: '4px 0 8px' }}>
        {monthSeries(history).map((m) => {
          const max = Math.max(1, ...history.byMonth.map((x) => x.count));
          return (
            <div
              key={m.month}
              title={`${m.month}: ${m.count}`}
              style={{ flex: 1, background: '#e6373a', height: `${(m.count / max) * 100}%`, minHeight: 1 }}
            />
          );
        })}
      </div>
      <List
        size="small"
        dataSource={history.list}
        renderItem={(f) => (
          <List.Item>
            {f.assetCode} · {f.faultType} · {formatDateTime(f.reportedAt)}
            {f.closedAt ? <Tag style={{ marginLeft: 8 }}>{t('closed')}</Tag> : null}
          </List.Item>
        )}
      />
    </div>
  );
}

export default function MapFault(_props: RemotePageProps) {
  const { t } = useTranslation('map');
  const [map, setMap] = useState<CityMap | null>(null);
  const [districts, setDistricts] = useState<District[]>([]);
  const [query, setQuery] = useState({
    status: 'open' as FaultStatus,
    district: '',
    currentPage: 1,
    pageSize: 20,
  });
  const [page, setPage] = useState<Paged<Fault>>({
    list: [],
    pagination: { currentPage: 1, pageSize: 20, total: 0 },
  });
  const [loading, setLoading] = useState(false);
  const [causes, setCauses] = useState<SharedCause[] | null>(null);
  const [history, setHistory] = useState<{ title: string; data: FaultHistory } | null>(null);
  const [selected, setSelected] = useState<number | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    mapApi
      .faults(query)
      .then(setPage, () => undefined)
      .finally(() => setLoading(false));
  }, [query]);
  useEffect(load, [load]);
  useEffect(() => {
    mapApi.districts().then(setDistricts, () => undefined);
  }, []);
  // live: a fault created or closed anywhere reloads the page of the list
  useEffect(() => {
    const sub = on('mapFaultChange').subscribe(() => load());
    return () => sub.unsubscribe();
  }, [load]);
  useEffect(() => map?.setMarkers('faults', faultMarkers(page.list.filter((f) => !f.closedAt))), [map, page]);

  const analyse = async () => {
    const list = await mapApi.sharedCauses(query.district || undefined);
    setCauses(list);
    map?.setMarkers('suspected', list.map(suspectedMarker));
  };
  const showCause = async (c: SharedCause) => {
    await map?.highlight(c.assetIds, c.suspected.layer === 1 ? [c.suspected.objectid] : []);
    map?.setMarkers('suspected', [suspectedMarker(c)]);
    const g = c.suspected.geometry as { x?: number; y?: number; paths?: number[][][] };
    const first = g.paths?.[0]?.[0];
    if (typeof g.x === 'number' && typeof g.y === 'number') void map?.zoomToPoint(g.x, g.y, 6000);
    else if (first) void map?.zoomToPoint(first[0]!, first[1]!, 6000);
  };
  const showHistory = async (p: { assetId?: number; district?: string }, name: string) => {
    const data = await mapApi.faultHistory({ ...p, days: 365 });
    setHistory({ title: t('historyOf', { name, days: 365 }), data });
  };
  const createOrder = async (f: Fault) => {
    const order = await mapApi.createOrder({ faultId: f.id });
    toast('success', t('orderCreated', { billNo: order.billNo }));
    load();
  };

  const columns = [
    {
      dataIndex: 'assetCode',
      title: t('asset'),
      render: (v: string, f: Fault) => (
        <Button
          type="link"
          size="small"
          onClick={() => {
            setSelected(f.assetId);
            void map?.highlight([f.assetId]);
            void map?.zoomToPoint(f.x, f.y);
          }}
        >
          {v}
        </Button>
      ),
    },
    { dataIndex: 'faultType', title: t('faultType'), render: (v: string) => <Tag color="red">{v}</Tag> },
    { dataIndex: 'urgency', title: t('urgency'), render: (v: number) => t(`urgencyLevel.${v}`) },
    { dataIndex: 'district', title: t('district') },
    { dataIndex: 'reportedAt', title: t('reportedAt'), render: (v: number) => formatDateTime(v) },
    {
      key: 'ops',
      title: '',
      render: (_: unknown, f: Fault) => (
        <Space size={0}>
          <Button
            size="small"
            type="link"
            onClick={() => void showHistory({ assetId: f.assetId }, f.assetCode)}
          >
            {t('history')}
          </Button>
          {!f.closedAt && !f.orderId ? (
            <Auth code="btn_add">
              <Button
                size="small"
                type="link"
                onClick={() => void createOrder(f)}
                data-testid="fault-create-order"
              >
                {t('createOrder')}
              </Button>
            </Auth>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div style={{ display: 'flex', gap: 12, height: 'calc(100vh - 190px)' }} data-testid="map-fault">
      <Card size="small" style={{ width: 560, overflow: 'auto' }}>
        <Tabs
          items={[
            {
              key: 'list',
              label: t('faults'),
              children: (
                <>
                  <Space wrap style={{ marginBottom: 8 }}>
                    <Select<FaultStatus>
                      style={{ width: 110 }}
                      value={query.status}
                      onChange={(status) => setQuery((q) => ({ ...q, status, currentPage: 1 }))}
                      options={(['open', 'closed', 'all'] as const).map((v) => ({ value: v, label: t(v) }))}
                    />
                    <Select
                      style={{ width: 140 }}
                      allowClear
                      placeholder={t('allDistricts')}
                      value={query.district || undefined}
                      onChange={(d?: string) =>
                        setQuery((q) => ({ ...q, district: d ?? '', currentPage: 1 }))
                      }
                      options={districts.map((d) => ({ value: d.name, label: d.name }))}
                    />
                    {query.district ? (
                      <Button onClick={() => void showHistory({ district: query.district }, query.district)}>
                        {t('history')}
                      </Button>
                    ) : null}
                  </Space>
                  <Table<Fault>
                    rowKey="id"
                    size="small"
                    loading={loading}
                    columns={columns}
                    dataSource={page.list}
                    data-testid="fault-list"
                    locale={{ emptyText: t('none') }}
                    pagination={{
                      current: page.pagination.currentPage,
                      pageSize: page.pagination.pageSize,
                      total: page.pagination.total,
                      onChange: (currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize })),
                    }}
                  />
                  {history ? <History history={history.data} title={history.title} /> : null}
                </>
              ),
            },
            {
              key: 'analysis',
              label: t('analysis'),
              children: (
                <>
                  <Button type="primary" onClick={() => void analyse()} data-testid="fault-analyse">
                    {t('analyze')}
                  </Button>
                  <List
                    size="small"
                    style={{ marginTop: 8 }}
                    dataSource={causes ?? []}
                    locale={{ emptyText: causes ? t('noSharedCause') : ' ' }}
                    data-testid="shared-causes"
                    renderItem={(c) => (
                      <List.Item style={{ cursor: 'pointer' }} onClick={() => void showCause(c)}>
                        <div>
                          <Tag color="magenta">{t(`groupBy.${c.groupBy}`)}</Tag>
                          {c.key} · {t('faultCount')} {ratioText(c)}
                          <div>
                            {t('suspected')}:{' '}
                            {t(`kind.${c.suspected.kind}`, { defaultValue: c.suspected.kind })}{' '}
                            {c.suspected.code}
                          </div>
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {c.reason}
                          </Typography.Text>
                        </div>
                      </List.Item>
                    )}
                  />
                </>
              ),
            },
          ]}
        />
      </Card>
      <div style={{ flex: 1, minWidth: 0 }}>
        <MapCanvas onReady={setMap} onSelect={(hit) => hit.layer === 0 && setSelected(hit.objectid)} />
      </div>
      <AssetDrawer objectid={selected} map={map} onClose={() => setSelected(null)} />
    </div>
  );
}
