// system/menu — the menu tree: create menus of all seven types (directory, page, function,
// dictionary, report, large screen, external link) with icon, enCode (spec §5 rule), sort,
// propertyJson (moduleId, isTree) for 3/4/5 and the link target for 7; edit, delete, state.
// A new page appears in the menu of those granted it after they reload.
import { useState } from 'react';
import { Tag, type TableColumnsType } from 'antd';
import Switch from 'antd/es/switch';
import Select from 'antd/es/select';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import type { RemotePageProps } from '@lighting/shared';
import {
  FormModal,
  StateSwitch,
  TreeTable,
  useConfirmDelete,
  useTreeRows,
  useModalForm,
} from '@lighting/shared/admin';
import { one, save, treeList, urls, type MenuDetail, type MenuNode } from '../api';
import { RowActions, SelectorTree } from '../components/common';
import {
  fromMenuRow,
  MENU_TYPES,
  needsLinkTarget,
  needsProperty,
  needsUrl,
  toMenuBody,
  type MenuFormValues,
} from '../logic/menuForm';
import { MenuDataScope } from './MenuDataScope';
import '../i18n';

type Row = MenuNode;

export default function Menu(_props: RemotePageProps) {
  const { t } = useTranslation('system');
  const [keyword, setKeyword] = useState('');
  const { rows, loading, reload } = useTreeRows(() => treeList<Row>(urls.menu, { keyword }), [keyword]);
  const [type, setType] = useState(2);
  const [scoping, setScoping] = useState<{ id: string; fullName: string } | null>(null);
  const remove = useConfirmDelete();
  const typeName = (v: number) => t(`menuType${v}`);
  const form = useModalForm<MenuFormValues, string>({
    blank: (parentId) => {
      setType(2);
      return { parentId: parentId ?? null, type: 2, sortCode: 0, enabledMark: true, linkTarget: '_blank' };
    },
    load: async (id) => {
      const m = await one<MenuDetail>(`${urls.menu}/${id}`);
      setType(m.type);
      return fromMenuRow(m);
    },
    save: (v, id) => save(urls.menu, id, toMenuBody(v)),
    onSaved: reload,
  });
  const openEdit = (id?: string, parentId?: string) => form.open(id, parentId);

  const columns: TableColumnsType<Row> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('menuName') },
    { key: 'enCode', dataIndex: 'enCode', title: t('enCode') },
    { key: 'type', dataIndex: 'type', title: t('menuType'), render: (v: number) => <Tag>{typeName(v)}</Tag> },
    { key: '_icon', dataIndex: 'icon', title: t('icon'), ellipsis: true },
    { key: 'urlAddress', dataIndex: 'urlAddress', title: t('urlAddress'), ellipsis: true },
    { key: 'sortCode', dataIndex: 'sortCode', title: t('sortCode') },
    {
      key: 'enabledMark',
      dataIndex: 'enabledMark',
      title: t('state'),
      render: (v: number, r) => (
        <StateSwitch value={v} url={`${urls.menu}/${r.id}/Actions/State`} onChanged={reload} />
      ),
    },
    {
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      render: (_: unknown, r) => (
        <RowActions
          onEdit={() => void openEdit(r.id)}
          onRemove={() => void remove(`${urls.menu}/${r.id}`, reload)}
          extra={[
            // a page's rows may be divided by data permissions (its fields and schemes)
            r.type >= 2 &&
              r.type <= 6 && {
                key: 'data',
                label: t('dsAction'),
                onClick: () => setScoping({ id: r.id, fullName: r.fullName }),
                code: 'btn_edit',
                testId: 'row-data-scope',
              },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <TreeTable<Row>
        rows={rows}
        loading={loading}
        columns={columns}
        onAdd={() => void openEdit()}
        onSearch={setKeyword}
        testId="menu-list"
      />
      {scoping && <MenuDataScope menu={scoping} onClose={() => setScoping(null)} />}
      <FormModal<MenuFormValues>
        {...form.modal}
        title={form.editing?.id ? t('editMenu') : t('addMenu')}
        width={680}
        onValuesChange={(c) => {
          if (c.type !== undefined) setType(c.type);
        }}
        fields={[
          {
            name: 'parentId',
            label: t('parentMenu'),
            input: (
              <SelectorTree
                url={urls.menuSelector}
                data={form.editing?.id ? { id: form.editing.id } : undefined}
                placeholder={t('topLevel')}
              />
            ),
          },
          {
            name: 'type',
            label: t('menuType'),
            required: true,
            input: (
              <Select
                options={MENU_TYPES.map((v) => ({ value: v, label: typeName(v) }))}
                data-testid="field-type"
              />
            ),
          },
          { name: 'fullName', label: t('menuName'), required: true, max: 50 },
          { name: 'enCode', label: t('enCode'), required: true, rules: ['enCode'], max: 50 },
          { name: 'icon', label: t('icon'), max: 100, extra: t('iconHint') },
          {
            name: 'urlAddress',
            label: type === 7 ? t('linkAddress') : t('urlAddress'),
            required: needsUrl(type),
            hidden: !needsUrl(type),
            max: 300,
          },
          {
            name: 'moduleId',
            label: t('moduleId'),
            required: needsProperty(type),
            hidden: !needsProperty(type),
            max: 64,
          },
          {
            name: 'isTree',
            label: t('isTreeModel'),
            valuePropName: 'checked',
            hidden: !needsProperty(type),
            input: <Switch />,
          },
          {
            name: 'linkTarget',
            label: t('linkTarget'),
            hidden: !needsLinkTarget(type),
            input: (
              <Select
                options={[
                  { value: '_blank', label: t('targetBlank') },
                  { value: '_self', label: t('targetSelf') },
                ]}
              />
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
    </>
  );
}
