// workFlow/entrust (流程委托) — my delegations, given and received: while one is active
// (start ≤ now < end, for one flow or every flow) the delegate sees and handles my to-dos. Create,
// edit and delete the ones I gave.
import { useEffect, useState } from 'react';
import { Input, Tag, type TableColumnsType } from 'antd';
import DatePicker from 'antd/es/date-picker';
import Select from 'antd/es/select';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDateTime, toast, usePagedList, type RemotePageProps } from '@lighting/shared';
import { FormModal, ListFrame, RowActions, useConfirmDelete } from '@lighting/shared/admin';
import {
  delegateUrl,
  flowSelector,
  listDelegates,
  requestKey,
  saveDelegate,
  type DelegateRow,
  type FlowSelectorGroup,
  type PageQuery,
} from '../api';
import { UserSelect } from '../components/UserSelect';
import { delegationState } from '../logic/status';
import '../i18n';

interface DelegateForm {
  toUserId: string;
  flowId?: string;
  range: [Dayjs, Dayjs];
  description?: string;
}

export default function Entrust(_props: RemotePageProps) {
  const { t } = useTranslation('workflow');
  const list = usePagedList<DelegateRow, PageQuery>(listDelegates, { keyword: '' });
  const [editing, setEditing] = useState<{ id?: string; key: string; values: Partial<DelegateForm> } | null>(
    null,
  );
  const [groups, setGroups] = useState<FlowSelectorGroup[]>([]);
  const remove = useConfirmDelete();
  useEffect(() => {
    flowSelector().then(setGroups, () => undefined);
  }, []);
  const now = Date.now();

  const columns: TableColumnsType<DelegateRow> = [
    {
      key: '_direction',
      dataIndex: 'direction',
      title: t('delegateDirection'),
      render: (v: string) =>
        v === 'in' ? <Tag color="purple">{t('delegateIn')}</Tag> : <Tag color="blue">{t('delegateOut')}</Tag>,
    },
    { key: '_from', dataIndex: 'userName', title: t('delegator') },
    { key: '_to', dataIndex: 'toUserName', title: t('delegate') },
    {
      key: '_flow',
      dataIndex: 'flowName',
      title: t('delegateFlow'),
      render: (v: string, r) => (r.flowId ? <span data-user-text>{v}</span> : t('allFlows')),
    },
    {
      key: '_start',
      dataIndex: 'startTime',
      title: t('startTime'),
      render: (v: number) => formatDateTime(v),
    },
    { key: '_end', dataIndex: 'endTime', title: t('endTime'), render: (v: number) => formatDateTime(v) },
    {
      key: '_state',
      title: t('state'),
      render: (_: unknown, r) => {
        const l = delegationState(r, now);
        return (
          <Tag color={l.color} data-testid="delegate-state">
            {t(l.key)}
          </Tag>
        );
      },
    },
    { key: '_description', dataIndex: 'description', title: t('description'), ellipsis: true },
    {
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      render: (_: unknown, r) =>
        r.direction === 'in' ? null : (
          <RowActions
            wrap={false}
            actions={[
              {
                key: 'edit',
                label: t('edit'),
                onClick: () =>
                  setEditing({
                    id: r.id,
                    key: requestKey(),
                    values: {
                      toUserId: r.toUserId,
                      flowId: r.flowId,
                      range: [dayjs(r.startTime), dayjs(r.endTime)],
                      description: r.description,
                    },
                  }),
                code: 'btn_edit',
                testId: 'row-edit',
              },
              {
                key: 'remove',
                label: t('remove'),
                onClick: () => void remove(delegateUrl(r.id), () => void list.reload()),
                code: 'btn_remove',
                danger: true,
                testId: 'row-remove',
              },
            ]}
          />
        ),
    },
  ];

  return (
    <>
      <ListFrame<DelegateRow, PageQuery>
        list={list}
        columns={columns}
        testId="flow-delegate-list"
        onAdd={() =>
          setEditing({
            key: requestKey(),
            values: { flowId: '', range: [dayjs().startOf('minute'), dayjs().add(7, 'day').endOf('day')] },
          })
        }
      />
      <FormModal<DelegateForm>
        open={editing !== null}
        title={editing?.id ? t('editDelegate') : t('addDelegate')}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        testId="delegate-form"
        onSubmit={async (v) => {
          const msg = await saveDelegate(
            editing?.id,
            {
              toUserId: v.toUserId,
              flowId: v.flowId || '',
              startTime: v.range[0].valueOf(),
              endTime: v.range[1].valueOf(),
              description: (v.description ?? '').trim(),
            },
            editing?.key ?? requestKey(),
          );
          toast('success', msg);
          void list.reload();
        }}
        fields={[
          {
            name: 'toUserId',
            label: t('delegate'),
            required: true,
            input: <UserSelect testId="field-toUserId" />,
          },
          {
            name: 'flowId',
            label: t('delegateFlow'),
            input: (
              <Select
                data-testid="field-flowId"
                options={[
                  { value: '', label: t('allFlows') },
                  ...groups.map((g) => ({
                    label: g.fullName || t('uncategorised'),
                    title: g.fullName,
                    options: g.children.map((c) => ({ value: c.id, label: c.fullName })),
                  })),
                ]}
              />
            ),
          },
          {
            name: 'range',
            label: t('delegateWindow'),
            required: true,
            input: (
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                data-testid="field-range"
              />
            ),
          },
          {
            name: 'description',
            label: t('description'),
            max: 500,
            input: <Input.TextArea rows={3} maxLength={500} />,
          },
        ]}
      />
    </>
  );
}
