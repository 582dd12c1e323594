// systemData/dictionary — dictionary types on the left (create, edit, delete), the chosen type's
// data on the right (a tree when the type isTree): create, edit, delete, enable/disable, export.
// Every write invalidates the page's dictionary cache so selects fed by dictionaries reload.
import { useState } from 'react';
import { Input, Tag, type TableColumnsType } from 'antd';
import Card from 'antd/es/card';
import Switch from 'antd/es/switch';
import Flex from 'antd/es/flex';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import { Auth, toast, type RemotePageProps } from '@lighting/shared';
import {
  ExportButton,
  loadedRows,
  FormModal,
  RowActions as LinkActions,
  SideTree,
  StateSwitch,
  TreeTable,
  invalidateDictionaries,
  useConfirmDelete,
  useTreeRows,
} from '@lighting/shared/admin';
import {
  one,
  save,
  treeList,
  urls,
  type DictionaryItemDetail,
  type DictionaryItemNode,
  type DictionaryTypeDetail,
  type DictionaryTypeNode,
} from '../api';
import { RowActions, SelectorTree } from '../components/common';
import '../i18n';

interface TypeForm {
  parentId?: string | null;
  fullName: string;
  enCode: string;
  isTree?: boolean;
  sortCode?: number;
  enabledMark?: boolean;
  description?: string;
}

interface DataForm {
  parentId?: string | null;
  fullName: string;
  fullNameZhtw?: string;
  fullNameEn?: string;
  enCode: string;
  sortCode?: number;
  enabledMark?: boolean;
  description?: string;
}

type TypeRow = DictionaryTypeNode;
type DataRow = DictionaryItemNode;

