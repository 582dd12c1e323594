import {
  createField,
  emptyColumnData,
  type ColumnData,
  type FormData,
  type JnpfKey,
} from '@lighting/shared/formcore';
import { buttonLabel, groupRows, listButtons, queryJsonOf, searchItems, sizeText } from './listLogic';

let id = 1;
const field = (key: JnpfKey, vModel: string, props: Record<string, unknown> = {}) => ({
  ...createField(key, id++),
  ...props,
  __vModel__: vModel,
});
const form: FormData = {
  fields: [
    field('input', 'name'),
    field('select', 'kind', { multiple: true }),
    field('inputNumber', 'watts'),
    field('datePicker', 'day'),
    field('createTime', 'created'),
    field('uploadImg', 'photo'),
  ],
};
const list = (over: Partial<ColumnData> = {}): ColumnData => ({
  ...emptyColumnData(),
  columnList: [{ prop: 'name', label: '名称' }],
  searchList: ['name', 'kind', 'watts', 'day', 'created', 'photo', 'gone'].map((prop) => ({
    prop,
    label: prop,
  })),
  ...over,
});

describe('the published list page', () => {
  it('fills each search field its own way; fields the form lost or cannot search are left out', () => {
    const items = searchItems(list(), form);
    expect(items.map((i) => [i.item.prop, i.input])).toEqual([
      ['name', 'text'],
      ['kind', 'control'],
      ['watts', 'numberRange'],
      ['day', 'dateRange'],
      ['created', 'timeTextRange'],
    ]);
    // one value to look for, even where the form takes several
    expect(items[1]?.field.multiple).toBe(false);
  });

  it('turns a filled search into queryJson, skipping empty fields', () => {
    const items = searchItems(list(), form);
    expect(queryJsonOf(items, {})).toBeUndefined();
    expect(
      JSON.parse(
        queryJsonOf(items, {
          name: '东城',
          kind: ['a', 'b'],
          watts: [null, 100],
          day: [null, null],
          created: '',
        }) ?? '{}',
      ),
    ).toEqual({ name: '东城', kind: 'b', watts: [null, 100] });
  });

  it('shows the buttons the list has and the user holds; a preview shows them all', () => {
    const held = new Set(['btn_add', 'btn_edit']);
    expect(listButtons(list(), (c) => held.has(c), false)).toEqual({
      add: true,
      download: false,
      upload: false,
      batchRemove: false,
      edit: true,
      remove: false,
      detail: false,
    });
    expect(Object.values(listButtons(list({ btnsList: [] }), () => false, true))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(buttonLabel(list({ btnsList: [{ value: 'add', label: '登记' }] }), 'add', '新增')).toBe('登记');
    expect(buttonLabel(list(), 'add', '新增')).toBe('新增');
  });

  it('puts the page’s rows under their group headers', () => {
    const rows = [
      { id: '1', kind: '甲' },
      { id: '2', kind: '甲' },
      { id: '3', kind: '乙' },
    ];
    const groups = [
      { key: 'a', label: '甲', count: 9 },
      { key: 'b', label: '乙', count: 1 },
    ];
    expect(groupRows(rows, groups, 'kind').map((g) => [g.group.label, g.children.map((r) => r.id)])).toEqual([
      ['甲', ['1', '2']],
      ['乙', ['3']],
    ]);
    expect(sizeText(3.3 * 1024 * 1024)).toBe('3.3 MB');
  });
});
