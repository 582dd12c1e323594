// onlineDev/webDesign — the visual-development models: server-paged list; create and edit the
// basic information (name, code, category, form only / form + list), copy, delete (the spec's
// confirmation), design (the designer opens over the page: ?design=<id>, so a reload keeps it) and
// preview (a dialog over the page showing the model as last saved, PreviewModel's PreviewDialog).
import { Suspense, lazy, useState } from 'react';
import { Input, Spin, Tag, type TableColumnsType } from 'antd';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { formatDateTime, toast, usePagedList, useSearchParams, type RemotePageProps } from '@lighting/shared';
import { FormModal, ListFrame, RowActions, useConfirm, useConfirmDelete } from '@lighting/shared/admin';
import {
  copyModel,
  createModel,
  getModel,
  listModels,
  modelCategories,
  modelUrl,
  requestKey,
  updateModel,
  type ModelInfo,
  type ModelQuery,
  type ModelRow,
} from '../api';
import { useOnce } from '../useOnce';
import Tabs from 'antd/es/tabs';
import { ReleaseDialog } from './ReleaseDialog';
import { ReportDesign } from './ReportDesign';
import '../i18n';
import '../i18nList';

// the designer (dnd-kit, the property panel) loads only when a model is designed
const Designer = lazy(() => import('../designer/Designer'));
// the preview (the form renderer and the published list) only when a model is previewed
const PreviewDialog = lazy(() => import('./PreviewModel').then((m) => ({ default: m.PreviewDialog })));

export default function WebDesignList(_props: RemotePageProps) {
  const { t } = useTranslation('lowcode');
  const list = usePagedList<ModelRow, ModelQuery>(listModels, { keyword: '' });
  const [params, setParams] = useSearchParams();
  // one request key per opened create dialog: a retried submit makes one model
  const [editing, setEditing] = useState<{ id?: string; key: string; values: Partial<ModelInfo> } | null>(
    null,
  );
  const categories = useOnce('modelCategories', modelCategories);
  const remove = useConfirmDelete();
  const confirm = useConfirm();
  const designing = params.get('design');
  const [releasing, setReleasing] = useState<string | null>(null);
  const tl = useTranslation('lowcodeList').t;

  const design = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('design', id);
        else next.delete('design');
        return next;
      },
      { replace: false },
    );
  const [previewing, setPreviewing] = useState<{ id: string; title: string } | null>(null);

  const openEdit = async (id?: string) => {
    if (!id) return setEditing({ key: requestKey(), values: { type: 1 } });
    try {
      const m = await getModel(id);
      setEditing({
        id,
        key: requestKey(),
        values: {
          fullName: m.fullName,
          enCode: m.enCode,
          category: m.category,
          type: m.type,
          description: m.description,
        },
      });
    } catch {
      /* the client showed the message */
    }
  };

  const columns: TableColumnsType<ModelRow> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('fullName') },
    { key: 'enCode', dataIndex: 'enCode', title: t('enCode') },
    { key: 'category', dataIndex: 'categoryName', title: t('category') },
    {
      key: '_type',
      dataIndex: 'type',
      title: t('modelType'),
      render: (v: number) => (v === 2 ? t('typeFormList') : t('typeForm')),
    },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('state'),
      render: (s: number) => (s === 1 ? <Tag color="success">{t('released')}</Tag> : <Tag>{t('draft')}</Tag>),
    },
    {
      key: 'creatorTime',
      dataIndex: 'creatorTime',
      title: t('creatorTime'),
      render: (v: number | string | undefined) => (v === undefined ? '' : formatDateTime(v)),
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
              key: 'preview',
              label: t('preview'),
              onClick: () => setPreviewing({ id: r.id, title: r.fullName }),
              testId: 'row-preview',
            },
            {
              key: 'edit',
              label: t('edit'),
              onClick: () => void openEdit(r.id),
              code: 'btn_edit',
              testId: 'row-edit',
            },
            {
              key: 'release',
              label: tl('release'),
              onClick: () => setReleasing(r.id),
              code: 'btn_release',
              testId: 'row-release',
            },
            {
              key: 'copy',
              label: t('copy'),
              onClick: () =>
                void confirm(
                  async () => {
                    toast('success', (await copyModel(r.id, requestKey())) || t('copied'));
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
              onClick: () => void remove(modelUrl(r.id), () => void list.reload()),
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
      <Tabs
        data-testid="webdesign-tabs"
        items={[
          {
            key: 'models',
            label: tl('modelsTab'),
            children: (
              <ListFrame<ModelRow, ModelQuery>
                list={list}
                columns={columns}
                onAdd={() => void openEdit()}
                testId="webdesign-list"
              />
            ),
          },
          { key: 'reports', label: tl('reportsTab'), children: <ReportDesign /> },
        ]}
      />
      <FormModal<ModelInfo>
        open={editing !== null}
        title={editing?.id ? t('editModel') : t('addModel')}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        testId="model-form"
        onSubmit={async (v) => {
          const body: ModelInfo = {
            fullName: v.fullName.trim(),
            enCode: v.enCode.trim(),
            category: (v.category ?? '').trim(),
            type: v.type === 2 ? 2 : 1,
            description: (v.description ?? '').trim(),
          };
          if (editing?.id) {
            toast('success', (await updateModel(editing.id, body)) || t('saved'));
            void list.reload();
          } else {
            const { msg, id } = await createModel(body, editing?.key ?? requestKey());
            toast('success', msg || t('saved'));
            void list.reload();
            design(id);
          }
        }}
        fields={[
          { name: 'fullName', label: t('fullName'), required: true, rules: ['fullName'], max: 50 },
          { name: 'enCode', label: t('enCode'), required: true, rules: ['enCode'], max: 50 },
          {
            name: 'category',
            label: t('category'),
            required: true,
            input: (
              <Select
                placeholder={t('pickCategory')}
                loading={categories.data === null && !categories.error}
                options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.fullName }))}
                data-testid="field-category"
              />
            ),
          },
          {
            name: 'type',
            label: t('modelType'),
            // always set (1 by default); the admin required rule checks text, not a number
            input: (
              <Radio.Group
                options={[
                  { value: 1, label: t('typeForm') },
                  { value: 2, label: t('typeFormList') },
                ]}
                data-testid="field-type"
              />
            ),
          },
          { name: 'description', label: t('description'), max: 500, input: <Input.TextArea rows={2} /> },
        ]}
      />
      {releasing && (
        <ReleaseDialog
          modelId={releasing}
          onClose={() => setReleasing(null)}
          onReleased={() => void list.reload()}
        />
      )}
      {designing && (
        <Suspense fallback={<Spin fullscreen />}>
          <Designer modelId={designing} onClose={() => design(null)} />
        </Suspense>
      )}
      {previewing && (
        <Suspense fallback={<Spin fullscreen />}>
          <PreviewDialog
            modelId={previewing.id}
            title={previewing.title}
            onClose={() => setPreviewing(null)}
          />
        </Suspense>
      )}
    </>
  );
}
