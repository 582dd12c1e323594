// permission/department — the departments of the organisation chosen on the left (a tree of
// nested departments); create, edit, delete (refused while users, positions or sub-departments
// belong to it).
import { useState } from 'react';
import { type TableColumnsType } from 'antd';
import Switch from 'antd/es/switch';
import Flex from 'antd/es/flex';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import type { RemotePageProps } from '@lighting/shared';
import {
  FormModal,
  SideTree,
  StateTag,
  TreeTable,
  useConfirmDelete,
  useTreeRows,
  useModalForm,
} from '@lighting/shared/admin';
import { one, save, treeList, urls, type DepartmentNode, type OrgDetail, type OrgNode } from '../api';
import { RowActions, SelectorTree } from '../components/common';
import { DistrictSelect } from '../components/DistrictSelect';
import { formatTime } from '../logic/format';
import '../i18n';

interface DeptForm {
  parentId: string;
  fullName: string;
  enCode: string;
  district?: string | null;
  sortCode?: number;
  enabledMark?: boolean;
}

export default function Department(_props: RemotePageProps) {
  const { t } = useTranslation('system');
  const companies = useTreeRows(() => treeList<OrgNode>(urls.organize));
  const [company, setCompany] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const chosen = company ?? companies.rows[0]?.id ?? null;
  const { rows, loading, reload } = useTreeRows(
    () => (chosen ? treeList<DepartmentNode>(urls.departments(chosen), { keyword }) : Promise.resolve([])),
    [chosen, keyword],
  );
  const remove = useConfirmDelete();
  const form = useModalForm<DeptForm>({
    blank: () => ({ parentId: chosen ?? undefined, sortCode: 0, enabledMark: true }),
    load: async (id) => {
      const r = await one<OrgDetail>(`${urls.department}/${id}`);
      return {
        parentId: r.parentId,
        fullName: r.fullName,
        enCode: r.enCode ?? '',
        district: r.district,
        sortCode: r.sortCode,
        enabledMark: r.enabledMark === 1,
      };
    },
    save: (v, id) =>
      save(urls.department, id, {
        parentId: v.parentId,
        fullName: v.fullName.trim(),
        enCode: v.enCode.trim(),
        district: v.district ?? null,
        sortCode: v.sortCode ?? 0,
        enabledMark: v.enabledMark === false ? 0 : 1,
      }),
    onSaved: reload,
  });
  const openEdit = form.open;

  const columns: TableColumnsType<DepartmentNode> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('deptName') },
    { key: 'enCode', dataIndex: 'enCode', title: t('enCode') },
    { key: 'manager', dataIndex: 'manager', title: t('manager') },
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
          onRemove={() => void remove(`${urls.department}/${r.id}`, reload)}
        />
      ),
    },
  ];

  return (
    <Flex gap={16} align="flex-start">
      <SideTree
        nodes={companies.rows}
        loading={companies.loading}
        selected={chosen}
        onSelect={(id) => id && setCompany(id)}
        testId="department-companies"
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <TreeTable<DepartmentNode>
          rows={rows}
          loading={loading}
          columns={columns}
          onAdd={chosen ? () => void openEdit() : undefined}
          onSearch={setKeyword}
          testId="department-list"
        />
      </div>
      <FormModal<DeptForm>
        {...form.modal}
        title={form.editing?.id ? t('editDepartment') : t('addDepartment')}
        fields={[
          {
            name: 'parentId',
            label: t('parentDepartment'),
            required: true,
            input: (
              <SelectorTree
                url={urls.departmentSelector}
                data={form.editing?.id ? { id: form.editing.id } : undefined}
                allowClear={false}
                testId="field-parentId"
              />
            ),
          },
          { name: 'fullName', label: t('deptName'), required: true, rules: ['fullName'], max: 50 },
          { name: 'enCode', label: t('enCode'), required: true, rules: ['enCode'], max: 50 },
          { name: 'district', label: t('orgDistrict'), extra: t('districtHint'), input: <DistrictSelect /> },
          {
            name: 'sortCode',
            label: t('sortCode'),
            input: <InputNumber min={0} max={999999} precision={0} />,
          },
          { name: 'enabledMark', label: t('state'), valuePropName: 'checked', input: <Switch /> },
        ]}
      />
    </Flex>
  );
}
