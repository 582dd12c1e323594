import { createField, type FormData, type FormField, type JnpfKey } from '@lighting/shared/formcore';
import {
  HISTORY_LIMIT,
  ROOT,
  accepts,
  allFields,
  canRedo,
  canUndo,
  designReducer,
  fieldId,
  findField,
  formToSave,
  initialDesign,
  listOf,
  locate,
  type DesignAction,
  type DesignState,
} from './designState';

// A small factory standing in for the catalogue: value controls get `${key}Field${id}`.
const CONTAINERS = new Set(['row', 'card', 'table', 'tab', 'collapse']);
const make =
  (key: JnpfKey) =>
  (formId: number): FormField => {
    const f: FormField = { __config__: { jnpfKey: key, label: key, formId } };
    if (CONTAINERS.has(key)) f.__config__.children = [];
    if (key === 'tab')
      f.__config__.children = [
        { __config__: { jnpfKey: 'tabItem', label: 'Tab 1', formId: formId + 1, children: [] } },
      ];
    if (!CONTAINERS.has(key) && key !== 'divider') f.__vModel__ = `${key}Field${formId}`;
    return f;
  };

const run = (s: DesignState, ...actions: DesignAction[]) => actions.reduce(designReducer, s);
const empty = (): DesignState => initialDesign({ fields: [] });
const ids = (fields: readonly FormField[]) => fields.map((f) => f.__config__.jnpfKey);
const ins = (key: JnpfKey, list = ROOT, index = 99): DesignAction => ({
  type: 'insert',
  make: make(key),
  list,
  index,
});

describe('insert', () => {
  it('adds at the index with fresh ids and selects the new control', () => {
    const s = run(empty(), ins('input'), ins('select'), ins('textarea', ROOT, 1));
    expect(ids(s.form.fields)).toEqual(['input', 'textarea', 'select']);
    expect(s.form.fields.map((f) => f.__config__.formId)).toEqual([1, 3, 2]);
    expect(s.form.fields[1]!.__vModel__).toBe('textareaField3');
    expect(s.selected).toBe('3');
    expect(s.nextId).toBe(4);
  });

  it('gives every pane of a new tab its own id', () => {
    const s = run(empty(), ins('tab'));
    const tab = s.form.fields[0]!;
    expect(tab.__config__.formId).toBe(1);
    expect(tab.__config__.children![0]!.__config__.formId).toBe(2);
    expect(s.nextId).toBe(3);
  });

  it('puts controls into rows, panes and sub-tables but refuses what does not belong there', () => {
    let s = run(empty(), ins('row'), ins('tab'), ins('table'));
    const [row, tab, table] = s.form.fields.map(fieldId) as [string, string, string];
    const pane = fieldId(s.form.fields[1]!.__config__.children![0]!);
    s = run(s, ins('input', row), ins('card', pane), ins('inputNumber', table));
    expect(ids(listOf(s.form, row)!)).toEqual(['input']);
    expect(ids(listOf(s.form, pane)!)).toEqual(['card']);
    expect(ids(listOf(s.form, table)!)).toEqual(['inputNumber']);
    const before = s;
    // a tab holds panes only; a sub-table holds no layout, no sub-table, no system value
    expect(run(s, ins('input', tab))).toBe(before);
    expect(run(s, ins('row', table))).toBe(before);
    expect(run(s, ins('table', table))).toBe(before);
    expect(run(s, ins('createUser', table))).toBe(before);
    expect(run(s, ins('input', 'nope'))).toBe(before);
  });

  it('clamps the index', () => {
    const s = run(empty(), ins('input'), ins('select', ROOT, -5));
    expect(ids(s.form.fields)).toEqual(['select', 'input']);
  });
});

describe('move', () => {
  it('reorders within a list (final index) and across lists', () => {
    let s = run(empty(), ins('input'), ins('select'), ins('textarea'), ins('row'));
    s = run(s, { type: 'move', id: '1', list: ROOT, index: 2 });
    expect(ids(s.form.fields)).toEqual(['select', 'textarea', 'input', 'row']);
    s = run(s, { type: 'move', id: '2', list: '4', index: 0 });
    expect(ids(s.form.fields)).toEqual(['textarea', 'input', 'row']);
    expect(ids(listOf(s.form, '4')!)).toEqual(['select']);
    expect(locate(s.form, '2')).toEqual({ list: '4', index: 0 });
  });

  it('refuses to put a container inside itself and to move a row into a sub-table', () => {
    let s = run(empty(), ins('card'), ins('table'));
    s = run(s, ins('row', '1'));
    const before = s;
    expect(run(s, { type: 'move', id: '1', list: '3', index: 0 })).toBe(before);
    expect(run(s, { type: 'move', id: '1', list: '1', index: 0 })).toBe(before);
    expect(run(s, { type: 'move', id: '3', list: '2', index: 0 })).toBe(before);
  });

  it('is no step when nothing moves', () => {
    const s = run(empty(), ins('input'), ins('select'));
    expect(run(s, { type: 'move', id: '1', list: ROOT, index: 0 }).past).toHaveLength(s.past.length);
  });
});