export default function Dictionary(_props: RemotePageProps) {
  const { t } = useTranslation('system');
  const types = useTreeRows(() => treeList<TypeRow>(urls.dictionaryType));
  const [typeId, setTypeId] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const chosenType = typeId ? findType(types.rows, typeId) : null;
  const data = useTreeRows(
    () => (typeId ? treeList<DataRow>(`${urls.dictionaryData}/${typeId}`, { keyword }) : Promise.resolve([])),
    [typeId, keyword],
  );
  const [editingType, setEditingType] = useState<{ id?: string; values: Partial<TypeForm> } | null>(null);
  const [editingData, setEditingData] = useState<{ id?: string; values: Partial<DataForm> } | null>(null);
  const remove = useConfirmDelete();
  const changed = (reload: () => void) => () => {
    invalidateDictionaries();
    reload();
  };

  const openType = async (id?: string) => {
    if (!id) return setEditingType({ values: { isTree: false, sortCode: 0, enabledMark: true } });
    const r = await one<DictionaryTypeDetail>(`${urls.dictionaryType}/${id}`);
    setEditingType({
      id,
      values: {
        parentId: r.parentId === '-1' ? null : r.parentId,
        fullName: r.fullName,
        enCode: r.enCode ?? '',
        isTree: r.isTree === 1,
        sortCode: r.sortCode,
        enabledMark: r.enabledMark === 1,
        description: r.description ?? '',
      },
    });
  };

  const openData = async (id?: string, parentId?: string) => {
    if (!id)
      return setEditingData({ values: { parentId: parentId ?? null, sortCode: 0, enabledMark: true } });
    const r = await one<DictionaryItemDetail>(`${urls.dictionaryData}/${id}/Info`);
    setEditingData({
      id,
      values: {
        parentId: r.parentId === '-1' || r.parentId === '0' ? null : r.parentId,
        fullName: r.fullName,
        fullNameZhtw: r.fullNameZhtw ?? '',
        fullNameEn: r.fullNameEn ?? '',
        enCode: r.enCode ?? '',
        sortCode: r.sortCode ?? 0,
        enabledMark: r.enabledMark === 1,
        description: r.description ?? '',
      },
    });
  };

  const columns: TableColumnsType<DataRow> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('itemName') },
    // the item's translations, so an administrator sees which items still lack one
    { key: 'fullNameZhtw', dataIndex: 'fullNameZhtw', title: t('itemNameZhtwShort') },
    { key: 'fullNameEn', dataIndex: 'fullNameEn', title: t('itemNameEnShort') },
    { key: 'enCode', dataIndex: 'enCode', title: t('enCode') },
    { key: 'sortCode', dataIndex: 'sortCode', title: t('sortCode') },
    {
      key: 'enabledMark',
      dataIndex: 'enabledMark',
      title: t('state'),
      render: (v: number, r) => (
        <StateSwitch
          value={v}
          url={`${urls.dictionaryData}/${r.id}/Actions/State`}
          onChanged={changed(data.reload)}
        />
      ),
    },
    {
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      render: (_: unknown, r) => (
        <RowActions
          onEdit={() => void openData(r.id)}
          onRemove={() => void remove(`${urls.dictionaryData}/${r.id}`, changed(data.reload))}
          extra={[
            chosenType?.isTree === 1 && {
              key: 'addChild',
              label: t('addChild'),
              onClick: () => void openData(undefined, r.id),
              code: 'btn_add',
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Flex gap={16} align="flex-start" data-testid="dictionary-page">
      <Card
        size="small"
        style={{ width: 280, flex: 'none' }}
        title={t('dictionaryTypes')}
        extra={
          <LinkActions
            wrap={false}
            actions={[
              {
                key: 'add',
                label: t('add'),
                onClick: () => void openType(),
                code: 'btn_add',
                testId: 'type-add',
              },
              !!typeId && {
                key: 'edit',
                label: t('edit'),
                onClick: () => void openType(typeId),
                code: 'btn_edit',
                testId: 'type-edit',
              },
              !!typeId && {
                key: 'remove',
                label: t('remove'),
                onClick: () =>
                  void remove(`${urls.dictionaryType}/${typeId}`, () => {
                    setTypeId(null);
                    changed(types.reload)();
                  }),
                code: 'btn_remove',
                danger: true,
                testId: 'type-remove',
              },
            ]}
          />
        }
      >
        <SideTree
          nodes={types.rows}
          loading={types.loading}
          selected={typeId}
          onSelect={(id) => setTypeId(id)}
          testId="dictionary-types"
        />
      </Card>
      <div style={{ flex: 1, minWidth: 0 }}>
        {typeId ? (
          <TreeTable<DataRow>
            rows={data.rows}
            loading={data.loading}
            columns={columns}
            onAdd={() => void openData()}
            onSearch={setKeyword}
            flat={chosenType?.isTree !== 1}
            toolbar={
              <Auth code="btn_export">
                <ExportButton<DataRow, object>
                  title={chosenType?.fullName ?? t('dictionary')}
                  filters={{}}
                  fetchPage={loadedRows(data.rows)}
                  columns={[
                    { title: t('itemName'), value: 'fullName' },
                    { title: t('itemNameZhtw'), value: (r) => r.fullNameZhtw ?? '' },
                    { title: t('itemNameEn'), value: (r) => r.fullNameEn ?? '' },
                    { title: t('enCode'), value: 'enCode' },
                    { title: t('sortCode'), value: 'sortCode' },
                    { title: t('state'), value: (r) => (r.enabledMark === 1 ? t('enabled') : t('disabled')) },
                  ]}
                />
              </Auth>
            }
            testId="dictionary-data"
          />
        ) : (
          <Tag>{t('chooseType')}</Tag>
        )}
      </div>
      <FormModal<TypeForm>
        open={editingType !== null}
        title={editingType?.id ? t('editType') : t('addType')}
        initialValues={editingType?.values}
        onClose={() => setEditingType(null)}
        onSubmit={async (v) => {
          const msg = await save(urls.dictionaryType, editingType?.id, {
            parentId: v.parentId || '-1',
            fullName: v.fullName.trim(),
            enCode: v.enCode.trim(),
            isTree: v.isTree ? 1 : 0,
            sortCode: v.sortCode ?? 0,
            enabledMark: v.enabledMark === false ? 0 : 1,
            description: (v.description ?? '').trim(),
          });
          toast('success', msg);
          changed(types.reload)();
        }}
        fields={[
          {
            name: 'parentId',
            label: t('parentType'),
            input: <SelectorTree url={`${urls.dictionaryType}/Selector`} placeholder={t('topLevel')} />,
          },
          { name: 'fullName', label: t('typeName'), required: true, rules: ['fullName'], max: 50 },
          { name: 'enCode', label: t('enCode'), required: true, rules: ['enCode'], max: 50 },
          { name: 'isTree', label: t('isTree'), valuePropName: 'checked', input: <Switch /> },
          {
            name: 'sortCode',
            label: t('sortCode'),
            input: <InputNumber min={0} max={999999} precision={0} />,
          },
          { name: 'enabledMark', label: t('state'), valuePropName: 'checked', input: <Switch /> },
          { name: 'description', label: t('description'), max: 500, input: <Input.TextArea rows={2} /> },
        ]}
      />
      <FormModal<DataForm>
        open={editingData !== null}
        title={editingData?.id ? t('editItem') : t('addItem')}
        initialValues={editingData?.values}
        onClose={() => setEditingData(null)}
        onSubmit={async (v) => {
          const msg = await save(urls.dictionaryData, editingData?.id, {
            dictionaryTypeId: typeId,
            parentId: v.parentId || '-1',
            fullName: v.fullName.trim(),
            fullNameZhtw: (v.fullNameZhtw ?? '').trim(),
            fullNameEn: (v.fullNameEn ?? '').trim(),
            enCode: v.enCode.trim(),
            sortCode: v.sortCode ?? 0,
            enabledMark: v.enabledMark === false ? 0 : 1,
            description: (v.description ?? '').trim(),
          });
          toast('success', msg);
          changed(data.reload)();
        }}
        fields={[
          {
            name: 'parentId',
            label: t('parentItem'),
            hidden: chosenType?.isTree !== 1,
            input: (
              <SelectorTree
                url={`${urls.dictionaryData}/${typeId ?? ''}/Selector`}
                data={editingData?.id ? { id: editingData.id } : undefined}
                placeholder={t('topLevel')}
              />
            ),
          },
          { name: 'fullName', label: t('itemName'), required: true, max: 50 },
          { name: 'fullNameZhtw', label: t('itemNameZhtw'), max: 50 },
          { name: 'fullNameEn', label: t('itemNameEn'), max: 50 },
          { name: 'enCode', label: t('enCode'), required: true, rules: ['enCode'], max: 50 },
          {
            name: 'sortCode',
            label: t('sortCode'),
            input: <InputNumber min={0} max={999999} precision={0} />,
          },
          { name: 'enabledMark', label: t('state'), valuePropName: 'checked', input: <Switch /> },
          { name: 'description', label: t('description'), max: 500, input: <Input.TextArea rows={2} /> },
        ]}
      />
    </Flex>
  );
}

function findType(rows: readonly TypeRow[], id: string): TypeRow | null {
  for (const r of rows) {
    if (r.id === id) return r;
    const hit = findType((r.children ?? []) as TypeRow[], id);
    if (hit) return hit;
  }
  return null;
}
