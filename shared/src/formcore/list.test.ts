import { createField } from './controls';
import {
  assignSlots,
  emptyColumnData,
  keyValue,
  keyedFields,
  keywordFields,
  listButtonCodes,
  listDesignProblems,
  normalizeColumnData,
  parseListQuery,
  parseSlotMap,
  searchModeOf,
  TEXT_SLOTS,
  unstoredColumns,
} from './list';
import type { ColumnData, FormData, FormField, JnpfKey } from './types';

let id = 1;
const field = (key: JnpfKey, vModel: string, props: Record<string, unknown> = {}): FormField => ({
  ...createField(key, id++),
  ...props,
  __vModel__: vModel,
});

const form: FormData = {
  fields: [
    field('input', 'name'),
    field('inputNumber', 'qty'),
    field('select', 'kind'),
    field('checkbox', 'tags'),
    field('datePicker', 'day'),
    field('createTime', 'created'),
    field('userSelect', 'owner'),
    field('uploadImg', 'photos'),
    field('table', 'items', { __config__: { ...createField('table', 99).__config__, tableName: 'x' } }),
  ],
};

const list = (over: Partial<ColumnData> = {}): ColumnData => ({
  ...emptyColumnData(),
  columnList: [
    { label: 'Name', prop: 'name', sortable: true },
    { label: 'Qty', prop: 'qty', sortable: true },
  ],
  searchList: [
    { label: 'Name', prop: 'name' },
    { label: 'Kind', prop: 'kind' },
    { label: 'Day', prop: 'day' },
  ],
  ...over,
});

describe('normalizeColumnData', () => {
  it('fills the defaults and drops what it does not know', () => {
    const cd = normalizeColumnData('{"columnList":[{"prop":"name","width":"120","x":1}],"pageSize":7}');
    expect(cd).toMatchObject({
      type: 1,
      pageSize: 20,
      hasPage: true,
      sort: 'desc',
      columnList: [{ label: 'name', prop: 'name', width: 120 }],
    });
    expect(cd?.btnsList.map((b) => b.value)).toEqual(['add', 'download', 'upload', 'batchRemove']);
    expect(normalizeColumnData('')).toBeNull();
    expect(normalizeColumnData('not json')).toBeNull();
  });

  it('keeps only known, distinct buttons', () => {
    const cd = normalizeColumnData({
      btnsList: [{ value: 'add' }, { value: 'add' }, { value: 'fly' }],
      columnBtnsList: [],
    });
    expect(cd?.btnsList).toEqual([{ value: 'add', label: '' }]);
    expect(cd?.columnBtnsList).toEqual([]);
  });
});

describe('listDesignProblems', () => {
  it('accepts a list of the form fields', () => {
    expect(listDesignProblems(list(), form)).toEqual([]);
  });

  it('names unknown, repeated and unsortable columns and unsearchable fields', () => {
    const problems = listDesignProblems(
      list({
        columnList: [
          { label: 'A', prop: 'nope' },
          { label: 'B', prop: 'name' },
          { label: 'C', prop: 'name' },
          { label: 'P', prop: 'photos', sortable: true },
          { label: 'I', prop: 'items' },
        ],
        searchList: [{ label: 'P', prop: 'photos' }],
      }),
      form,
    ).map((p) => p.message);
    expect(problems).toEqual([
      'columnList[0].prop: the form has no field "nope"',
      'columnList[2].prop: column "name" appears twice',
      'columnList[3].sortable: "photos" cannot be sorted',
      'columnList[4].prop: the form has no field "items"',
      'searchList[0].prop: "photos" cannot be searched',
    ]);
  });

  it('asks a grouped list for its field and a tree list for a choice field', () => {
    expect(listDesignProblems(list({ type: 3 }), form).map((p) => p.path)).toEqual(['groupField']);
    expect(listDesignProblems(list({ type: 3, groupField: 'kind' }), form).map((p) => p.message)).toEqual([
      'groupField: the group field must be one of the columns',
    ]);
    const grouped = list({ type: 3, groupField: 'kind' });
    grouped.columnList.push({ label: 'Kind', prop: 'kind' });
    expect(listDesignProblems(grouped, form)).toEqual([]);
    expect(listDesignProblems(list({ type: 2, treeRelation: 'name' }), form).map((p) => p.path)).toEqual([
      'treeRelation',
    ]);
    expect(listDesignProblems(list({ type: 2, treeRelation: 'kind' }), form)).toEqual([]);
  });
});

