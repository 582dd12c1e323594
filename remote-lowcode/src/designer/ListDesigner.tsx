// The list designer, beside the form designer (design/lowcode.md list JSON): the columns (label,
// field, alignment, width, sortable) and search fields taken from the form's fields, the list type
// (plain, a tree on the left from a choice or related-form field, grouped by a column), the default
// sort, paging and page size, the top buttons (add, export, import, batch delete) and the row
// buttons (edit, delete, details) with their texts. Problems (formcore listDesignProblems, the
// server's own check) are listed in the page's language. A column of a calculate that is not stored
// (JNPF's default) would be blank: the designer says so and stores it with one click.
//
import { useMemo } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import Card from 'antd/es/card';
import Radio from 'antd/es/radio';
import Switch from 'antd/es/switch';
import Checkbox from 'antd/es/checkbox';
import Alert from 'antd/es/alert';
import Flex from 'antd/es/flex';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import {
  formLang,
  listDesignProblems,
  unstoredColumns,
  PAGE_SIZES,
  ROW_BUTTONS,
  TOP_BUTTONS,
  type ColumnData,
  type ColumnItem,
  type FormData,
} from '@lighting/shared/formcore';
import { editList, fieldChoices, type ListEdit, type ListPlace } from './listDesign';
import '../i18nList';

export interface ListDesignerProps {
  form: FormData;
  list: ColumnData;
  onChange(next: ColumnData): void;
  /** store the calculate `prop`'s value with its records (the form's isStorage 1) */
  onStore(prop: string): void;
}

