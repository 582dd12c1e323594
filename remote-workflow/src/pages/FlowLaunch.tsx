// workFlow/flowLaunch (发起流程) — launch a flow (the flows the user may launch, by category, with a
// search) and my launched flows (status and urgency tags; view, revoke, remind, edit drafts and
// tasks rejected or revoked back to me, delete drafts). A message about my task opens it here
// (?taskId=).
import { Suspense, lazy, useEffect, useState } from 'react';
import { Avatar, Col, Empty, Input, Row, Spin, Typography, type TableColumnsType } from 'antd';
import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import ApartmentOutlined from '@ant-design/icons/es/icons/ApartmentOutlined';
import { useTranslation } from 'react-i18next';
import { formatDateTime, toast, usePagedList, useSearchParams, type RemotePageProps } from '@lighting/shared';
import { ListFrame, RowActions, useConfirm, useConfirmDelete } from '@lighting/shared/admin';
import { TaskStatus } from '@lighting/shared/flowcore';
import {
  launchUrl,
  launchableFlows,
  listLaunched,
  pressTask,
  requestKey,
  revokeTask,
  type LaunchRow,
  type LaunchableFlow,
  type PageQuery,
} from '../api';
import { StatusTag, UrgencyTag } from '../components/Tags';
import { TaskFilterBar } from '../components/TaskFilterBar';
import { clearFilters } from '../components/TaskList';
import { useCountsFeed, useReloadOnChange } from '../counts';
import { groupByCategory, type TaskFilters } from '../logic/filters';
import { launchActions } from '../logic/status';
import { useTaskParam } from '../task/useTaskParam';
import '../i18n';

const LaunchForm = lazy(() => import('../task/LaunchForm'));
const TaskView = lazy(() => import('../task/TaskView'));

