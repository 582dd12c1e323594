// permission/position — positions, filtered by the organisation chosen on the left; server
// paging, keyword search, create, edit, delete (refused while users hold it), export.
import { Input, type TableColumnsType } from 'antd';
import Switch from 'antd/es/switch';
import Flex from 'antd/es/flex';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import { usePagedList, type RemotePageProps } from '@lighting/shared';
import {
  FormModal,
  ListFrame,
  SideTree,
  StateTag,
  useConfirmDelete,
  useTreeRows,
  useModalForm,
} from '@lighting/shared/admin';
import {
  one,
  paged,
  save,
  treeList,
  urls,
  type ListQuery,
  type PositionRow,
  type PositionDetail,
} from '../api';
import { RowActions, SelectorTree } from '../components/common';
import { formatTime } from '../logic/format';
import '../i18n';

interface PositionForm {
  fullName: string;
  enCode: string;
  organizeId: string;
  sortCode?: number;
  enabledMark?: boolean;
  description?: string;
}

const fetchPositions = paged<PositionRow>(urls.position);

export default function Position(_props: RemotePageProps) {
  const { t } = useTranslation('system');
  const orgs = useTreeRows(() => treeList(urls.organizeTree));
  const list = usePagedList<PositionRow, ListQuery>(fetchPositions, { keyword: '', organizeId: '' });
  const remove = useConfirmDelete();
  const organizeId = typeof list.query.organizeId === 'string' ? list.query.organizeId : '';
  const form = useModalForm<PositionForm>({
    blank: () => ({ organizeId: organizeId || undefined, sortCode: 0, enabledMark: true }),
    load: async (id) => {
      const r = await one<PositionDetail>(`${urls.position}/${id}`);
      return {
        ...r,
        organizeId: r.organizeId ?? undefined,
        enabledMark: r.enabledMark === 1,
        description: r.description ?? '',
      };
    },
    save: (v, id) =>
      save(urls.position, id, {
        fullName: v.fullName.trim(),
        enCode: v.enCode.trim(),
        organizeId: v.organizeId,
        sortCode: v.sortCode ?? 0,
        enabledMark: v.enabledMark === false ? 0 : 1,
        description: (v.description ?? '').trim(),
      }),
    onSaved: list.reload,
  });
  const openEdit = form.open;

  const columns: TableColumnsType<PositionRow> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('positionName'), sorter: true },
    { key: 'enCode', dataIndex: 'enCode', title: t('enCode'), sorter: true },
    { key: 'organize', dataIndex: 'organize', title: t('organize') },
    { key: 'sortCode', dataIndex: 'sortCode', title: t('sortCode'), sorter: true },
    { key: '_description', dataIndex: 'description', title: t('description'), ellipsis: true },
    {
      key: 'enabledMark',
      dataIndex: 'enabledMark',
      title: t('state'),
      render: (v: number) => <StateTag value={v} />,
    },
    {
      key: 'creatorTime',
      dataIndex: 'creatorTime',
      title: t('creatorTime'),
      render: formatTime,
      sorter: true,
    },
    {
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      render: (_: unknown, r) => (
        <RowActions
          onEdit={() => void openEdit(r.id)}
          onRemove={() => void remove(`${urls.position}/${r.id}`, list.reload)}
        />
      ),
    },
  ];

  return (
    <Flex gap={16} align="flex-start">
      <SideTree
        nodes={orgs.rows}
        loading={orgs.loading}
        selected={organizeId || null}
        onSelect={(id) => list.search({ organizeId: id ?? '' })}
        testId="position-orgs"
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <ListFrame<PositionRow, ListQuery>
          list={list}
          columns={columns}
          onAdd={() => void openEdit()}
          onReset={() => list.search({ organizeId: '' })}
          exporter={{
            title: t('positions'),
            fetchPage: fetchPositions,
            columns: [
              { title: t('positionName'), value: 'fullName' },
              { title: t('enCode'), value: 'enCode' },
              { title: t('organize'), value: 'organize' },
              { title: t('sortCode'), value: 'sortCode' },
              { title: t('state'), value: (r) => (r.enabledMark === 1 ? t('enabled') : t('disabled')) },
              { title: t('creatorTime'), value: (r) => formatTime(r.creatorTime) },
            ],
          }}
          testId="position-list"
        />
      </div>
      <FormModal<PositionForm>
        {...form.modal}
        title={form.editing?.id ? t('editPosition') : t('addPosition')}
        fields={[
          { name: 'fullName', label: t('positionName'), required: true, rules: ['fullName'], max: 50 },
          { name: 'enCode', label: t('enCode'), required: true, rules: ['enCode'], max: 50 },
          {
            name: 'organizeId',
            label: t('organize'),
            required: true,
            input: <SelectorTree url={urls.organizeTree} allowClear={false} testId="field-organizeId" />,
          },
          {
            name: 'sortCode',
            label: t('sortCode'),
            input: <InputNumber min={0} max={999999} precision={0} />,
          },
          { name: 'enabledMark', label: t('state'), valuePropName: 'checked', input: <Switch /> },
          { name: 'description', label: t('description'), max: 500, input: <Input.TextArea rows={3} /> },
        ]}
      />
    </Flex>
  );
}
