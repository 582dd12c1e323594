// workFlow/flowMonitor (流程监控) — every task (not drafts) with filters (keyword, dates, flow,
// status, urgency, initiator); view a task, cancel one or the selected ones (终止: status 5, records
// kept), and reassign a waiting node to another user (指派).
import { Suspense, lazy, useState } from 'react';
import { Button, Input, Spin, type TableColumnsType } from 'antd';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { Auth, formatDateTime, toast, usePagedList, type RemotePageProps } from '@lighting/shared';
import { ListFrame, RowActions } from '@lighting/shared/admin';
import { NodeState, TaskStatus } from '@lighting/shared/flowcore';
import {
  assignTask,
  cancelTasks,
  listMonitor,
  requestKey,
  taskPage,
  type MonitorRow,
  type PageQuery,
  type TaskNode,
} from '../api';
import { StatusTag, UrgencyTag } from '../components/Tags';
import { TaskFilterBar } from '../components/TaskFilterBar';
import { clearFilters } from '../components/TaskList';
import { UserSelect } from '../components/UserSelect';
import type { TaskFilters } from '../logic/filters';
import { useTaskParam } from '../task/useTaskParam';
import '../i18n';

const TaskView = lazy(() => import('../task/TaskView'));

export default function FlowMonitor(_props: RemotePageProps) {
  const { t } = useTranslation('workflow');
  const list = usePagedList<MonitorRow, PageQuery>(listMonitor, { keyword: '' });
  const [filters, setFilters] = useState<TaskFilters>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [open, setOpen] = useTaskParam();
  const [cancelling, setCancelling] = useState<string[] | null>(null);
  const [assigning, setAssigning] = useState<MonitorRow | null>(null);
  const time = (v?: number) => (v ? formatDateTime(v) : '');

  const columns: TableColumnsType<MonitorRow> = [
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
    { key: '_user', dataIndex: 'userName', title: t('initiator') },
    { key: '_startTime', dataIndex: 'startTime', title: t('startTime'), render: time },
    { key: '_thisStep', dataIndex: 'thisStep', title: t('thisStep') },
    {
      key: '_urgent',
      dataIndex: 'flowUrgent',
      title: t('urgency'),
      render: (v: number) => <UrgencyTag value={v} />,
    },
    {
      key: '_status',
      dataIndex: 'status',
      title: t('taskStatus'),
      render: (v: number) => <StatusTag value={v} />,
    },
    { key: '_completion', dataIndex: 'completionTime', title: t('completionTime'), render: time },
    {
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      render: (_: unknown, r) => (
        <RowActions
          wrap={false}
          actions={[
            { key: 'open', label: t('view'), onClick: () => setOpen({ taskId: r.id }), testId: 'row-open' },
            r.status === TaskStatus.WAITING && {
              key: 'assign',
              label: t('assign'),
              onClick: () => setAssigning(r),
              code: 'btn_edit',
              testId: 'row-assign',
            },
            r.status === TaskStatus.WAITING && {
              key: 'cancel',
              label: t('btnCancel'),
              onClick: () => setCancelling([r.id]),
              code: 'btn_remove',
              danger: true,
              testId: 'row-cancel',
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListFrame<MonitorRow, PageQuery>
        list={list}
        columns={columns}
        testId="flow-monitor-list"
        filters={
          <>
            <TaskFilterBar
              value={filters}
              status={[1, 2, 3, 4, 5]}
              onChange={(f, q) => (setFilters(f), list.search(clearFilters(q)))}
            />
            <div style={{ width: 200 }}>
              <UserSelect
                value={filters.creatorUserId || undefined}
                placeholder={t('filterInitiator')}
                label={t('filterInitiator')}
                onChange={(v) => {
                  const next = { ...filters, creatorUserId: typeof v === 'string' ? v : '' };
                  setFilters(next);
                  list.search({ creatorUserId: next.creatorUserId || undefined });
                }}
                testId="filter-initiator"
              />
            </div>
          </>
        }
        onReset={() => {
          setFilters({});
          list.search(clearFilters({}));
        }}
        toolbar={
          <Auth code="btn_remove">
            <Button
              danger
              disabled={selected.length === 0}
              onClick={() => setCancelling(selected)}
              data-testid="batch-cancel"
            >
              {t('cancelSelected', { count: selected.length })}
            </Button>
          </Auth>
        }
        tableProps={{
          rowSelection: {
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            getCheckboxProps: (r: MonitorRow) => ({ disabled: r.status !== TaskStatus.WAITING }),
          },
        }}
      />
      <CancelDialog
        ids={cancelling}
        onClose={(done) => {
          setCancelling(null);
          if (done) {
            setSelected([]);
            void list.reload();
          }
        }}
      />
      <AssignDialog
        row={assigning}
        onClose={(done) => {
          setAssigning(null);
          if (done) void list.reload();
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
          />
        </Suspense>
      )}
    </>
  );
}

function CancelDialog({ ids, onClose }: { ids: string[] | null; onClose: (done: boolean) => void }) {
  const { t } = useTranslation('workflow');
  const [opinion, setOpinion] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={ids !== null}
      title={t('confirmCancelN', { count: ids?.length ?? 0 })}
      okText={t('btnCancel')}
      okButtonProps={{ danger: true }}
      cancelText={t('cancel')}
      confirmLoading={busy}
      onCancel={() => onClose(false)}
      destroyOnHidden
      data-testid="cancel-dialog"
      onOk={async () => {
        if (!ids) return;
        setBusy(true);
        try {
          const res = await cancelTasks(ids, opinion.trim() || undefined);
          toast('success', res.msg);
          setOpinion('');
          onClose(true);
        } catch {
          /* the client showed the message */
        } finally {
          setBusy(false);
        }
      }}
    >
      <Input.TextArea
        rows={3}
        maxLength={500}
        value={opinion}
        onChange={(e) => setOpinion(e.target.value)}
        placeholder={t('opinionHint')}
        data-testid="cancel-opinion"
      />
    </Modal>
  );
}

function AssignDialog({ row, onClose }: { row: MonitorRow | null; onClose: (done: boolean) => void }) {
  const { t } = useTranslation('workflow');
  const [nodes, setNodes] = useState<TaskNode[] | null>(null);
  const [nodeId, setNodeId] = useState<string>('');
  const [user, setUser] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(requestKey);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  if (row && loadedFor !== row.id) {
    setLoadedFor(row.id);
    setNodes(null);
    setNodeId('');
    setUser('');
    setKey(requestKey());
    taskPage(row.id).then(
      (p) => {
        const active = p.nodes.filter((n) => n.state === NodeState.ACTIVE && n.type === 'approver');
        setNodes(active);
        setNodeId(active[0]?.nodeId ?? '');
      },
      () => setNodes([]),
    );
  }
  if (!row && loadedFor !== null) setLoadedFor(null);
  return (
    <Modal
      open={row !== null}
      width={450}
      title={t('assignTitle')}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !nodeId || !user }}
      confirmLoading={busy}
      onCancel={() => onClose(false)}
      destroyOnHidden
      data-testid="assign-dialog"
      onOk={async () => {
        if (!row) return;
        setBusy(true);
        try {
          toast('success', await assignTask(row.id, { nodeId, freeApproverUserId: user }, key));
          onClose(true);
        } catch {
          /* the client showed the message */
        } finally {
          setBusy(false);
        }
      }}
    >
      {nodes === null ? (
        <Spin />
      ) : (
        <>
          <div style={{ marginBottom: 4 }}>{t('assignNode')}</div>
          <Select
            style={{ width: '100%', marginBottom: 12 }}
            value={nodeId || undefined}
            onChange={setNodeId}
            options={nodes.map((n) => ({
              value: n.nodeId,
              label: t('withNote', {
                text: n.title,
                note: n.handlers.map((h) => h.userName).join(t('listSep')),
              }),
            }))}
            notFoundContent={t('noWaitingNode')}
            data-testid="assign-node"
          />
          <div style={{ marginBottom: 4 }}>{t('assignUser')}</div>
          <UserSelect
            value={user || undefined}
            onChange={(v) => setUser(typeof v === 'string' ? v : '')}
            testId="assign-user"
          />
        </>
      )}
    </Modal>
  );
}
