// permission/organize — the organisation tree (companies): create, edit, delete (refused while
// something still belongs to it: the server's message says what).
import { useState } from 'react';
import { Tag, type TableColumnsType } from 'antd';
import Switch from 'antd/es/switch';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import type { RemotePageProps } from '@lighting/shared';
import {
  FormModal,
  StateTag,
  TreeTable,
  useConfirmDelete,
  useTreeRows,
  useModalForm,
} from '@lighting/shared/admin';
import { one, save, treeList, urls, type OrgDetail, type OrgNode } from '../api';
import { RowActions, SelectorTree } from '../components/common';
import { formatTime } from '../logic/format';
import '../i18n';

interface OrgForm {
  parentId?: string | null;
  fullName: string;
  enCode: string;
  sortCode?: number;
  enabledMark?: boolean;
}

export default function Organize(_props: RemotePageProps) {
  const { t } = useTranslation('system');
  const [keyword, setKeyword] = useState('');
  const { rows, loading, reload } = useTreeRows(
    () => treeList<OrgNode>(urls.organize, { keyword }),
    [keyword],
  );
  const remove = useConfirmDelete();
  const form = useModalForm<OrgForm, string>({
    blank: (parentId) => ({ parentId: parentId ?? null, sortCode: 0, enabledMark: true }),
    load: async (id) => {
      const r = await one<OrgDetail>(`${urls.organize}/${id}`);
      return {
        parentId: r.parentId === '-1' ? null : r.parentId,
        fullName: r.fullName,
        enCode: r.enCode ?? '',
        sortCode: r.sortCode,
        enabledMark: r.enabledMark === 1,
      };
    },
    save: (v, id) =>
      save(urls.organize, id, {
        parentId: v.parentId || '-1',
        fullName: v.fullName.trim(),
        enCode: v.enCode.trim(),
        sortCode: v.sortCode ?? 0,
        enabledMark: v.enabledMark === false ? 0 : 1,
        category: 'company',
      }),
    onSaved: reload,
  });
  const openEdit = (id?: string, parentId?: string) => form.open(id, parentId);

  const columns: TableColumnsType<OrgNode> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('orgName') },
    { key: 'enCode', dataIndex: 'enCode', title: t('enCode') },
    {
      key: 'category',
      dataIndex: 'category',
      title: t('category'),
      render: (c: string) => <Tag>{c === 'department' ? t('department') : t('company')}</Tag>,
    },
    { key: 'sortCode', dataIndex: 'sortCode', title: t('sortCode') },
    {
      key: 'enabledMark',
      dataIndex: 'enabledMark',
      title: t('state'),
      render: (v: number) => <StateTag value={v} />,
    },
    { key: 'creatorTime', dataIndex: 'creatorTime', title: t('creatorTime'), render: formatTime },
    {
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      render: (_: unknown, r) => (
        <RowActions
          onEdit={() => void openEdit(r.id)}
          onRemove={() => void remove(`${urls.organize}/${r.id}`, reload)}
        />
      ),
    },
  ];

  return (
    <>
      <TreeTable<OrgNode>
        rows={rows}
        loading={loading}
        columns={columns}
        onAdd={() => void openEdit()}
        onSearch={setKeyword}
        testId="organize-list"
      />
      <FormModal<OrgForm>
        {...form.modal}
        title={form.editing?.id ? t('editOrganize') : t('addOrganize')}
        fields={[
          {
            name: 'parentId',
            label: t('parentOrganize'),
            input: (
              <SelectorTree
                url={urls.organizeSelector}
                data={form.editing?.id ? { id: form.editing.id } : undefined}
                placeholder={t('topLevel')}
              />
            ),
          },
          { name: 'fullName', label: t('orgName'), required: true, rules: ['fullName'], max: 50 },
          { name: 'enCode', label: t('enCode'), required: true, rules: ['enCode'], max: 50 },
          {
            name: 'sortCode',
            label: t('sortCode'),
            input: <InputNumber min={0} max={999999} precision={0} />,
          },
          { name: 'enabledMark', label: t('state'), valuePropName: 'checked', input: <Switch /> },
        ]}
      />
    </>
  );
}
