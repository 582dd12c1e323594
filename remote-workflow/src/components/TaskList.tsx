// The to-do, done and circulate lists (FlowBefore/List/1|2|3): ListFrame's keyword search and
// server paging, the date / flow / urgency filters, the rows' tags, and the task page opened over
// the list from a row or from a message's link. The lists reload when the server pushes a change
// of the user's counts (flowTodoChange), so a new to-do appears without a reload.
import { Suspense, lazy, useState } from 'react';
import { Badge, Space, Spin, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, usePagedList } from '@lighting/shared';
import { ListFrame, RowActions, useConfirmDelete } from '@lighting/shared/admin';
import { circulateUrl, listBefore, type BeforeKind, type BeforeRow, type PageQuery } from '../api';
import { useCountsFeed, useReloadOnChange } from '../counts';
import type { TaskFilters } from '../logic/filters';
import { useTaskParam } from '../task/useTaskParam';
import { ActionTag, StatusTag, UrgencyTag } from './Tags';
import { TaskFilterBar } from './TaskFilterBar';
import '../i18n';

const TaskView = lazy(() => import('../task/TaskView'));

const fetchers = { todo: listBefore('todo'), done: listBefore('done'), circulate: listBefore('circulate') };
const time = (v?: number) => (v ? formatDateTime(v) : '');

export function TaskList({ kind }: { kind: BeforeKind }) {
  const { t } = useTranslation('workflow');
  const list = usePagedList<BeforeRow, PageQuery>(fetchers[kind], { keyword: '' });
  const [filters, setFilters] = useState<TaskFilters>({});
  const [open, setOpen] = useTaskParam();
  const counts = useCountsFeed();
  const remove = useConfirmDelete();

  // a pushed change (a to-do, a copy, a message about a flow) reloads the rows shown
  useReloadOnChange(list.reload);

  const title = (r: BeforeRow) => (
    <Space size={4}>
      {kind === 'circulate' && !r.isRead && <Badge status="processing" />}
      <a onClick={() => openRow(r)} data-user-text data-testid="row-title">
        {r.fullName}
      </a>
      {r.delegatorName && <Tag color="purple">{t('forDelegator', { name: r.delegatorName })}</Tag>}
    </Space>
  );
  const openRow = (r: BeforeRow) =>
    setOpen({
      taskId: r.taskId,
      operatorId: kind === 'todo' ? r.id : null,
      circulateId: kind === 'circulate' ? r.id : null,
    });

  const columns: TableColumnsType<BeforeRow> = [
    {
      key: 'fullName',
      dataIndex: 'fullName',
      title: t('taskTitle'),
      render: (_: unknown, r: BeforeRow) => title(r),
    },
    {
      key: 'flowName',
      dataIndex: 'flowName',
      title: t('flowOf'),
      render: (v: string) => <span data-user-text>{v}</span>,
    },
    { key: 'creatorUser', dataIndex: 'userName', title: t('initiator') },
    { key: '_startTime', dataIndex: 'startTime', title: t('startTime'), render: time },
    { key: '_thisStep', dataIndex: 'thisStep', title: kind === 'done' ? t('handledNode') : t('thisStep') },
    ...(kind === 'done'
      ? [
          {
            key: '_handleStatus',
            dataIndex: 'handleStatus',
            title: t('myAction'),
            render: (v: number) => <ActionTag value={v} />,
          },
          { key: '_handleTime', dataIndex: 'handleTime', title: t('handleTime'), render: time },
        ]
      : []),
    {
      key: 'urgent',
      dataIndex: 'flowUrgent',
      title: t('urgency'),
      render: (v: number) => <UrgencyTag value={v} />,
    },
    ...(kind !== 'todo'
      ? [
          {
            key: '_status',
            dataIndex: 'status',
            title: t('taskStatus'),
            render: (v: number) => <StatusTag value={v} />,
          },
        ]
      : []),
    kind === 'todo'
      ? { key: '_receiveTime', dataIndex: 'receiveTime', title: t('receiveTime'), render: time }
      : kind === 'circulate'
        ? { key: 'creatorTime', dataIndex: 'creatorTime', title: t('copiedAt'), render: time }
        : { key: '_none', width: 0 },
    {
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      render: (_: unknown, r: BeforeRow) => (
        <RowActions
          wrap={false}
          actions={[
            {
              key: 'open',
              label: kind === 'todo' ? t('handle') : t('view'),
              onClick: () => openRow(r),
              testId: 'row-open',
            },
            kind === 'circulate' && {
              key: 'remove',
              label: t('remove'),
              onClick: () => void remove(circulateUrl(r.id), () => void list.reload()),
              code: 'btn_remove',
              danger: true,
              testId: 'row-remove',
            },
          ]}
        />
      ),
    },
  ].filter((c) => c.key !== '_none') as TableColumnsType<BeforeRow>;

  const badge = kind === 'todo' ? counts.todo : kind === 'circulate' ? counts.circulate : null;

  return (
    <>
      <ListFrame<BeforeRow, PageQuery>
        list={list}
        columns={columns}
        testId={`flow-${kind}-list`}
        rowKey="id"
        filters={
          <TaskFilterBar value={filters} onChange={(f, q) => (setFilters(f), list.search(clearFilters(q)))} />
        }
        onReset={() => {
          setFilters({});
          list.search(clearFilters({}));
        }}
        toolbar={
          badge !== null ? (
            <Space>
              <span>{kind === 'todo' ? t('todoCount') : t('unreadCopies')}</span>
              <Badge
                count={badge}
                showZero
                overflowCount={999}
                color={badge ? '#f5222d' : '#bfbfbf'}
                data-testid={`${kind}-badge`}
                data-count={badge}
              />
            </Space>
          ) : undefined
        }
      />
      {open && (
        <Suspense fallback={<Spin style={{ position: 'fixed', inset: 0, margin: 'auto' }} />}>
          <TaskView
            key={`${open.taskId}:${open.operatorId ?? ''}:${open.circulateId ?? ''}`}
            taskId={open.taskId}
            operatorId={open.operatorId}
            circulateId={open.circulateId}
            onClose={(changed) => {
              setOpen(null);
              if (changed || kind === 'circulate') void list.reload();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** The filter keys a new query replaces (those not chosen are cleared). */
export function clearFilters(
  q: Record<string, string | number>,
): Record<string, string | number | undefined> {
  const keys = ['startTime', 'endTime', 'flowId', 'flowCategory', 'status', 'flowUrgent', 'creatorUserId'];
  return Object.fromEntries(keys.map((k) => [k, q[k]]));
}
