// bt/map/fault — fault judgement and analysis: faults red on the map with the list beside,
// shared-cause judgement (suspected upstream element shown on the map), fault history per asset or
// district, and a repair order from a fault.
import { useCallback, useEffect, useState } from 'react';
import { Button, Input, Space, Tag, Typography } from 'antd';
import Card from 'antd/es/card';
import List from 'antd/es/list';
import Select from 'antd/es/select';
import Table, { type ColumnType } from 'antd/es/table';
import Descriptions from 'antd/es/descriptions';
import { PanelDrawer } from '../map/PanelDrawer';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import {
  Auth,
  formatDate,
  formatDateTime,
  toast,
  useDictionaryName,
  type RemotePageProps,
} from '@lighting/shared';
import { on } from '@lighting/shared/realtime';
import { PhotoThumbs } from '@lighting/shared/ui';
import { MapCanvas } from '../map/MapCanvas';
import { showAsset } from '../map/focus';
import { ASSET_PANEL_WIDTH, AssetDrawer } from '../map/AssetPanel';
import { CitizenReportInfo } from '../map/CitizenReport';
import { UnplacedReports } from '../map/UnplacedReports';
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
import { useLinkedItem } from '../map/useLinkedItem';
import { fitColumns } from '../map/table';
import {
  buttonColumnWidth,
  fitPriorityColumns,
  minPanelWidth,
  type PriorityColumn,
} from '../map/panelLayout';
import { SplitPane } from '../map/SplitPane';
import { causeTexts, monthChart, monthSeries, ratioText, showText, suspectedMarker } from '../map/analysis';
import { boundsOf } from '../map/overview';
import { faultTypeName } from '../map/faultTypeName';

type FaultStatus = 'open' | 'closed' | 'all';

/** A small card's body padding (12 px each side) and border: what the panel's table does not get. */
const PANEL_CHROME = 26;
/** The fault list's expand column (a citizen's words and photos). */
const EXPAND_COLUMN = 40;

const PLOT = { width: 460, height: 110, left: 34, top: 16, bottom: 22, right: 6 };

/** The monthly counts as bars over a month axis, with a 0…max scale and each bar's count. */
function MonthChartView({ series }: { series: Array<{ month: string; count: number }> }) {
  const c = monthChart(series, PLOT.width, PLOT.height);
  const W = PLOT.left + PLOT.width + PLOT.right;
  const H = PLOT.top + PLOT.height + PLOT.bottom;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-label={series.map((m) => `${m.month}: ${m.count}`).join(', ')}
      style={{ display: 'block', maxWidth: W, margin: '4px 0 8px', fontSize: 10 }}
      data-testid="history-chart"
    >
      <g transform={`translate(${PLOT.left},${PLOT.top})`}>
        {c.ticks.map((tk) => (
          <g key={tk.value}>
            <line x1={0} x2={PLOT.width} y1={tk.y} y2={tk.y} stroke="#e5e5e5" />
            <text x={-4} y={tk.y + 3} textAnchor="end" fill="#666">
              {tk.value}
            </text>
          </g>
        ))}
        {c.bars.map((b) => (
          <g key={b.month} data-testid="history-bar" data-month={b.month} data-count={b.count}>
            <title>{`${b.month}: ${b.count}`}</title>
            <rect x={b.x} y={b.y} width={b.width} height={b.height} fill="#e6373a" rx={2} />
            {b.count > 0 ? (
              <text x={b.x + b.width / 2} y={b.y - 3} textAnchor="middle" fill="#333">
                {b.count}
              </text>
            ) : null}
            <text x={b.x + b.width / 2} y={PLOT.height + 14} textAnchor="middle" fill="#666">
              {b.label}
            </text>
          </g>
        ))}
        <line x1={0} x2={PLOT.width} y1={PLOT.height} y2={PLOT.height} stroke="#999" />
      </g>
    </svg>
  );
}

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
            {faultTypeName(t, b.typeCode, b.faultType)} {b.count}
          </Tag>
        ))}
      </div>
      <Typography.Text type="secondary">{t('byMonth')}</Typography.Text>
      <MonthChartView series={monthSeries(history)} />
      <List
        size="small"
        dataSource={history.list}
        renderItem={(f) => (
          <List.Item>
            {f.assetCode} · {faultTypeName(t, f.typeCode, f.faultType)} · {formatDateTime(f.reportedAt)}
            {f.closedAt ? <Tag style={{ marginLeft: 8 }}>{t('closed')}</Tag> : null}
          </List.Item>
        )}
      />
    </div>
  );
}

