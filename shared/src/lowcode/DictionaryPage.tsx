// A published dictionary page (menu type 4, spec §2): the items of the dictionary type the menu
// names (a tree for a tree type), searched by name or code, added, edited and deleted by those
// holding the page's buttons (spec §6: btn_add, btn_edit, btn_remove), exported as shown (the
// granted columns, a tree depth first) by those holding btn_download, as every low-code page's
// export; columns follow the page's column permissions. The server (/api/visualdev/Dictionary)
// checks the same grants.
import { useCallback, useEffect, useState } from 'react';
import { Tag, type TableColumnsType } from 'antd';
import Switch from 'antd/es/switch';
import InputNumber from 'antd/es/input-number';
import TreeSelect from 'antd/es/tree-select';
import { useTranslation } from 'react-i18next';
import { Auth, request, toast, useColumnAuth } from '@lighting/shared';
import {
  ExportButton,
  FormModal,
  RowActions,
  TreeTable,
  dictionaries,
  loadedRows,
  useConfirmDelete,
  type ExportColumn,
} from '@lighting/shared/admin';
import './i18n';

export interface DictionaryRow {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  sortCode: number;
  enabledMark: number;
  children?: DictionaryRow[];
}

interface Loaded {
  type: { id: string; fullName: string; enCode: string; isTree: number };
  list: DictionaryRow[];
}

interface ItemValues {
  fullName: string;
  enCode: string;
  parentId?: string;
  sortCode?: number;
  enabledMark?: boolean;
}

const url = (typeId: string, id = '') =>
  `/visualdev/Dictionary/${encodeURIComponent(typeId)}${id ? `/${encodeURIComponent(id)}` : ''}`;

interface TreeOption {
  value: string;
  title: string;
  children: TreeOption[];
}
const treeOptions = (items: DictionaryRow[], skip?: string): TreeOption[] =>
  items
    .filter((i) => i.id !== skip)
    .map((i) => ({ value: i.id, title: i.fullName, children: treeOptions(i.children ?? [], skip) }));

export function DictionaryPage({ typeId }: { typeId: string }) {
  const { t } = useTranslation('lowcodeRuntime');
  const [keyword, setKeyword] = useState('');
  const [data, setData] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<{ item?: DictionaryRow; parentId?: string } | null>(null);
  const remove = useConfirmDelete();
  const canSee = useColumnAuth();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await request<Loaded>({ url: url(typeId), method: 'get', data: { keyword } });
      setData(res.data);
    } catch {
      /* the HTTP client showed the message */
    } finally {
      setLoading(false);
    }
  }, [typeId, keyword]);
  useEffect(() => {
    void load();
  }, [load]);
  const changed = () => {
    dictionaries.invalidate();
    void load();
  };

  const isTree = data?.type.isTree === 1;
  const columns: TableColumnsType<DictionaryRow> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('name') },
    { key: 'enCode', dataIndex: 'enCode', title: t('code') },
    { key: 'sortCode', dataIndex: 'sortCode', title: t('sort'), width: 90 },
    {
      key: 'enabledMark',
      dataIndex: 'enabledMark',
      title: t('state'),
      width: 90,
      render: (v: number) =>
        v === 1 ? <Tag color="success">{t('enabled')}</Tag> : <Tag>{t('disabled')}</Tag>,
    },
    {
      key: '_actions',
      title: t('actions'),
      width: 170,
      render: (_v, row) => (
        <RowActions
          wrap={false}
          actions={[
            isTree && {
              key: 'add',
              label: t('add'),
              onClick: () => setEditing({ parentId: row.id }),
              code: 'btn_add',
            },
            {
              key: 'edit',
              label: t('edit'),
              onClick: () => setEditing({ item: row }),
              code: 'btn_edit',
              testId: 'row-edit',
            },
            {
              key: 'remove',
              label: t('remove'),
              onClick: () => void remove(url(typeId, row.id), changed),
              code: 'btn_remove',
              danger: true,
              testId: 'row-remove',
            },
          ]}
        />
      ),
    },
  ];

  const exported: Array<ExportColumn<DictionaryRow> & { key: string }> = [
    { key: 'fullName', title: t('name'), value: 'fullName' },
    { key: 'enCode', title: t('code'), value: 'enCode' },
    { key: 'sortCode', title: t('sort'), value: 'sortCode' },
    {
      key: 'enabledMark',
      title: t('state'),
      value: (r) => (r.enabledMark === 1 ? t('enabled') : t('disabled')),
    },
  ];

  const item = editing?.item;
  return (
    <>
      <TreeTable<DictionaryRow>
        rows={data?.list ?? []}
        loading={loading}
        columns={columns}
        flat={!isTree}
        onSearch={setKeyword}
        onAdd={() => setEditing({})}
        toolbar={
          <Auth code="btn_download">
            <ExportButton<DictionaryRow, object>
              title={data?.type.fullName ?? t('dictionary')}
              filters={{}}
              fetchPage={loadedRows(data?.list ?? [])}
              columns={exported.filter((c) => canSee(c.key))}
            />
          </Auth>
        }
        testId="lowcode-dictionary"
      />
      <FormModal<ItemValues>
        open={editing !== null}
        title={`${item ? t('edit') : t('add')} · ${data?.type.fullName ?? t('dictionary')}`}
        initialValues={
          item
            ? {
                fullName: item.fullName,
                enCode: item.enCode,
                parentId: item.parentId === '-1' ? undefined : item.parentId,
                sortCode: item.sortCode,
                enabledMark: item.enabledMark === 1,
              }
            : { parentId: editing?.parentId, sortCode: 0, enabledMark: true }
        }
        onClose={() => setEditing(null)}
        testId="dictionary-item-form"
        onSubmit={async (v) => {
          const body = {
            fullName: v.fullName.trim(),
            enCode: v.enCode.trim(),
            ...(isTree && v.parentId ? { parentId: v.parentId } : {}),
            sortCode: v.sortCode ?? 0,
            enabledMark: v.enabledMark === false ? 0 : 1,
          };
          const res = await request<unknown>({
            url: url(typeId, item?.id),
            method: item ? 'put' : 'post',
            data: body,
          });
          toast('success', res.msg || t('saved'));
          changed();
        }}
        fields={[
          { name: 'fullName', label: t('name'), required: true, max: 50 },
          { name: 'enCode', label: t('code'), required: true, max: 50 },
          {
            name: 'parentId',
            label: t('parent'),
            hidden: !isTree,
            input: (
              <TreeSelect
                allowClear
                placeholder={t('root')}
                treeDefaultExpandAll
                treeData={treeOptions(data?.list ?? [], item?.id)}
              />
            ),
          },
          { name: 'sortCode', label: t('sort'), input: <InputNumber min={0} max={999999} /> },
          { name: 'enabledMark', label: t('state'), valuePropName: 'checked', input: <Switch /> },
        ]}
      />
    </>
  );
}