describe('search modes and keys', () => {
  const byName = (n: string) => form.fields.find((f) => f.__vModel__ === n) as FormField;

  it('searches text by contents, choices and people by id, numbers and times by range', () => {
    expect(
      ['name', 'kind', 'tags', 'qty', 'day', 'created', 'owner', 'photos'].map((n) =>
        searchModeOf(byName(n)),
      ),
    ).toEqual(['contains', 'equals', 'has', 'range', 'range', 'range', 'equals', null]);
  });

  it('keeps keys lower-cased text, lists between commas, and numbers', () => {
    expect(keyValue(byName('name'), 'Lamp A')).toBe('lamp a');
    expect(keyValue(byName('tags'), ['A', 'b'])).toBe(',a,b,');
    expect(keyValue(byName('qty'), '12.5')).toBe(12.5);
    expect(keyValue(byName('qty'), '')).toBeNull();
    expect(keyValue(byName('qty'), 'x')).toBeNull();
    expect(keyValue(byName('photos'), [{ url: 'x' }])).toBeNull();
    expect(keyValue(byName('name'), 'x'.repeat(600))).toHaveLength(500);
  });

  it('keys the fields the list searches, sorts, groups and filters by tree', () => {
    const keyed = keyedFields(list({ type: 3, groupField: 'owner', defaultSidx: 'created' }), form);
    expect([...keyed]).toEqual([
      ['name', 'text'],
      ['kind', 'text'],
      ['day', 'number'],
      ['qty', 'number'],
      ['created', 'text'],
      ['owner', 'text'],
    ]);
  });
});

describe('assignSlots', () => {
  it('keeps given slots, fills free ones and leaves the rest without', () => {
    const first = assignSlots(
      {},
      new Map([
        ['a', 'text'],
        ['n', 'number'],
      ]),
    );
    expect(first).toEqual({ map: { a: 't0', n: 'n0' }, added: ['a', 'n'] });
    const second = assignSlots(
      first.map,
      new Map([
        ['b', 'text'],
        ['a', 'text'],
        ['n', 'text'],
      ]),
    );
    // n changed kind: a new text slot; a keeps t0
    expect(second).toEqual({ map: { a: 't0', b: 't1', n: 't2' }, added: ['b', 'n'] });
    const many = new Map(Array.from({ length: TEXT_SLOTS + 2 }, (_, i) => [`f${i}`, 'text' as const]));
    expect(Object.keys(assignSlots({}, many).map)).toHaveLength(TEXT_SLOTS);
  });

  it('reads a stored map, ignoring what is not a slot', () => {
    expect(parseSlotMap('{"a":"t3","b":"n9","c":"x"}')).toEqual({ a: 't3' });
    expect(parseSlotMap('nope')).toEqual({});
  });
});

describe('parseListQuery', () => {
  it('turns filters into conditions on keys, skipping empty ones', () => {
    expect(parseListQuery({ name: ' Lamp ', kind: '', day: [1, null] }, list(), form)).toEqual({
      ok: true,
      conditions: [
        { field: 'name', mode: 'contains', value: 'lamp' },
        { field: 'day', mode: 'range', value: [1, null] },
      ],
    });
  });

  it('refuses fields the list does not search, and bad values, naming the field', () => {
    expect(parseListQuery({ qty: [1, 2] }, list(), form)).toEqual({
      ok: false,
      message: 'queryJson.qty: not a search field of this list',
    });
    expect(parseListQuery({ day: ['a', 2] }, list(), form)).toEqual({
      ok: false,
      message: 'queryJson.day: must be numbers',
    });
    expect(parseListQuery({ name: { a: 1 } }, list(), form)).toEqual({
      ok: false,
      message: 'queryJson.name: must be a string',
    });
    expect(parseListQuery([1], list(), form)).toEqual({
      ok: false,
      message: 'queryJson: must be a JSON object',
    });
  });

  it('filters a tree list by its tree field', () => {
    const cd = list({ type: 2, treeRelation: 'tags' });
    expect(parseListQuery({ tags: 'A' }, cd, form)).toEqual({
      ok: true,
      conditions: [{ field: 'tags', mode: 'has', value: 'a' }],
    });
  });
});

describe('buttons', () => {
  it('lists the permission codes the list uses, in catalogue order', () => {
    expect(listButtonCodes(list())).toEqual([
      'btn_add',
      'btn_edit',
      'btn_remove',
      'btn_detail',
      'btn_download',
      'btn_upload',
    ]);
    expect(listButtonCodes(list({ btnsList: [], columnBtnsList: [{ value: 'detail', label: '' }] }))).toEqual(
      ['btn_detail'],
    );
    expect(listButtonCodes(null)).toEqual(['btn_add']);
  });

  it('searches by keyword through the text search fields', () => {
    expect(keywordFields(list(), form)).toEqual(['name']);
  });
});

describe('unstoredColumns', () => {
  it('names the columns of calculates records do not hold (shown blank)', () => {
    const f: FormData = {
      fields: [
        field('inputNumber', 'qty'),
        field('calculate', 'shown', { expression: [{ __vModel__: 'qty', label: 'qty' }] }),
        field('calculate', 'kept', { expression: [{ __vModel__: 'qty', label: 'qty' }], isStorage: 1 }),
      ],
    };
    const cd = {
      ...emptyColumnData(),
      columnList: ['qty', 'shown', 'kept'].map((prop) => ({ prop, label: prop })),
    };
    expect(unstoredColumns(cd, f)).toEqual(['shown']);
  });
});