/** The fault drawer's width (opening it zooms to the asset in the part of the map it leaves). */
const FAULT_DRAWER_WIDTH = 380;

export default function MapFault(_props: RemotePageProps) {
  const { t } = useTranslation('map');
  const [map, setMap] = useState<CityMap | null>(null);
  const [districts, setDistricts] = useState<District[]>([]);
  const districtName = useDictionaryName('district');
  const [query, setQuery] = useState({
    status: 'open' as FaultStatus,
    district: '',
    keyword: '',
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
  const [tab, setTab] = useState('list');
  const [selected, setSelected] = useState<number | null>(null);
  // the fault whose drawer is open (opened from its asset code)
  const [detail, setDetail] = useState<Fault | null>(null);
  // a link to one fault (a chat card): its asset's drawer, the map centred on it
  const [focus, setFocus] = useState<Fault | null>(null);
  useLinkedItem('fault', (id) => {
    mapApi.fault(id).then(
      (f) => {
        setSelected(f.assetId);
        setFocus(f);
      },
      () => undefined,
    );
  });
  useEffect(() => {
    if (!map || !focus) return;
    showAsset(map, focus, ASSET_PANEL_WIDTH);
  }, [map, focus]);

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
    map?.setMarkers(
      'suspected',
      list.map((c) => suspectedMarker(c)),
    );
  };
  // the suspected element and every lamp it darkened in view (a control box can stand a kilometre
  // from its circuits' lamps: zoomed to the box alone, none of them showed)
  const showCause = async (c: SharedCause) => {
    if (!map) return;
    map.setMarkers('suspected', [suspectedMarker(c, true)]);
    const drawn = await map.highlight(c.assetIds, c.suspected.layer === 1 ? [c.suspected.objectid] : []);
    const g = c.suspected.geometry as { x?: number; y?: number; paths?: number[][][] };
    const first = g.paths?.[0]?.[0];
    const at =
      typeof g.x === 'number' && typeof g.y === 'number'
        ? { x: g.x, y: g.y }
        : first
          ? { x: first[0]!, y: first[1]! }
          : null;
    await map.zoomTo(boundsOf([drawn, at]));
  };
  const showHistory = async (p: { assetId?: number; district?: string }, name: string) => {
    const data = await mapApi.faultHistory({ ...p, days: 365 });
    setHistory({ title: t('historyOf', { name, days: 365 }), data });
    // its own tab, at the top of the panel (below the list it was off screen)
    setTab('history');
  };
  const createOrder = async (f: Fault) => {
    const order = await mapApi.createOrder({ faultId: f.id });
    toast('success', t('orderCreated', { billNo: order.billNo }));
    load();
  };

  const openFault = (f: Fault) => {
    setSelected(null);
    setDetail(f);
    showAsset(map, f, FAULT_DRAWER_WIDTH);
  };

  // the columns by priority (panelLayout.ts): which asset, what fault, how urgent and the order to
  // create are always in view; the report time and the district join while the panel has room; all of
  // it is in the fault's drawer (its asset code opens it)
  const createLabel = t('createOrder');
  const defs: Array<PriorityColumn & { column: ColumnType<Fault> }> = [
    {
      key: 'assetCode',
      priority: 1,
      minWidth: 96,
      header: t('asset'),
      column: {
        dataIndex: 'assetCode',
        render: (v: string, f: Fault) => (
          <Button
            type="link"
            size="small"
            onClick={() => openFault(f)}
            style={{ paddingInline: 0 }}
            data-testid="fault-open"
          >
            {v}
          </Button>
        ),
      },
    },
    {
      key: 'faultType',
      priority: 1,
      minWidth: 110,
      header: t('faultType'),
      column: {
        dataIndex: 'faultType',
        render: (v: string, f: Fault) => (
          <Space size={[2, 2]} wrap>
            <Tag color="red" style={{ marginInlineEnd: 0 }}>
              {faultTypeName(t, f.typeCode, v)}
            </Tag>
            {f.source === 'citizen' ? (
              <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                {t('source.citizen')}
              </Tag>
            ) : null}
            {f.sourceRef ? <Typography.Text type="secondary">{f.sourceRef}</Typography.Text> : null}
          </Space>
        ),
      },
    },
    {
      key: 'urgency',
      priority: 1,
      minWidth: 72,
      header: t('urgency'),
      column: { dataIndex: 'urgency', render: (v: number) => t(`urgencyLevel.${v}`) },
    },
    {
      key: 'reportedAt',
      priority: 2,
      minWidth: 102,
      header: t('reportedAt'),
      column: {
        dataIndex: 'reportedAt',
        render: (v: number) => <span title={formatDateTime(v)}>{formatDate(v, 'MM-DD HH:mm')}</span>,
      },
    },
    {
      key: 'district',
      priority: 3,
      minWidth: 84,
      header: t('district'),
      column: {
        dataIndex: 'district',
        ellipsis: { showTitle: true },
        render: (v: string) => districtName(v),
      },
    },
    {
      key: 'ops',
      priority: 1,
      minWidth: buttonColumnWidth([createLabel]),
      header: t('operation'),
      column: {
        render: (_: unknown, f: Fault) =>
          !f.closedAt && !f.orderId ? (
            <Auth code="btn_add">
              <Button
                size="small"
                type="link"
                style={{ paddingInline: 0 }}
                onClick={() => void createOrder(f)}
                data-testid="fault-create-order"
              >
                {createLabel}
              </Button>
            </Auth>
          ) : null,
      },
    },
  ];
  /** The table's room in a panel `w` px wide: the card's padding and border, the expand column. */
  const tableRoom = (w: number) => w - PANEL_CHROME - EXPAND_COLUMN;
  const columnsIn = (w: number) => {
    const fit = fitPriorityColumns(defs, tableRoom(w));
    const { columns } = fitColumns(
      defs
        .filter((d) => fit.widths[d.key] !== undefined)
        .map((d) => ({ ...d.column, key: d.key, title: d.header, width: fit.widths[d.key] })),
    );
    return columns;
  };
  const limits = {
    min: minPanelWidth(defs, PANEL_CHROME + EXPAND_COLUMN),
    mapMin: 360,
    share: 0.52,
  };

  return (
    <div
      style={{
        display: 'flex',
        gap: 12,
        height: 'calc(100vh - 190px)',
        position: 'relative',
        overflow: 'hidden',
      }}
      data-testid="map-fault"
    >
      <SplitPane
        id="fault"
        limits={limits}
        style={{ flex: 1, height: '100%' }}
        panel={(w) => (
          <Card size="small" style={{ width: w, overflow: 'auto' }} data-testid="fault-panel">
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                {
                  key: 'list',
                  label: t('faults'),
                  children: (
                    <>
                      <Space wrap style={{ marginBottom: 8 }}>
                        <Select<FaultStatus>
                          aria-label={t('faultStatusFilter')}
                          style={{ width: 110 }}
                          value={query.status}
                          onChange={(status) => setQuery((q) => ({ ...q, status, currentPage: 1 }))}
                          options={(['open', 'closed', 'all'] as const).map((v) => ({
                            value: v,
                            label: t(v),
                          }))}
                          data-testid="fault-status"
                        />
                        <Select
                          aria-label={t('district')}
                          style={{ width: 140 }}
                          allowClear
                          placeholder={t('allDistricts')}
                          value={query.district || undefined}
                          onChange={(d?: string) =>
                            setQuery((q) => ({ ...q, district: d ?? '', currentPage: 1 }))
                          }
                          options={districts.map((d) => ({ value: d.name, label: districtName(d.name) }))}
                          data-testid="fault-district"
                        />
                        <Input.Search
                          style={{ width: 220 }}
                          allowClear
                          placeholder={t('faultKeyword')}
                          onSearch={(keyword) =>
                            setQuery((q) => ({ ...q, keyword: keyword.trim(), currentPage: 1 }))
                          }
                          data-testid="fault-keyword"
                        />
                        {query.district ? (
                          <Button
                            onClick={() => void showHistory({ district: query.district }, query.district)}
                            data-testid="fault-district-history"
                          >
                            {t('history')}
                          </Button>
                        ) : null}
                      </Space>
                      <Table<Fault>
                        rowKey="id"
                        size="small"
                        loading={loading}
                        columns={columnsIn(w)}
                        tableLayout="fixed"
                        dataSource={page.list}
                        expandable={{
                          // a citizen's words and photos (shown as text and images, never as HTML), with the report's
                          // reference, support count and private contact
                          rowExpandable: (f) =>
                            !!f.description || !!f.photos?.length || f.source === 'citizen',
                          expandedRowRender: (f) => (
                            <div data-testid="fault-detail">
                              {f.description ? (
                                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}>
                                  {f.description}
                                </Typography.Paragraph>
                              ) : null}
                              <PhotoThumbs urls={f.photos ?? []} />
                              {f.source === 'citizen' ? <CitizenReportInfo faultId={f.id} /> : null}
                            </div>
                          ),
                        }}
                        data-testid="fault-list"
                        locale={{ emptyText: t('none') }}
                        pagination={{
                          current: page.pagination.currentPage,
                          pageSize: page.pagination.pageSize,
                          total: page.pagination.total,
                          onChange: (currentPage, pageSize) =>
                            setQuery((q) => ({ ...q, currentPage, pageSize })),
                        }}
                      />
                    </>
                  ),
                },
                {
                  key: 'unplaced',
                  label: t('unplaced.tab'),
                  children: <UnplacedReports onPlaced={load} />,
                },
                ...(history
                  ? [
                      {
                        key: 'history',
                        label: t('history'),
                        children: <History history={history.data} title={history.title} />,
                      },
                    ]
                  : []),
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
                            <CauseItem cause={c} />
                          </List.Item>
                        )}
                      />
                    </>
                  ),
                },
              ]}
            />
          </Card>
        )}
      >
        <MapCanvas onReady={setMap} onSelect={(hit) => hit.layer === 0 && setSelected(hit.objectid)} />
      </SplitPane>
      <AssetDrawer objectid={selected} map={map} onClose={() => setSelected(null)} />
      <FaultDrawer
        fault={detail}
        onClose={() => setDetail(null)}
        onAsset={(f) => {
          setDetail(null);
          setSelected(f.assetId);
        }}
        onHistory={(f) => void showHistory({ assetId: f.assetId ?? undefined }, f.assetCode ?? '')}
        onCreateOrder={(f) => void createOrder(f).then(() => setDetail(null))}
      />
    </div>
  );
}

