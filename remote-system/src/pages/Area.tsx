// system/area — administrative areas as a lazy tree: each level loads when expanded
// (GET Area/{parentId}, -1 the root); create, edit, delete (refused while sub-areas exist),
// enable/disable. A keyword search answers matches from every level, flat.
import { useCallback, useEffect, useState } from 'react';
import { Button, Input, Space, type TableColumnsType } from 'antd';
import Switch from 'antd/es/switch';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import InputNumber from 'antd/es/input-number';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Auth, request, toast, useColumnAuth, type RemotePageProps } from '@lighting/shared';
import { FormModal, StateSwitch, useConfirmDelete } from '@lighting/shared/admin';
import { one, save, urls, type AreaRow, type AreaDetail } from '../api';
import { RowActions } from '../components/common';
import { needsLoad, setChildren } from '../logic/lazyTree';
import '../i18n';

interface AreaForm {
  parentId: string;
  fullName: string;
  enCode: string;
  type?: number | null;
  sortCode?: number;
  enabledMark?: boolean;
}

async function children(parentId: string, keyword = ''): Promise<AreaRow[]> {
  const r = await request<{ list: AreaRow[] }>({
    url: `${urls.area}/${parentId}`,
    method: 'get',
    data: keyword ? { keyword } : {},
  });
  return r.data?.list ?? [];
}

export default function Area(_props: RemotePageProps) {
  const { t } = useTranslation('system');
  const { t: ta } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const canSee = useColumnAuth();
  const [rows, setRows] = useState<AreaRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState<string[]>([]);
  const [editing, setEditing] = useState<{
    id?: string;
    parentName: string;
    values: Partial<AreaForm>;
  } | null>(null);
  const remove = useConfirmDelete();

  const loadRoot = useCallback(async () => {
    setLoading(true);
    try {
      const list = await children('-1', keyword);
      setRows(
        keyword
          ? list.map((r) => ({ ...r, isLeaf: true, children: undefined }))
          : setChildren([], '-1', list),
      );
      setExpanded([]);
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
  }, [keyword]);

  useEffect(() => {
    void loadRoot();
  }, [loadRoot]);

  /** Reload one level after a change under `parentId`. */
  const reloadLevel = async (parentId: string) => {
    if (keyword || parentId === '-1') return loadRoot();
    const list = await children(parentId);
    setRows((tree) => setChildren(tree, parentId, list));
  };

  const typeName = (v: unknown) =>
    ({ 1: t('province'), 2: t('city'), 3: t('district'), 4: t('street') })[Number(v) as 1 | 2 | 3 | 4] ?? '';

  const openEdit = async (row?: AreaRow, parent?: AreaRow) => {
    if (!row) {
      return setEditing({
        parentName: parent?.fullName ?? t('topLevel'),
        values: {
          parentId: parent?.id ?? '-1',
          enabledMark: true,
          sortCode: 0,
          type: parent?.type ? Math.min(4, Number(parent.type) + 1) : 1,
        },
      });
    }
    const r = await one<AreaDetail>(`${urls.area}/${row.id}/Info`);
    setEditing({ id: row.id, parentName: '', values: { ...r, enabledMark: r.enabledMark === 1 } });
  };

  const columns: TableColumnsType<AreaRow> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('areaName') },
    { key: 'enCode', dataIndex: 'enCode', title: t('areaCode') },
    { key: '_type', dataIndex: 'type', title: t('areaType'), render: typeName },
    { key: '_sortCode', dataIndex: 'sortCode', title: t('sortCode') },
    {
      key: 'enabledMark',
      dataIndex: 'enabledMark',
      title: t('state'),
      render: (v: number, r) => (
        <StateSwitch
          value={v}
          url={`${urls.area}/${r.id}/Actions/State`}
          onChanged={() => void reloadLevel(r.parentId)}
        />
      ),
    },
    {
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      render: (_: unknown, r) => (
        <RowActions
          onEdit={() => void openEdit(r)}
          onRemove={() => void remove(`${urls.area}/${r.id}`, () => void reloadLevel(r.parentId))}
          extra={[
            !keyword && {
              key: 'addChild',
              label: t('addChild'),
              onClick: () => void openEdit(undefined, r),
              code: 'btn_add',
              testId: 'row-add-child',
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="area-list">
      <Flex gap={8} wrap>
        <Input.Search
          placeholder={ta('keyword')}
          enterButton={ta('search')}
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => setKeyword(v.trim())}
          style={{ maxWidth: 320 }}
        />
        <Space>
          <Auth code="btn_add">
            <Button type="primary" onClick={() => void openEdit()} data-testid="btn-add">
              {ta('add')}
            </Button>
          </Auth>
          <Button onClick={() => void loadRoot()}>{t('refresh')}</Button>
        </Space>
      </Flex>
      <Table<AreaRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: tc('noData') }}
        columns={columns.filter((c) => String(c.key).startsWith('_') || canSee(String(c.key)))}
        expandable={{
          expandedRowKeys: expanded,
          onExpand: async (open, r) => {
            if (open && needsLoad(r)) {
              const list = await children(r.id).catch(() => [] as AreaRow[]);
              setRows((tree) => setChildren(tree, r.id, list));
            }
            setExpanded((keys) => (open ? [...keys, r.id] : keys.filter((k) => k !== r.id)));
          },
        }}
      />
      <FormModal<AreaForm>
        open={editing !== null}
        title={
          editing?.id ? t('editArea') : `${t('addArea')}（${t('parentArea')}：${editing?.parentName ?? ''}）`
        }
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          const parentId = editing?.values.parentId ?? '-1';
          const msg = await save(urls.area, editing?.id, {
            parentId,
            fullName: v.fullName.trim(),
            enCode: v.enCode.trim(),
            type: v.type ?? undefined,
            sortCode: v.sortCode ?? 0,
            enabledMark: v.enabledMark === false ? 0 : 1,
          });
          toast('success', msg);
          await reloadLevel(parentId);
          if (parentId !== '-1')
            setExpanded((keys) => (keys.includes(parentId) ? keys : [...keys, parentId]));
        }}
        fields={[
          { name: 'fullName', label: t('areaName'), required: true, rules: ['fullName'], max: 50 },
          { name: 'enCode', label: t('areaCode'), required: true, rules: ['enCode'], max: 50 },
          {
            name: 'type',
            label: t('areaType'),
            input: (
              <Select allowClear options={[1, 2, 3, 4].map((v) => ({ value: v, label: typeName(v) }))} />
            ),
          },
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
