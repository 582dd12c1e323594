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
import Table, { type ColumnType } from 'antd/es/table';
import Descriptions from 'antd/es/descriptions';
import { PanelDrawer } from '../map/PanelDrawer';
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
import { MapCanvas } from '../map/MapCanvas';
import { showAsset } from '../map/focus';
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
import {
  BUTTON_CHROME,
  CELL_CHROME,
  fitPriorityColumns,
  minPanelWidth,
  type PriorityColumn,
} from '../map/panelLayout';
import { SplitPane } from '../map/SplitPane';
import { textWidth } from '@lighting/shared/core';

/** A small card's body padding (12 px each side) and border: what the panel's table does not get. */
const PANEL_CHROME = 26;
/** The crew select beside the dispatch button. */
const CREW_SELECT = 104;
const ORDER_ACTIONS = ['dispatch', 'start', 'complete', 'verify'] as const;

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
            style={{ width: CREW_SELECT }}
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

/** An order's next step and its edit link (in its row and in its drawer). */
function OrderActions({
  order,
  crews,
  onDone,
  onEdit,
}: {
  order: RepairOrder;
  crews: Crew[];
  onDone: () => void;
  onEdit: (o: RepairOrder) => void;
}) {
  const { t } = useTranslation('map');
  return (
    <Space size={4}>
      {/* keyed by what the control depends on: a row reused for another state starts afresh */}
      <ActionButton
        key={`${order.id}|${order.state}|${order.dispatchApproval ?? ''}`}
        order={order}
        crews={crews}
        onDone={onDone}
      />
      {order.state !== 'completed' && order.state !== 'verified' ? (
        <Auth code="btn_edit">
          <Button
            size="small"
            type="link"
            style={{ paddingInline: 0 }}
            onClick={() => onEdit(order)}
            data-testid="order-edit-open"
          >
            {t('editOrder')}
          </Button>
        </Auth>
      ) : null}
    </Space>
  );
}