/** One shared cause: its element by code and translated type, the suspect and the judgement in the reader's language. */
function CauseItem({ cause }: { cause: SharedCause }) {
  const { t } = useTranslation('map');
  const text = causeTexts(cause);
  // i18next's TFunction overloads do not accept a plain (key, params) signature; the call is the same
  const tr = t as unknown as (key: string, params?: Record<string, unknown>) => string;
  return (
    <div data-testid="shared-cause">
      <Tag color="magenta" data-testid="shared-cause-title">
        {showText(tr, text.title)}
      </Tag>
      {t('faultCount')} {ratioText(cause)}
      <div data-testid="shared-cause-suspect">{showText(tr, text.suspected)}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {showText(tr, text.reason)}
      </Typography.Text>
    </div>
  );
}

/** A fault's drawer beside the map: every field of the row (the columns the panel had no room for too), a citizen's words and photos, and what to do next. */
function FaultDrawer({
  fault,
  onClose,
  onAsset,
  onHistory,
  onCreateOrder,
}: {
  fault: Fault | null;
  onClose: () => void;
  onAsset: (f: Fault) => void;
  onHistory: (f: Fault) => void;
  onCreateOrder: (f: Fault) => void;
}) {
  const { t } = useTranslation('map');
  const districtName = useDictionaryName('district');
  const f = fault;
  return (
    <PanelDrawer
      title={f ? t('faultDetailTitle', { code: f.assetCode }) : ''}
      open={f !== null}
      onClose={onClose}
      width={FAULT_DRAWER_WIDTH}
    >
      {f ? (
        <div data-testid="fault-drawer">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('asset')}>
              <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onAsset(f)}>
                {f.assetCode}
              </Button>{' '}
              {t(`kind.${f.assetKind}`, { defaultValue: f.assetKind })}
            </Descriptions.Item>
            <Descriptions.Item label={t('faultType')}>
              {faultTypeName(t, f.typeCode, f.faultType)}
            </Descriptions.Item>
            <Descriptions.Item label={t('urgency')}>{t(`urgencyLevel.${f.urgency}`)}</Descriptions.Item>
            <Descriptions.Item label={t('reportedAt')}>{formatDateTime(f.reportedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('district')}>
              <span data-testid="fault-drawer-district">{districtName(f.district)}</span>
              {f.road ? ` · ${f.road}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('faultSource')}>
              {t(`source.${f.source}`, { defaultValue: f.source })}
              {f.sourceRef ? ` · ${f.sourceRef}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('state')}>{f.closedAt ? t('closed') : t('open')}</Descriptions.Item>
          </Descriptions>
          {f.description ? (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{f.description}</Typography.Paragraph>
          ) : null}
          {f.source === 'citizen' ? <CitizenReportInfo faultId={f.id} /> : null}
          <Space wrap style={{ marginTop: 8 }}>
            <Button size="small" onClick={() => onHistory(f)}>
              {t('history')}
            </Button>
            {!f.closedAt && !f.orderId ? (
              <Auth code="btn_add">
                <Button size="small" type="primary" onClick={() => onCreateOrder(f)}>
                  {t('createOrder')}
                </Button>
              </Auth>
            ) : null}
          </Space>
        </div>
      ) : null}
    </PanelDrawer>
  );
}