export default function FlowLaunch(_props: RemotePageProps) {
  const { t } = useTranslation('workflow');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mine' || params.get('taskId') ? 'mine' : 'launch';
  const [launching, setLaunching] = useState<{ flowId?: string; taskId?: string } | null>(null);
  const [mineVersion, setMineVersion] = useState(0);
  useCountsFeed();
  const setTab = (k: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (k === 'mine') next.set('tab', 'mine');
      else next.delete('tab');
      return next;
    });
  return (
    <div data-testid="flow-launch">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'launch',
            label: t('launch'),
            children: <FlowCards onLaunch={(flowId) => setLaunching({ flowId })} />,
          },
          {
            key: 'mine',
            label: t('myLaunches'),
            children: <MyLaunches key={mineVersion} onEdit={(taskId) => setLaunching({ taskId })} />,
          },
        ]}
      />
      {launching && (
        <Suspense fallback={<Spin style={{ position: 'fixed', inset: 0, margin: 'auto' }} />}>
          <LaunchForm
            flowId={launching.flowId}
            taskId={launching.taskId}
            onClose={(changed) => {
              setLaunching(null);
              if (changed) {
                setTab('mine');
                setMineVersion((v) => v + 1);
              }
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

function FlowCards({ onLaunch }: { onLaunch: (flowId: string) => void }) {
  const { t } = useTranslation('workflow');
  const [flows, setFlows] = useState<LaunchableFlow[] | null>(null);
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    launchableFlows().then(setFlows, () => setFlows([]));
  }, []);
  if (flows === null) return <Spin />;
  const groups = groupByCategory(flows, keyword);
  return (
    <div data-testid="flow-cards">
      <Input.Search
        allowClear
        placeholder={t('searchFlows')}
        style={{ maxWidth: 320, marginBottom: 12 }}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        data-testid="flow-search"
      />
      {groups.length === 0 && <Empty description={t('noLaunchable')} />}
      {groups.map((g) => (
        <div key={g.category || '-'} style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">
            {t('categoryOf')}
            {/* the flow's category and name are the flow designer's own words */}
            <span data-user-text>{g.category || t('uncategorised')}</span>
          </Typography.Text>
          <Row gutter={[12, 12]} style={{ marginTop: 8 }}>
            {g.flows.map((f) => (
              <Col key={f.id} xs={24} sm={12} md={8} lg={6} xxl={4}>
                <Card
                  size="small"
                  hoverable
                  onClick={() => onLaunch(f.id)}
                  data-testid={`launch-${f.enCode}`}
                >
                  <Card.Meta
                    avatar={
                      <Avatar
                        style={{ background: f.iconBackground || '#1890ff' }}
                        icon={<ApartmentOutlined />}
                      />
                    }
                    title={<span data-user-text>{f.fullName}</span>}
                    description={<span data-user-text>{f.description || f.enCode}</span>}
                  />
                </Card>
              </Col>
            ))}
          </Row>
        </div>
      ))}
    </div>
  );
}

function MyLaunches({ onEdit }: { onEdit: (taskId: string) => void }) {
  const { t } = useTranslation('workflow');
  const list = usePagedList<LaunchRow, PageQuery>(listLaunched, { keyword: '' });
  // an outcome of my flow arrives as a message: the list follows without a reload
  useReloadOnChange(list.reload);
  const [filters, setFilters] = useState<TaskFilters>({});
  const [open, setOpen] = useTaskParam();
  const confirm = useConfirm();
  const remove = useConfirmDelete();
  const time = (v?: number) => (v ? formatDateTime(v) : '');
  const columns: TableColumnsType<LaunchRow> = [
    {
      key: 'fullName',
      dataIndex: 'fullName',
      title: t('taskTitle'),
      render: (v: string, r) => (
        <a onClick={() => setOpen({ taskId: r.id })} data-user-text data-testid="row-title">
          {v}
        </a>
      ),
    },
    {
      key: 'flowName',
      dataIndex: 'flowName',
      title: t('flowOf'),
      render: (v: string) => <span data-user-text>{v}</span>,
    },
    {
      key: 'startTime',
      dataIndex: 'startTime',
      title: t('startTime'),
      render: (v?: number, r?: LaunchRow) => time(v ?? r?.creatorTime),
    },
    { key: '_thisStep', dataIndex: 'thisStep', title: t('thisStep') },
    {
      key: '_urgent',
      dataIndex: 'flowUrgent',
      title: t('urgency'),
      render: (v: number) => <UrgencyTag value={v} />,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('taskStatus'),
      render: (v: number) => <StatusTag value={v} />,
    },
    {
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      render: (_: unknown, r) => {
        const can = launchActions(r.status);
        return (
          <RowActions
            actions={[
              r.status !== TaskStatus.DRAFT && {
                key: 'open',
                label: t('view'),
                onClick: () => setOpen({ taskId: r.id }),
                testId: 'row-open',
              },
              can.edit && {
                key: 'edit',
                label: r.status === TaskStatus.DRAFT ? t('edit') : t('resubmit'),
                onClick: () => onEdit(r.id),
                testId: 'row-edit',
              },
              can.revoke && {
                key: 'revoke',
                label: t('btnRevoke'),
                onClick: () =>
                  void confirm(async () => {
                    toast('success', await revokeTask(r.id, requestKey()));
                    void list.reload();
                  }, t('confirmRevoke')),
                testId: 'row-revoke',
              },
              can.press && {
                key: 'press',
                label: t('btnPress'),
                onClick: () =>
                  void pressTask(r.id).then(
                    (msg) => toast('success', msg),
                    () => undefined,
                  ),
                testId: 'row-press',
              },
              can.remove && {
                key: 'remove',
                label: t('remove'),
                onClick: () => void remove(launchUrl(r.id), () => void list.reload()),
                code: 'btn_remove',
                danger: true,
                testId: 'row-remove',
              },
            ]}
          />
        );
      },
    },
  ];
  return (
    <>
      <ListFrame<LaunchRow, PageQuery>
        list={list}
        columns={columns}
        testId="flow-mine-list"
        filters={
          <TaskFilterBar
            value={filters}
            status={[0, 1, 2, 3, 4, 5]}
            onChange={(f, q) => (setFilters(f), list.search(clearFilters(q)))}
          />
        }
        onReset={() => {
          setFilters({});
          list.search(clearFilters({}));
        }}
      />
      {open && (
        <Suspense fallback={<Spin style={{ position: 'fixed', inset: 0, margin: 'auto' }} />}>
          <TaskView
            key={open.taskId}
            taskId={open.taskId}
            onClose={(changed) => {
              setOpen(null);
              if (changed) void list.reload();
            }}
            onEdit={(taskId) => {
              setOpen(null);
              onEdit(taskId);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
