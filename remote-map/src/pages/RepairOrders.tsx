// bt/map/repair — repair linkage: the order list with filters, dispatch to a crew, start, complete,
// verify, and the orders on the map (the selected one followed). Every state change anywhere
// reloads the list and the markers (socket `mapRepairOrderChange`). An order's estimated cost is
// shown and edited here; one at or above the approval amount is not dispatched directly: its
// dispatch control launches the 故障维修工单 flow (发起审批), and while that waits the order shows
// 审批中 (the manager's approval dispatches it).
import { useCallback, useEffect, useState } from 'react';
import { Button, Input, Space, Tag, Tooltip } from 'antd';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Auth, formatDateTime, toast, useDictionaryName, type RemotePageProps } from '@lighting/shared';
import { on } from '@lighting/shared/realtime';
import { MapCanvas } from '../map/MapCanvas';
import {
  mapApi,
  ORDER_STATES,
  type Crew,
  type District,
  type OrderState,
  type Paged,
  type RepairOrder,
} from '../map/api';
import type { CityMap } from '../map/cityMap';
import { costText, dispatchControl, isOverdue, nextAction, orderMarkers } from '../map/orders';
import { useLinkedItem } from '../map/useLinkedItem';
import { fitColumns } from '../map/table';

interface OrderQuery {
  currentPage: number;
  pageSize: number;
  state?: OrderState;
  crewId?: string;
  district?: string;
  urgency?: number;
  keyword?: string;
}

function ActionButton({ order, crews, onDone }: { order: RepairOrder; crews: Crew[]; onDone: () => void }) {
  const { t } = useTranslation('map');
  const [crewId, setCrewId] = useState<string | undefined>(order.crewId ?? undefined);
  const [busy, setBusy] = useState(false);
  const action = nextAction(order.state);
  if (!action) return null;
  const control = action === 'dispatch' ? dispatchControl(order) : null;
  if (control === 'waiting')
    return (
      <Tooltip title={t('approvalLaunched')}>
        <Tag color="gold" data-testid="order-approval-waiting">
          {t('approvalWaiting')}
        </Tag>
      </Tooltip>
    );
  const run = async () => {
    setBusy(true);
    try {
      if (action === 'dispatch') {
        if (!crewId) return;
        if (control === 'approve') {
          await mapApi.launchDispatchApproval({
            orderId: order.id,
            crewId,
            estimatedCost: order.estimatedCost ?? 0,
            reason: t('approvalReason', { billNo: order.billNo, cost: costText(order.estimatedCost) }),
            fullName: t('approvalTitle', { title: order.title }).slice(0, 200),
          });
          toast('success', t('approvalLaunched'));
        } else await mapApi.dispatch(order.id, crewId);
      } else await mapApi[action](order.id);
      onDone();
    } finally {
      setBusy(false);
    }
  };
  const testId = control === 'approve' ? 'order-launch-approval' : `order-${action}`;
  const button = (
    <Button
      size="small"
      type="primary"
      loading={busy}
      disabled={action === 'dispatch' && !crewId}
      onClick={() => void run()}
      data-testid={testId}
    >
      {control === 'approve' ? t('launchApproval') : t(`action.${action}`)}
    </Button>
  );
  return (
    <Auth code="btn_edit">
      <Space size={4}>
        {action === 'dispatch' ? (
          <Select
            size="small"
            style={{ width: 110 }}
            placeholder={t('chooseCrew')}
            aria-label={t('chooseCrew')}
            value={crewId}
            onChange={setCrewId}
            options={crews.map((c) => ({ value: c.id, label: c.name }))}
            data-testid="order-crew"
          />
        ) : null}
        {control === 'approve' ? <Tooltip title={t('approvalNeeded')}>{button}</Tooltip> : button}
      </Space>
    </Auth>
  );
}

interface EditValues {
  title: string;
  remark: string;
  estimatedCost: number | null;
}

