import {
  createField,
  emptyColumnData,
  listDesignProblems,
  type FormData,
  type JnpfKey,
} from '@lighting/shared/formcore';
import { editList, fieldChoices, followRenames, starterList } from './listDesign';

let id = 1;
const field = (key: JnpfKey, vModel: string, label: string) => ({
  ...createField(key, id++),
  __vModel__: vModel,
  __config__: { ...createField(key, id++).__config__, label },
});
const form: FormData = {
  fields: [
    field('input', 'name', '名称'),
    field('select', 'kind', '类型'),
    field('inputNumber', 'watts', '功率'),
    field('uploadImg', 'photo', '照片'),
  ],
};

describe('list designer edits', () => {
  it('starts a list from the form: columns it can show, searchable fields', () => {
    const cd = starterList(form);
    expect(cd.columnList.map((c) => c.prop)).toEqual(['name', 'kind', 'watts']);
    expect(cd.searchList.map((c) => c.prop)).toEqual(['name', 'kind', 'watts']);
    expect(listDesignProblems(cd, form)).toEqual([]);
  });

  it('adds once, moves, edits and removes columns; a removed group column ends the grouping', () => {
    let cd = editList(emptyColumnData(), { type: 'add', place: 'columnList', prop: 'name', label: '名称' });
    cd = editList(cd, { type: 'add', place: 'columnList', prop: 'name', label: '名称' });
    cd = editList(cd, { type: 'add', place: 'columnList', prop: 'kind', label: '类型' });
    expect(cd.columnList.map((c) => c.prop)).toEqual(['name', 'kind']);
    cd = editList(cd, { type: 'move', place: 'columnList', index: 1, by: -1 });
    cd = editList(cd, { type: 'move', place: 'columnList', index: 0, by: -1 });
    expect(cd.columnList.map((c) => c.prop)).toEqual(['kind', 'name']);
    cd = editList(cd, {
      type: 'update',
      place: 'columnList',
      index: 1,
      patch: { sortable: true, width: 90 },
    });
    expect(cd.columnList[1]).toEqual({
      prop: 'name',
      label: '名称',
      align: 'left',
      sortable: true,
      width: 90,
    });
    cd = editList(cd, { type: 'set', patch: { type: 3, groupField: 'kind' } });
    expect(listDesignProblems(cd, form)).toEqual([]);
    cd = editList(cd, { type: 'remove', place: 'columnList', index: 0 });
    expect(cd.groupField).toBeUndefined();
    expect(listDesignProblems(cd, form).map((p) => p.path)).toEqual(['groupField']);
  });

  it('turns buttons on and off in their order and keeps their texts', () => {
    let cd = editList(emptyColumnData(), { type: 'button', group: 'top', value: 'add', on: false });
    expect(cd.btnsList.map((b) => b.value)).toEqual(['download', 'upload', 'batchRemove']);
    cd = editList(cd, { type: 'button', group: 'top', value: 'add', on: true });
    expect(cd.btnsList.map((b) => b.value)).toEqual(['add', 'download', 'upload', 'batchRemove']);
    cd = editList(cd, { type: 'buttonLabel', value: 'add', label: '登记' });
    expect(cd.btnsList[0]).toEqual({ value: 'add', label: '登记' });
    expect(editList(cd, { type: 'button', group: 'row', value: 'edit', on: true })).toBe(cd);
  });

  it('offers each place the fields it can take', () => {
    const c = fieldChoices(form);
    expect(c.search.map((x) => x.prop)).toEqual(['name', 'kind', 'watts']);
    expect(c.sortable.map((x) => x.prop)).toEqual(['name', 'kind', 'watts']);
    expect(c.tree.map((x) => x.prop)).toEqual(['kind']);
  });
});

describe('renaming a form field', () => {
  const renamed = (label: string): FormData => ({
    fields: form.fields.map((f) =>
      f.__vModel__ === 'name' ? { ...f, __config__: { ...f.__config__, label } } : f,
    ),
  });

  it('renames its column and search field while their label is still the copy', () => {
    const cd = starterList(form);
    const next = followRenames(cd, form, renamed('灯杆名称'));
    expect(next.columnList.find((c) => c.prop === 'name')?.label).toBe('灯杆名称');
    expect(next.searchList.find((c) => c.prop === 'name')?.label).toBe('灯杆名称');
    // and back, on undo
    expect(followRenames(next, renamed('灯杆名称'), form).columnList[0]?.label).toBe('名称');
  });

  it("keeps a label the designer wrote in the list, and the same list when no field's label changed", () => {
    const cd = editList(starterList(form), {
      type: 'update',
      place: 'columnList',
      index: 0,
      patch: { label: '杆名' },
    });
    const next = followRenames(cd, form, renamed('灯杆名称'));
    expect(next.columnList[0]?.label).toBe('杆名');
    expect(next.searchList[0]?.label).toBe('灯杆名称');
    expect(followRenames(cd, form, { fields: [...form.fields] })).toBe(cd);
  });
});

describe('a calculate that is not stored', () => {
  const withCalc = (isStorage: number): FormData => ({
    fields: [
      field('inputNumber', 'qty', '数量'),
      {
        ...field('calculate', 'total', '金额'),
        expression: [{ __vModel__: 'qty', label: '数量' }],
        isStorage,
      },
    ],
  });

  it('is no column of a new list, nor offered to search or sort by: its records do not hold it', () => {
    const shown = withCalc(0);
    expect(starterList(shown).columnList.map((c) => c.prop)).toEqual(['qty']);
    const choices = fieldChoices(shown);
    expect(choices.columns.map((c) => c.prop)).toEqual(['qty', 'total']);
    expect(choices.search.map((c) => c.prop)).toEqual(['qty']);
    expect(choices.sortable.map((c) => c.prop)).toEqual(['qty']);
    // stored, it is like any number
    expect(starterList(withCalc(1)).columnList.map((c) => c.prop)).toEqual(['qty', 'total']);
    expect(fieldChoices(withCalc(1)).sortable.map((c) => c.prop)).toEqual(['qty', 'total']);
  });
});