describe('copy', () => {
  it('inserts a copy after the original with new formIds and field names, children too', () => {
    let s = run(empty(), ins('row'), ins('input', '1'), ins('relationForm', '1'));
    s = run(s, {
      type: 'insert',
      list: '1',
      index: 9,
      make: (id) => ({
        __config__: { jnpfKey: 'relationFormAttr', label: 'attr', formId: id },
        relationField: 'relationFormField3',
        showField: 'name',
      }),
    });
    s = run(s, { type: 'copy', id: '1' });
    expect(ids(s.form.fields)).toEqual(['row', 'row']);
    const copy = s.form.fields[1]!;
    expect(copy.__config__.formId).toBe(5);
    const kids = copy.__config__.children!;
    expect(kids.map((f) => f.__config__.formId)).toEqual([6, 7, 8]);
    expect(kids.map((f) => f.__vModel__)).toEqual(['inputField6', 'relationFormField7', undefined]);
    // the copied attribute follows the copied relation form, the original keeps its own
    expect(kids[2]!.relationField).toBe('relationFormField7');
    expect(s.form.fields[0]!.__config__.children![2]!.relationField).toBe('relationFormField3');
    expect(s.selected).toBe('5');
    const names = allFields(s.form.fields)
      .map((f) => f.__vModel__)
      .filter(Boolean);
    expect(new Set(names).size).toBe(names.length);
  });

  it('does not share objects between the copy and the original', () => {
    let s = run(empty(), ins('select'));
    s = run(s, { type: 'update', id: '1', props: { options: [{ id: 'a', fullName: 'A' }] } });
    s = run(s, { type: 'copy', id: '1' });
    expect(s.form.fields[1]!.options).not.toBe(s.form.fields[0]!.options);
  });
});

describe('remove, panes and update', () => {
  it('removes a control (with its children) and clears a selection inside it', () => {
    let s = run(empty(), ins('card'), ins('input', '1'), ins('select'));
    s = run(s, { type: 'select', id: '2' }, { type: 'remove', id: '1' });
    expect(ids(s.form.fields)).toEqual(['select']);
    expect(s.selected).toBeNull();
  });

  it('adds panes and keeps at least one', () => {
    let s = run(empty(), ins('collapse'));
    s = run(s, { type: 'addPane', id: '1', label: 'A' }, { type: 'addPane', id: '1', label: 'B' });
    const panes = listOf(s.form, '1')!;
    expect(panes.map((p) => [p.__config__.jnpfKey, p.__config__.label])).toEqual([
      ['collapseItem', 'A'],
      ['collapseItem', 'B'],
    ]);
    s = run(s, { type: 'removePane', id: '1', paneId: fieldId(panes[0]!) });
    expect(listOf(s.form, '1')).toHaveLength(1);
    const last = s;
    expect(run(s, { type: 'removePane', id: '1', paneId: fieldId(listOf(s.form, '1')![0]!) })).toBe(last);
    // a pane itself cannot be deleted or copied as a control
    expect(run(s, { type: 'remove', id: fieldId(listOf(s.form, '1')![0]!) })).toBe(last);
  });

  it('updates props and config but never the formId', () => {
    let s = run(empty(), ins('input'));
    s = run(s, {
      type: 'update',
      id: '1',
      props: { placeholder: 'p' },
      config: { label: 'Name', required: true, formId: 99 },
    });
    const f = findField(s.form.fields, '1')!;
    expect(f.placeholder).toBe('p');
    expect(f.__config__).toMatchObject({ label: 'Name', required: true, formId: 1 });
  });
});