export function ListDesigner({ form, list, onChange, onStore }: ListDesignerProps) {
  const { t, i18n } = useTranslation('lowcodeList');
  const choices = useMemo(() => fieldChoices(form), [form]);
  const fields = useMemo(() => new Map(choices.columns.map((c) => [c.prop, c])), [choices]);
  const problems = useMemo(() => listDesignProblems(list, form), [list, form]);
  const edit = (e: ListEdit) => onChange(editList(list, e));
  const lang = formLang(i18n.language);
  const unstored = useMemo(() => unstoredColumns(list, form), [list, form]);
  const sortable = useMemo(() => new Set(choices.sortable.map((c) => c.prop)), [choices]);

  if (!choices.columns.length) return <Alert type="info" showIcon message={t('emptyForm')} />;

  const placeTable = (place: ListPlace) => {
    const rows = list[place];
    const offered = (place === 'columnList' ? choices.columns : choices.search).filter(
      (c) => !rows.some((r) => r.prop === c.prop),
    );
    return (
      <Card
        size="small"
        title={place === 'columnList' ? t('columns') : t('searchFields')}
        extra={
          <Select
            size="small"
            style={{ width: 200 }}
            placeholder={t('addField')}
            value={null}
            options={offered.map((c) => ({ value: c.prop, label: `${c.label} (${c.prop})` }))}
            onChange={(prop: string) =>
              edit({ type: 'add', place, prop, label: fields.get(prop)?.label ?? prop })
            }
            data-testid={`list-add-${place}`}
          />
        }
        data-testid={`list-${place}`}
      >
        <Table<ColumnItem & { index: number }>
          size="small"
          pagination={false}
          rowKey="prop"
          dataSource={rows.map((r, index) => ({ ...r, index }))}
          columns={[
            {
              key: 'label',
              title: t('label'),
              render: (_v, r) => (
                <Input
                  size="small"
                  value={r.label}
                  maxLength={100}
                  onChange={(e) =>
                    edit({ type: 'update', place, index: r.index, patch: { label: e.target.value } })
                  }
                  data-testid={`list-label-${r.prop}`}
                />
              ),
            },
            { key: 'prop', title: t('field'), dataIndex: 'prop', width: 130, ellipsis: true },
            ...(place === 'columnList'
              ? [
                  {
                    key: 'align',
                    title: t('align'),
                    width: 90,
                    render: (_v: unknown, r: ColumnItem & { index: number }) => (
                      <Select
                        size="small"
                        value={r.align ?? 'left'}
                        style={{ width: 76 }}
                        options={(['left', 'center', 'right'] as const).map((a) => ({
                          value: a,
                          label: t(a),
                        }))}
                        onChange={(align: 'left' | 'center' | 'right') =>
                          edit({ type: 'update', place, index: r.index, patch: { align } })
                        }
                      />
                    ),
                  },
                  {
                    key: 'width',
                    title: t('width'),
                    width: 96,
                    render: (_v: unknown, r: ColumnItem & { index: number }) => (
                      <InputNumber
                        size="small"
                        min={40}
                        max={800}
                        value={r.width ?? null}
                        style={{ width: 80 }}
                        onChange={(w) =>
                          edit({
                            type: 'update',
                            place,
                            index: r.index,
                            patch: { width: typeof w === 'number' ? w : undefined },
                          })
                        }
                      />
                    ),
                  },
                  {
                    key: 'sortable',
                    title: t('sortable'),
                    width: 76,
                    render: (_v: unknown, r: ColumnItem & { index: number }) => {
                      return (
                        <Switch
                          size="small"
                          checked={r.sortable === true}
                          disabled={!sortable.has(r.prop)}
                          onChange={(sortable) =>
                            edit({
                              type: 'update',
                              place,
                              index: r.index,
                              patch: { sortable: sortable || undefined },
                            })
                          }
                          data-testid={`list-sortable-${r.prop}`}
                        />
                      );
                    },
                  },
                ]
              : []),
            {
              key: '_move',
              width: 104,
              render: (_v, r) => (
                <Space size={0}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('up')}
                    disabled={r.index === 0}
                    onClick={() => edit({ type: 'move', place, index: r.index, by: -1 })}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('down')}
                    disabled={r.index === rows.length - 1}
                    onClick={() => edit({ type: 'move', place, index: r.index, by: 1 })}
                  />
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('remove')}
                    onClick={() => edit({ type: 'remove', place, index: r.index })}
                    data-testid={`list-remove-${r.prop}`}
                  />
                </Space>
              ),
            },
          ]}
        />
      </Card>
    );
  };

  const sortOptions = [
    { value: '', label: t('byCreation') },
    ...choices.sortable.map((c) => ({ value: c.prop, label: `${c.label} (${c.prop})` })),
  ];

  return (
    <Flex gap={12} align="flex-start" style={{ width: '100%' }} data-testid="list-designer">
      <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
        {problems.length > 0 && (
          <Alert
            type="warning"
            showIcon
            message={t('listProblems', { count: problems.length })}
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {problems.map((p) => (
                  <li key={p.path}>{p.text[lang]}</li>
                ))}
              </ul>
            }
            data-testid="list-problems"
          />
        )}
        {unstored.map((prop) => (
          <Alert
            key={prop}
            type="warning"
            showIcon
            message={t('unstoredColumn', { label: fields.get(prop)?.label ?? prop })}
            action={
              <Button size="small" onClick={() => onStore(prop)} data-testid={`list-store-${prop}`}>
                {t('storeValue')}
              </Button>
            }
            data-testid="list-unstored"
          />
        ))}
        {placeTable('columnList')}
        {placeTable('searchList')}
      </Flex>
      <Card
        size="small"
        title={t('settings')}
        style={{ width: 320, flex: 'none' }}
        data-testid="list-settings"
      >
        <Flex vertical gap={10}>
          <div>
            <Typography.Text type="secondary">{t('listType')}</Typography.Text>
            <Radio.Group
              value={list.type}
              onChange={(e) => edit({ type: 'set', patch: { type: e.target.value as 1 | 2 | 3 } })}
              options={[
                { value: 1, label: t('type1') },
                { value: 2, label: t('type2') },
                { value: 3, label: t('type3') },
              ]}
              data-testid="list-type"
            />
          </div>
          {list.type === 2 && (
            <>
              <Select
                placeholder={t('treeField')}
                value={list.treeRelation ?? null}
                options={choices.tree.map((c) => ({ value: c.prop, label: `${c.label} (${c.prop})` }))}
                onChange={(treeRelation: string) => edit({ type: 'set', patch: { treeRelation } })}
                data-testid="list-tree-field"
              />
              <Input
                placeholder={t('treeTitle')}
                value={list.treeTitle ?? ''}
                maxLength={100}
                onChange={(e) => edit({ type: 'set', patch: { treeTitle: e.target.value } })}
              />
            </>
          )}
          {list.type === 3 && (
            <Select
              placeholder={t('groupField')}
              value={list.groupField ?? null}
              options={list.columnList
                .filter((c) => sortable.has(c.prop))
                .map((c) => ({ value: c.prop, label: `${c.label} (${c.prop})` }))}
              onChange={(groupField: string) => edit({ type: 'set', patch: { groupField } })}
              data-testid="list-group-field"
            />
          )}
          <div>
            <Typography.Text type="secondary">{t('defaultSort')}</Typography.Text>
            <Flex gap={6}>
              <Select
                style={{ flex: 1 }}
                value={list.defaultSidx ?? ''}
                options={sortOptions}
                onChange={(defaultSidx: string) => edit({ type: 'set', patch: { defaultSidx } })}
                data-testid="list-default-sort"
              />
              <Select
                style={{ width: 96 }}
                value={list.sort ?? 'desc'}
                options={[
                  { value: 'asc', label: t('asc') },
                  { value: 'desc', label: t('desc') },
                ]}
                onChange={(sort: 'asc' | 'desc') => edit({ type: 'set', patch: { sort } })}
              />
            </Flex>
          </div>
          <Flex gap={12} align="center">
            <Space>
              <Typography.Text type="secondary">{t('paging')}</Typography.Text>
              <Switch
                size="small"
                checked={list.hasPage !== false}
                onChange={(hasPage) => edit({ type: 'set', patch: { hasPage } })}
              />
            </Space>
            <Typography.Text type="secondary">{t('pageSize')}</Typography.Text>
            <Select
              style={{ width: 80 }}
              value={list.pageSize ?? 20}
              disabled={list.hasPage === false}
              options={PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))}
              onChange={(pageSize: number) => edit({ type: 'set', patch: { pageSize } })}
              data-testid="list-page-size"
            />
          </Flex>
          {(['top', 'row'] as const).map((group) => {
            const all = group === 'top' ? TOP_BUTTONS : ROW_BUTTONS;
            const current = group === 'top' ? list.btnsList : list.columnBtnsList;
            return (
              <div key={group}>
                <Typography.Text type="secondary">
                  {group === 'top' ? t('topButtons') : t('rowButtons')}
                </Typography.Text>
                {all.map((value) => {
                  const on = current.find((b) => b.value === value);
                  return (
                    <Flex key={value} gap={6} align="center" style={{ marginTop: 4 }}>
                      <Checkbox
                        checked={!!on}
                        onChange={(e) =>
                          edit(
                            group === 'top'
                              ? {
                                  type: 'button',
                                  group,
                                  value: value as (typeof TOP_BUTTONS)[number],
                                  on: e.target.checked,
                                }
                              : {
                                  type: 'button',
                                  group,
                                  value: value as (typeof ROW_BUTTONS)[number],
                                  on: e.target.checked,
                                },
                          )
                        }
                        style={{ width: 112, flex: 'none' }}
                        data-testid={`list-btn-${value}`}
                      >
                        {t(`btn_${value}`)}
                      </Checkbox>
                      <Input
                        size="small"
                        disabled={!on}
                        placeholder={t('buttonText')}
                        maxLength={50}
                        value={on?.label ?? ''}
                        onChange={(e) => edit({ type: 'buttonLabel', value, label: e.target.value })}
                      />
                    </Flex>
                  );
                })}
              </div>
            );
          })}
        </Flex>
      </Card>
    </Flex>
  );
}