/** Edits an open order's title, remark and estimated cost (not the cost while its approval waits). */
function EditOrder({ order, onClose }: { order: RepairOrder; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('map');
  const [form] = Form.useForm<EditValues>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await mapApi.updateOrder(order.id, {
        title: v.title.trim(),
        remark: (v.remark ?? '').trim(),
        ...(order.dispatchApproval === 'waiting' ? {} : { estimatedCost: v.estimatedCost ?? null }),
      });
      toast('success', t('saved'));
      onClose(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('editOrderTitle', { billNo: order.billNo })}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      destroyOnHidden
      data-testid="order-edit"
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        initialValues={{
          title: order.title,
          remark: order.remark ?? '',
          estimatedCost: order.estimatedCost ?? null,
        }}
      >
        <Form.Item name="title" label={t('title')} rules={[{ required: true, whitespace: true, max: 200 }]}>
          <Input maxLength={200} data-testid="order-edit-title" />
        </Form.Item>
        <Form.Item name="estimatedCost" label={t('estimatedCost')}>
          <InputNumber<number>
            min={0}
            max={100_000_000}
            precision={2}
            step={100}
            style={{ width: '100%' }}
            disabled={order.dispatchApproval === 'waiting'}
            data-testid="order-edit-cost"
          />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')} rules={[{ max: 500 }]}>
          <Input.TextArea maxLength={500} rows={3} data-testid="order-edit-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function RepairOrders(_props: RemotePageProps) {
  const { t } = useTranslation('map');
  const districtName = useDictionaryName('district');
  const [map, setMap] = useState<CityMap | null>(null);
  const [crews, setCrews] = useState<Crew[]>([]);
  const [districts, setDistricts] = useState<District[]>([]);
  const [query, setQuery] = useState<OrderQuery>({ currentPage: 1, pageSize: 20 });
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState<Paged<RepairOrder>>({
    list: [],
    pagination: { currentPage: 1, pageSize: 20, total: 0 },
  });
  const [loading, setLoading] = useState(false);
  const [followed, setFollowed] = useState<string | null>(null);
  const [editing, setEditing] = useState<RepairOrder | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    mapApi
      .orders({ ...query })
      .then(setPage, () => undefined)
      .finally(() => setLoading(false));
  }, [query]);
  useEffect(load, [load]);
  useEffect(() => {
    mapApi.crews().then(setCrews, () => undefined);
    mapApi.districts().then(setDistricts, () => undefined);
  }, []);
  useEffect(() => {
    const sub = on('mapRepairOrderChange').subscribe(() => load());
    return () => sub.unsubscribe();
  }, [load]);
  useEffect(() => map?.setMarkers('orders', orderMarkers(page.list, followed)), [map, page, followed]);

  const follow = (o: RepairOrder) => {
    setFollowed(o.id);
    void map?.highlight([o.assetId]);
    void map?.zoomToPoint(o.x, o.y);
  };
  // a link to one order (a chat card): listed by its number, selected and followed on the map
  const [linked, setLinked] = useState<RepairOrder | null>(null);
  useLinkedItem('order', (id) => {
    mapApi.order(id).then(
      (o) => {
        setKeyword(o.billNo);
        setQuery((q) => ({ currentPage: 1, pageSize: q.pageSize, keyword: o.billNo }));
        setFollowed(o.id);
        setLinked(o);
      },
      () => undefined,
    );
  });
  useEffect(() => {
    if (!map || !linked) return;
    void map.highlight([linked.assetId]);
    void map.zoomToPoint(linked.x, linked.y);
  }, [map, linked]);
  const set = (patch: Partial<OrderQuery>) => setQuery((q) => ({ ...q, ...patch, currentPage: 1 }));

  const now = Date.now();
  const { columns, scrollX } = fitColumns([
    {
      dataIndex: 'billNo',
      title: t('billNo'),
      width: 176,
      render: (v: string, o: RepairOrder) => (
        <Button type="link" size="small" onClick={() => follow(o)} title={v} style={{ paddingInline: 0 }}>
          {v}
        </Button>
      ),
    },
    { dataIndex: 'title', title: t('title'), width: 180, ellipsis: { showTitle: true } },
    { dataIndex: 'assetCode', title: t('asset'), width: 110 },
    {
      dataIndex: 'state',
      title: t('state'),
      width: 150,
      render: (s: OrderState, o: RepairOrder) => (
        <Space size={2}>
          <Tag data-testid="order-state">{t(`orderState.${s}`)}</Tag>
          {isOverdue(o, now) && s !== 'verified' ? <Tag color="red">{t('overdue')}</Tag> : null}
        </Space>
      ),
    },
    {
      dataIndex: 'urgency',
      title: t('urgency'),
      width: 90,
      render: (v: number) => t(`urgencyLevel.${v}`),
    },
    {
      dataIndex: 'estimatedCost',
      title: t('estimatedCost'),
      width: 130,
      align: 'right' as const,
      render: (v: number | null | undefined, o: RepairOrder) => (
        <Space size={2}>
          <span data-testid="order-cost">{costText(v)}</span>
          {o.dispatchApproval === 'approved' ? <Tag color="green">{t('approvalApproved')}</Tag> : null}
        </Space>
      ),
    },
    { dataIndex: 'crewName', title: t('crew'), width: 100, ellipsis: { showTitle: true } },
    { dataIndex: 'dueAt', title: t('dueAt'), width: 150, render: (v: number) => formatDateTime(v) },
    {
      key: 'ops',
      title: t('operation'),
      width: 260,
      // always in view: the dispatch controls stay on the right edge while the rest scrolls
      fixed: 'right' as const,
      render: (_: unknown, o: RepairOrder) => (
        <Space size={4}>
          {/* keyed by what the control depends on: a row reused for another state starts afresh */}
          <ActionButton
            key={`${o.id}|${o.state}|${o.dispatchApproval ?? ''}`}
            order={o}
            crews={crews}
            onDone={load}
          />
          {o.state !== 'completed' && o.state !== 'verified' ? (
            <Auth code="btn_edit">
              <Button size="small" type="link" onClick={() => setEditing(o)} data-testid="order-edit-open">
                {t('editOrder')}
              </Button>
            </Auth>
          ) : null}
        </Space>
      ),
    },
  ]);

  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', gap: 8, height: 'calc(100vh - 190px)' }}
      data-testid="map-repair"
    >
      <Card size="small">
        <Space wrap>
          <Input.Search
            style={{ width: 220 }}
            placeholder={t('keyword')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => set({ keyword: v || undefined })}
            allowClear
          />
          <Select<OrderState>
            style={{ width: 120 }}
            allowClear
            placeholder={t('state')}
            aria-label={t('state')}
            value={query.state}
            onChange={(v) => set({ state: v })}
            options={ORDER_STATES.map((s) => ({ value: s, label: t(`orderState.${s}`) }))}
            data-testid="order-filter-state"
          />
          <Select
            style={{ width: 120 }}
            allowClear
            placeholder={t('crew')}
            aria-label={t('crew')}
            value={query.crewId}
            onChange={(v?: string) => set({ crewId: v })}
            options={crews.map((c) => ({ value: c.id, label: c.name }))}
          />
          <Select
            style={{ width: 130 }}
            allowClear
            placeholder={t('allDistricts')}
            aria-label={t('district')}
            value={query.district}
            onChange={(v?: string) => set({ district: v })}
            options={districts.map((d) => ({ value: d.name, label: districtName(d.name) }))}
          />
          <Select<number>
            style={{ width: 100 }}
            allowClear
            placeholder={t('urgency')}
            aria-label={t('urgency')}
            value={query.urgency}
            onChange={(v) => set({ urgency: v })}
            options={[1, 2, 3].map((u) => ({ value: u, label: t(`urgencyLevel.${u}`) }))}
          />
          <Button
            onClick={() => {
              setKeyword('');
              setQuery({ currentPage: 1, pageSize: query.pageSize });
            }}
          >
            {t('reset')}
          </Button>
        </Space>
      </Card>
      <div style={{ display: 'flex', gap: 12, flex: 1, minHeight: 0 }}>
        <Card size="small" style={{ width: '55%', overflow: 'auto' }}>
          <Table<RepairOrder>
            rowKey="id"
            size="small"
            loading={loading}
            columns={columns}
            // no rows, no sideways scroll: an empty scrolling box is a region the keyboard cannot reach
            scroll={page.list.length ? { x: scrollX } : undefined}
            tableLayout="fixed"
            dataSource={page.list}
            data-testid="order-list"
            locale={{ emptyText: t('none') }}
            rowClassName={(o) => (o.id === followed ? 'ant-table-row-selected' : '')}
            pagination={{
              current: page.pagination.currentPage,
              pageSize: page.pagination.pageSize,
              total: page.pagination.total,
              onChange: (currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize })),
            }}
          />
        </Card>
        <div style={{ flex: 1, minWidth: 0 }}>
          <MapCanvas onReady={setMap} cables={false} />
        </div>
      </div>
      {editing ? (
        <EditOrder
          order={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) load();
          }}
        />
      ) : null}
    </div>
  );
}
