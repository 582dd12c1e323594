// workFlow/flowEngine (流程设计) — the flows: server-paged list with search, create and edit the
// basic information (name, code, category, launch / function flow, form), design (the designer
// opens over the page: ?design=<id>, so a reload keeps it), release, stop, copy and delete.
import { Suspense, lazy, useEffect, useState } from 'react';
import { Input, Space, Spin, Tag, Tooltip, type TableColumnsType } from 'antd';
import AutoComplete from 'antd/es/auto-complete';
import Radio from 'antd/es/radio';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { formatDateTime, toast, usePagedList, useSearchParams, type RemotePageProps } from '@lighting/shared';
import { FormModal, ListFrame, RowActions, useConfirm, useConfirmDelete } from '@lighting/shared/admin';
import { FlowType, FormType } from '@lighting/shared/flowcore';
import {
  copyFlow,
  createFlow,
  flowForms,
  flowUrl,
  getFlow,
  listFlows,
  releaseFlow,
  requestKey,
  stopFlow,
  updateFlow,
  type FlowBody,
  type FlowFormRow,
  type FlowRow,
  type PageQuery,
} from '../api';
import '../i18n';

// the designer (canvas, drawers) loads only when a flow is designed
const FlowDesigner = lazy(() => import('../designer/FlowDesigner'));

const COLORS = ['#1890ff', '#722ed1', '#13c2c2', '#3eac12', '#f8bc18', '#f5811c', '#f5222d', '#576a95'];

type FlowForm = Omit<FlowBody, 'flowTemplateJson'>;