/** An order's drawer beside the map: every field (the columns the panel had no room for too) and its next step. */
function OrderDrawer({
  order,
  crews,
  onDone,
  onEdit,
  onClose,
}: {
  order: RepairOrder | null;
  crews: Crew[];
  onDone: () => void;
  onEdit: (o: RepairOrder) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('map');
  const districtName = useDictionaryName('district');
  const o = order;
  const time = (v: number | null) => (v ? formatDateTime(v) : '-');
  return (
    <PanelDrawer
      title={o ? t('orderDetailTitle', { billNo: o.billNo }) : ''}
      open={o !== null}
      onClose={onClose}
      width={400}
    >
      {o ? (
        <div data-testid="order-drawer">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('title')}>{o.title}</Descriptions.Item>
            <Descriptions.Item label={t('state')}>
              <span data-testid="order-drawer-state">{t(`orderState.${o.state}`)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('urgency')}>{t(`urgencyLevel.${o.urgency}`)}</Descriptions.Item>
            <Descriptions.Item label={t('asset')}>
              {o.assetCode} {t(`kind.${o.assetKind}`, { defaultValue: o.assetKind })}
            </Descriptions.Item>
            <Descriptions.Item label={t('district')}>{districtName(o.district)}</Descriptions.Item>
            <Descriptions.Item label={t('estimatedCost')}>
              <span data-testid="order-drawer-cost">{costText(o.estimatedCost)}</span>
              {o.dispatchApproval === 'approved' ? (
                <Tag color="green" style={{ marginInlineStart: 8 }}>
                  {t('approvalApproved')}
                </Tag>
              ) : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('crew')}>{o.crewName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('createdAt')}>{time(o.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('dueAt')}>{time(o.dueAt)}</Descriptions.Item>
            {o.dispatchedAt ? (
              <Descriptions.Item label={t('action.dispatch')}>{time(o.dispatchedAt)}</Descriptions.Item>
            ) : null}
            {o.startedAt ? (
              <Descriptions.Item label={t('action.start')}>{time(o.startedAt)}</Descriptions.Item>
            ) : null}
            {o.completedAt ? (
              <Descriptions.Item label={t('action.complete')}>{time(o.completedAt)}</Descriptions.Item>
            ) : null}
            {o.verifiedAt ? (
              <Descriptions.Item label={t('action.verify')}>{time(o.verifiedAt)}</Descriptions.Item>
            ) : null}
            {o.remark ? <Descriptions.Item label={t('remark')}>{o.remark}</Descriptions.Item> : null}
          </Descriptions>
          <OrderActions order={o} crews={crews} onDone={onDone} onEdit={onEdit} />
        </div>
      ) : null}
    </PanelDrawer>
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
  // the order whose drawer is open (opened from its number)
  const [detail, setDetail] = useState<RepairOrder | null>(null);

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
    showAsset(map, o);
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
    showAsset(map, linked);
  }, [map, linked]);
  const set = (patch: Partial<OrderQuery>) => setQuery((q) => ({ ...q, ...patch, currentPage: 1 }));

  const now = Date.now();
  const open = (o: RepairOrder) => {
    follow(o);
    setDetail(o);
  };
  // the columns by priority (panelLayout.ts): the order, where it stands, how urgent and its next step
  // are always in view; the title and the deadline, then the cost and the crew, then the asset and the
  // district join while the panel has room; every field is in the order's drawer (its number opens it)
  const actionLabels = [
    t('launchApproval'),
    t('approvalWaiting'),
    ...ORDER_ACTIONS.map((a) => t(`action.${a}`)),
  ];
  const opsWidth =
    CREW_SELECT +
    4 +
    Math.max(...actionLabels.map((l) => textWidth(l))) +
    BUTTON_CHROME +
    4 +
    textWidth(t('editOrder')) +
    CELL_CHROME;
  const defs: Array<PriorityColumn & { column: ColumnType<RepairOrder> }> = [
    {
      key: 'billNo',
      priority: 1,
      minWidth: 144,
      header: t('billNo'),
      column: {
        dataIndex: 'billNo',
        render: (v: string, o: RepairOrder) => (
          <Button
            type="link"
            size="small"
            onClick={() => open(o)}
            title={v}
            style={{ paddingInline: 0 }}
            data-testid="order-open"
          >
            {v}
          </Button>
        ),
      },
    },
    {
      key: 'title',
      priority: 2,
      minWidth: 150,
      header: t('title'),
      column: { dataIndex: 'title', ellipsis: { showTitle: true } },
    },
    {
      key: 'assetCode',
      priority: 4,
      minWidth: 104,
      header: t('asset'),
      column: { dataIndex: 'assetCode' },
    },
    {
      key: 'district',
      priority: 4,
      minWidth: 84,
      header: t('district'),
      column: {
        dataIndex: 'district',
        ellipsis: { showTitle: true },
        render: (v: string) => districtName(v),
      },
    },
    {
      key: 'state',
      priority: 1,
      minWidth: 104,
      header: t('state'),
      column: {
        dataIndex: 'state',
        render: (st: OrderState, o: RepairOrder) => (
          <Space size={[2, 2]} wrap>
            <Tag data-testid="order-state" style={{ marginInlineEnd: 0 }}>
              {t(`orderState.${st}`)}
            </Tag>
            {isOverdue(o, now) && st !== 'verified' ? (
              <Tag color="red" style={{ marginInlineEnd: 0 }}>
                {t('overdue')}
              </Tag>
            ) : null}
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
      key: 'estimatedCost',
      priority: 3,
      minWidth: 104,
      header: t('estimatedCost'),
      column: {
        dataIndex: 'estimatedCost',
        align: 'right' as const,
        render: (v: number | null | undefined, o: RepairOrder) => (
          <Space size={[2, 2]} wrap style={{ justifyContent: 'flex-end' }}>
            <span data-testid="order-cost">{costText(v)}</span>
            {o.dispatchApproval === 'approved' ? <Tag color="green">{t('approvalApproved')}</Tag> : null}
          </Space>
        ),
      },
    },
    {
      key: 'crewName',
      priority: 3,
      minWidth: 90,
      header: t('crew'),
      column: { dataIndex: 'crewName', ellipsis: { showTitle: true } },
    },
    {
      key: 'dueAt',
      priority: 2,
      minWidth: 104,
      header: t('dueAt'),
      column: {
        dataIndex: 'dueAt',
        render: (v: number) => <span title={formatDateTime(v)}>{formatDate(v, 'MM-DD HH:mm')}</span>,
      },
    },
    {
      key: 'ops',
      priority: 1,
      minWidth: opsWidth,
      header: t('operation'),
      column: {
        render: (_: unknown, o: RepairOrder) => (
          <OrderActions order={o} crews={crews} onDone={load} onEdit={setEditing} />
        ),
      },
    },
  ];
  const columnsIn = (w: number) => {
    const fit = fitPriorityColumns(defs, w - PANEL_CHROME);
    return fitColumns(
      defs
        .filter((d) => fit.widths[d.key] !== undefined)
        .map((d) => ({ ...d.column, key: d.key, title: d.header, width: fit.widths[d.key] })),
    ).columns;
  };
  const limits = { min: minPanelWidth(defs, PANEL_CHROME), mapMin: 360, share: 0.55 };

  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        height: 'calc(100vh - 190px)',
        position: 'relative',
      }}
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
      <SplitPane
        id="repair"
        limits={limits}
        style={{ flex: 1 }}
        panel={(w) => (
          <Card size="small" style={{ width: w, overflow: 'auto' }} data-testid="order-panel">
            <Table<RepairOrder>
              rowKey="id"
              size="small"
              loading={loading}
              columns={columnsIn(w)}
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
        )}
      >
        <MapCanvas onReady={setMap} cables={false} />
      </SplitPane>
      <OrderDrawer
        order={detail ? (page.list.find((o) => o.id === detail.id) ?? detail) : null}
        crews={crews}
        onDone={load}
        onEdit={setEditing}
        onClose={() => setDetail(null)}
      />
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
