// permission/role — roles: server paging, keyword search, create, edit, delete (refused while
// users hold the role), enable/disable.
import { Input, type TableColumnsType } from 'antd';
import Switch from 'antd/es/switch';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import { usePagedList, type RemotePageProps } from '@lighting/shared';
import { FormModal, ListFrame, StateSwitch, useConfirmDelete, useModalForm } from '@lighting/shared/admin';
import { one, paged, save, urls, type ListQuery, type RoleRow, type RoleDetail } from '../api';
import { RowActions } from '../components/common';
import { formatTime } from '../logic/format';
import '../i18n';

interface RoleForm {
  fullName: string;
  enCode: string;
  description?: string;
  sortCode?: number;
  enabledMark?: boolean;
}

const fetchRoles = paged<RoleRow>(urls.role);

export default function Role(_props: RemotePageProps) {
  const { t } = useTranslation('system');
  const list = usePagedList<RoleRow, ListQuery>(fetchRoles, { keyword: '' });
  const remove = useConfirmDelete();
  const form = useModalForm<RoleForm>({
    blank: () => ({ sortCode: 0, enabledMark: true }),
    load: async (id) => {
      const r = await one<RoleDetail>(`${urls.role}/${id}`);
      return { ...r, description: r.description ?? '', enabledMark: r.enabledMark === 1 };
    },
    save: (v, id) =>
      save(urls.role, id, {
        fullName: v.fullName.trim(),
        enCode: v.enCode.trim(),
        description: (v.description ?? '').trim(),
        sortCode: v.sortCode ?? 0,
        enabledMark: v.enabledMark === false ? 0 : 1,
      }),
    onSaved: list.reload,
  });
  const openEdit = form.open;

  const columns: TableColumnsType<RoleRow> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('roleName') },
    { key: 'enCode', dataIndex: 'enCode', title: t('roleCode') },
    { key: '_userCount', dataIndex: 'userCount', title: t('userCount') },
    { key: '_description', dataIndex: 'description', title: t('description'), ellipsis: true },
    {
      key: 'enabledMark',
      dataIndex: 'enabledMark',
      title: t('state'),
      render: (v: number, r) => (
        <StateSwitch value={v} url={`${urls.role}/${r.id}/Actions/State`} onChanged={list.reload} />
      ),
    },
    { key: 'creatorTime', dataIndex: 'creatorTime', title: t('creatorTime'), render: formatTime },
    {
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      render: (_: unknown, r) => (
        <RowActions
          onEdit={() => void openEdit(r.id)}
          onRemove={() => void remove(`${urls.role}/${r.id}`, list.reload)}
        />
      ),
    },
  ];

  return (
    <>
      <ListFrame<RoleRow, ListQuery>
        list={list}
        columns={columns}
        onAdd={() => void openEdit()}
        testId="role-list"
      />
      <FormModal<RoleForm>
        {...form.modal}
        title={form.editing?.id ? t('editRole') : t('addRole')}
        fields={[
          { name: 'fullName', label: t('roleName'), required: true, rules: ['fullName'], max: 50 },
          { name: 'enCode', label: t('roleCode'), required: true, rules: ['enCode'], max: 50 },
          {
            name: 'sortCode',
            label: t('sortCode'),
            input: <InputNumber min={0} max={999999} precision={0} />,
          },
          { name: 'enabledMark', label: t('state'), valuePropName: 'checked', input: <Switch /> },
          { name: 'description', label: t('description'), max: 500, input: <Input.TextArea rows={3} /> },
        ]}
      />
    </>
  );
}