export default function FlowEngine(_props: RemotePageProps) {
  const { t } = useTranslation('workflow');
  const list = usePagedList<FlowRow, PageQuery>(listFlows, { keyword: '' });
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<{ id?: string; key: string; values: Partial<FlowForm> } | null>(
    null,
  );
  const [forms, setForms] = useState<FlowFormRow[]>([]);
  const confirm = useConfirm();
  const remove = useConfirmDelete();
  const designing = params.get('design');

  useEffect(() => {
    flowForms().then(setForms, () => undefined);
  }, []);

  const design = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('design', id);
      else next.delete('design');
      return next;
    });

  const openEdit = async (id?: string) => {
    if (!id)
      return setEditing({
        key: requestKey(),
        values: { type: FlowType.LAUNCH, sortCode: 0, iconBackground: COLORS[0] },
      });
    try {
      const f = await getFlow(id);
      setEditing({
        id,
        key: requestKey(),
        values: {
          fullName: f.fullName,
          enCode: f.enCode,
          category: f.category,
          type: f.type,
          formId: f.formId,
          icon: f.icon,
          iconBackground: f.iconBackground,
          description: f.description,
          sortCode: f.sortCode,
        },
      });
    } catch {
      /* the client showed the message */
    }
  };

  const categories = [...new Set(list.data.list.map((r) => r.category).filter(Boolean))];

  const columns: TableColumnsType<FlowRow> = [
    {
      key: 'fullName',
      dataIndex: 'fullName',
      title: t('flowName'),
      render: (v: string) => <span data-user-text>{v}</span>,
    },
    { key: 'enCode', dataIndex: 'enCode', title: t('flowCode') },
    {
      key: 'category',
      dataIndex: 'category',
      title: t('category'),
      render: (v: string) => <span data-user-text>{v}</span>,
    },
    {
      key: '_type',
      dataIndex: 'type',
      title: t('flowType'),
      render: (v: number) => (v === FlowType.FUNCTION ? t('typeFunction') : t('typeLaunch')),
    },
    {
      key: '_form',
      dataIndex: 'formName',
      title: t('flowForm'),
      render: (v: string, r) => (
        <span>
          <span data-user-text>{v}</span>{' '}
          <Tag>{r.formType === FormType.SYSTEM ? t('formSystem') : t('formDesigner')}</Tag>
        </span>
      ),
    },
    {
      key: 'enabledMark',
      dataIndex: 'enabledMark',
      title: t('state'),
      render: (_: number, r) => (
        <Space size={4} wrap>
          {r.enabledMark === 1 ? (
            <Tag color="success">{t('stateReleased')}</Tag>
          ) : r.version > 0 ? (
            <Tag color="error">{t('stateStopped')}</Tag>
          ) : (
            <Tag>{t('stateDraft')}</Tag>
          )}
          {r.version > 0 && <Tag>{t('versionN', { n: r.version })}</Tag>}
          {r.hasChanges && r.version > 0 && (
            <Tooltip title={t('hasChangesHint')}>
              <Tag color="warning">{t('hasChanges')}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { key: '_running', dataIndex: 'runningCount', title: t('runningCount') },
    {
      key: 'creatorTime',
      dataIndex: 'creatorTime',
      title: t('creatorTime'),
      render: (v?: number) => (v ? formatDateTime(v) : ''),
    },
    {
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      render: (_: unknown, r) => (
        <RowActions
          actions={[
            {
              key: 'design',
              label: t('design'),
              onClick: () => design(r.id),
              code: 'btn_edit',
              testId: 'row-design',
            },
            {
              key: 'edit',
              label: t('edit'),
              onClick: () => void openEdit(r.id),
              code: 'btn_edit',
              testId: 'row-edit',
            },
            r.enabledMark === 1 && !r.hasChanges
              ? {
                  key: 'stop',
                  label: t('stop'),
                  onClick: () =>
                    void confirm(
                      async () => {
                        toast('success', await stopFlow(r.id));
                        void list.reload();
                      },
                      t('confirmStop', { name: r.fullName }),
                    ),
                  code: 'btn_edit',
                  testId: 'row-stop',
                }
              : {
                  key: 'release',
                  label: t('release'),
                  onClick: () =>
                    void confirm(
                      async () => {
                        const res = await releaseFlow(r.id);
                        toast('success', res.msg);
                        void list.reload();
                      },
                      t('confirmRelease', { name: r.fullName }),
                    ),
                  code: 'btn_edit',
                  testId: 'row-release',
                },
            {
              key: 'copy',
              label: t('copy'),
              onClick: () =>
                void confirm(
                  async () => {
                    toast('success', await copyFlow(r.id, requestKey()));
                    void list.reload();
                  },
                  t('confirmCopy', { name: r.fullName }),
                ),
              code: 'btn_add',
              testId: 'row-copy',
            },
            {
              key: 'remove',
              label: t('remove'),
              onClick: () => void remove(flowUrl(r.id), () => void list.reload()),
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
      <ListFrame<FlowRow, PageQuery>
        list={list}
        columns={columns}
        onAdd={() => void openEdit()}
        testId="flow-engine-list"
      />
      <FormModal<FlowForm>
        open={editing !== null}
        title={editing?.id ? t('editFlow') : t('addFlow')}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        testId="flow-form"
        onSubmit={async (v) => {
          const body: FlowBody = {
            fullName: v.fullName.trim(),
            enCode: v.enCode.trim(),
            category: (v.category ?? '').trim(),
            type: v.type ?? FlowType.LAUNCH,
            formId: v.formId,
            iconBackground: v.iconBackground,
            icon: v.icon,
            description: (v.description ?? '').trim(),
            sortCode: v.sortCode ?? 0,
          };
          if (editing?.id) {
            toast('success', await updateFlow(editing.id, body));
            void list.reload();
          } else {
            const res = await createFlow(body, editing?.key ?? requestKey());
            toast('success', res.msg);
            void list.reload();
            design(res.id);
          }
        }}
        fields={[
          { name: 'fullName', label: t('flowName'), required: true, rules: ['fullName'], max: 50 },
          { name: 'enCode', label: t('flowCode'), required: true, rules: ['enCode'], max: 50 },
          {
            name: 'category',
            label: t('category'),
            max: 50,
            input: (
              <AutoComplete
                options={categories.map((c) => ({ value: c }))}
                placeholder={t('categoryHint')}
                data-testid="field-category"
              />
            ),
          },
          {
            name: 'type',
            label: t('flowType'),
            input: (
              <Radio.Group
                options={[
                  { value: FlowType.LAUNCH, label: t('typeLaunch') },
                  { value: FlowType.FUNCTION, label: t('typeFunction') },
                ]}
              />
            ),
          },
          {
            name: 'formId',
            label: t('flowForm'),
            required: true,
            input: (
              <Select
                showSearch
                optionFilterProp="label"
                options={forms.map((f) => ({
                  value: f.id,
                  label: t('withNote', {
                    text: f.fullName,
                    note: f.formType === FormType.SYSTEM ? t('formSystem') : t('formDesigner'),
                  }),
                }))}
                placeholder={t('chooseForm')}
                data-testid="field-formId"
              />
            ),
          },
          {
            name: 'iconBackground',
            label: t('iconColor'),
            input: (
              <Radio.Group>
                {COLORS.map((c) => (
                  <Radio.Button
                    key={c}
                    value={c}
                    style={{ background: c, width: 28, padding: 0 }}
                    aria-label={c}
                  >
                    {' '}
                  </Radio.Button>
                ))}
              </Radio.Group>
            ),
          },
          {
            name: 'sortCode',
            label: t('sortCode'),
            input: <InputNumber min={0} max={999999} precision={0} />,
          },
          {
            name: 'description',
            label: t('description'),
            max: 500,
            input: <Input.TextArea rows={3} maxLength={500} />,
          },
        ]}
      />
      {designing && (
        <Suspense fallback={<Spin style={{ position: 'fixed', inset: 0, margin: 'auto' }} />}>
          <FlowDesigner
            flowId={designing}
            onClose={(changed) => {
              design(null);
              if (changed) void list.reload();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