describe('undo and redo', () => {
  it('walks back and forth, and a new edit drops the redo branch', () => {
    let s = run(empty(), ins('input'), ins('select'));
    expect(canUndo(s)).toBe(true);
    s = run(s, { type: 'undo' });
    expect(ids(s.form.fields)).toEqual(['input']);
    expect(canRedo(s)).toBe(true);
    s = run(s, { type: 'redo' });
    expect(ids(s.form.fields)).toEqual(['input', 'select']);
    s = run(s, { type: 'undo' }, ins('textarea'));
    expect(canRedo(s)).toBe(false);
    expect(ids(s.form.fields)).toEqual(['input', 'textarea']);
    s = run(s, { type: 'undo' }, { type: 'undo' }, { type: 'undo' });
    expect(s.form.fields).toEqual([]);
    expect(canUndo(s)).toBe(false);
  });

  it('makes one step of typing in one property, two of two properties', () => {
    let s = run(empty(), ins('input'));
    const typed = ['N', 'Na', 'Nam', 'Name'].map((label): DesignAction => ({
      type: 'update',
      id: '1',
      config: { label },
      coalesce: 'label',
    }));
    s = run(s, ...typed);
    expect(s.past).toHaveLength(2);
    s = run(s, { type: 'update', id: '1', props: { placeholder: 'x' }, coalesce: 'placeholder' });
    expect(s.past).toHaveLength(3);
    s = run(s, { type: 'undo' });
    expect(s.form.fields[0]!.__config__.label).toBe('Name');
    s = run(s, { type: 'undo' });
    expect(s.form.fields[0]!.__config__.label).toBe('input');
  });

  it('clears a selection that undo removes and remembers at most the limit', () => {
    let s = run(empty(), ins('input'));
    s = run(s, { type: 'undo' });
    expect(s.selected).toBeNull();
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) s = run(s, ins('input'));
    expect(s.past).toHaveLength(HISTORY_LIMIT);
  });

  it('records form settings as a step', () => {
    let s = run(empty(), { type: 'settings', patch: { popupType: 'drawer', labelWidth: 120 } });
    expect(s.form).toMatchObject({ popupType: 'drawer', labelWidth: 120, fields: [] });
    s = run(s, { type: 'undo' });
    expect(s.form.popupType).toBeUndefined();
  });
});

describe('load', () => {
  it('starts ids above the loaded form and forgets the history', () => {
    const form: FormData = {
      fields: [
        { __config__: { jnpfKey: 'input', label: 'a', formId: 7 }, __vModel__: 'a' },
        { __config__: { jnpfKey: 'row', label: 'r', formId: '12', children: [] } },
      ],
    };
    const s = run(empty(), ins('input'), { type: 'load', form });
    expect(s.nextId).toBe(13);
    expect(s.past).toEqual([]);
    expect(accepts(s.form, '12', 'input')).toBe(true);
  });

  it('numbers panes saved without a formId and keeps the running id when saving', () => {
    const tab = createField('tab', 3);
    const s = run(empty(), { type: 'load', form: { idGlobal: 20, fields: [tab] } });
    const pane = s.form.fields[0]!.__config__.children![0]!;
    expect(pane.__config__.formId).toBe(20);
    expect(s.nextId).toBe(21);
    expect(formToSave(run(s, ins('input', fieldId(pane)))).idGlobal).toBe(22);
  });

  it('replaces the form as one undoable step (import)', () => {
    let s = run(empty(), ins('input'), ins('select'));
    const form: FormData = { fields: [{ __config__: { jnpfKey: 'tab', label: 't', children: [] } }] };
    s = run(s, { type: 'replace', form });
    expect(ids(s.form.fields)).toEqual(['tab']);
    expect(s.form.fields[0]!.__config__.formId).toBe(1);
    // ids keep rising across the replacement, so undo brings back no clash
    expect(s.nextId).toBe(3);
    s = run(s, { type: 'undo' });
    expect(ids(s.form.fields)).toEqual(['input', 'select']);
  });

  it('works with the catalogue: a tab gets its panes, a pane its name', () => {
    let s = run(empty(), {
      type: 'insert',
      make: (id) => createField('tab', id, 'en'),
      list: ROOT,
      index: 0,
    });
    s = run(s, { type: 'addPane', id: '1', label: 'Tab 2' });
    const panes = listOf(s.form, '1')!;
    expect(panes.map((p) => [p.__config__.jnpfKey, p.__config__.label, p.name])).toEqual([
      ['tabItem', 'Tab 1', '1_1'],
      ['tabItem', 'Tab 2', '1_2'],
    ]);
    s = run(s, {
      type: 'insert',
      make: (id) => createField('input', id),
      list: fieldId(panes[1]!),
      index: 0,
    });
    expect(listOf(s.form, fieldId(panes[1]!))![0]!.__vModel__).toBe('inputField4');
  });
});
