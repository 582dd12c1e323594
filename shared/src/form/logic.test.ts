import { createField, planCalculations, type FormField } from '@lighting/shared/formcore';
import { recordOf } from './api';
import {
  calculationChanges,
  controlKeysOf,
  fieldAccess,
  initialValuesOf,
  newRow,
  reconcileKeys,
  nameInTree,
  restrictToType,
  systemValueText,
  textStyleOf,
  treePath,
  relationPickerColumns,
  validateTriggersOf,
} from './logic';

function named(f: FormField, name: string): FormField {
  return { ...f, __vModel__: name };
}

describe('the controls a form shows', () => {
  it('lists each control once, inside containers, panes and sub-tables too', () => {
    const row = createField('row', 1);
    const date = named(createField('datePicker', 2), 'd');
    row.__config__.children = [date, named(createField('input', 3), 'a')];
    const tab = createField('tab', 4);
    const pane = {
      __config__: {
        jnpfKey: 'tabItem',
        label: '标签1',
        children: [named(createField('colorPicker', 6), 'c')],
      },
    } as unknown as FormField;
    tab.__config__.children = [pane];
    const t = named(createField('table', 7), 'items');
    t.__config__.children = [named(createField('select', 8), 's'), named(createField('datePicker', 9), 'e')];
    expect(controlKeysOf({ fields: [row, tab, t] }).sort()).toEqual(
      ['colorPicker', 'datePicker', 'input', 'row', 'select', 'tab', 'tabItem', 'table'].sort(),
    );
  });
});

describe('initial values', () => {
  const input = named(createField('input', 1), 'a');
  input.__config__.defaultValue = 'x';
  const tags = named(createField('checkbox', 2), 'tags');
  const t = named(createField('table', 3), 'items');
  const qty = named(createField('inputNumber', 4), 'qty');
  qty.__config__.defaultValue = 1;
  t.__config__.children = [qty, named(createField('input', 5), 'n')];

  it('fills defaults, keeps given values, starts sub-tables empty', () => {
    expect(initialValuesOf({ fields: [input, tags, t] })).toEqual({ a: 'x', tags: [], items: [] });
    expect(initialValuesOf({ fields: [input, t] }, { a: 'given', items: [{ qty: 3 }] })).toEqual({
      a: 'given',
      items: [{ qty: 3 }],
    });
    expect(newRow(t)).toEqual({ qty: 1 });
  });

  it('never shares a default between two values', () => {
    const v1 = initialValuesOf({ fields: [tags] });
    const v2 = initialValuesOf({ fields: [tags] });
    expect(v1.tags).not.toBe(v2.tags);
  });
});

describe('fieldAccess', () => {
  const f = named(createField('input', 1), 'a');
  const ops = (o: Array<{ id: string; read: boolean; write: boolean; required?: boolean }>) =>
    new Map(o.map((x) => [x.id, x]));
  it('reads mode, operates and the field', () => {
    expect(fieldAccess('a', f, { mode: 'edit', operates: new Map() })).toEqual({
      hidden: false,
      disabled: false,
      required: false,
    });
    expect(fieldAccess('a', f, { mode: 'read', operates: new Map() }).disabled).toBe(true);
    expect(
      fieldAccess('a', f, { mode: 'edit', operates: ops([{ id: 'a', read: false, write: false }]) }).hidden,
    ).toBe(true);
    expect(
      fieldAccess('a', f, {
        mode: 'edit',
        operates: ops([{ id: 'a', read: true, write: true, required: true }]),
      }).required,
    ).toBe(true);
    // a read-only field is never required
    const locked = ops([{ id: 'a', read: true, write: false, required: true }]);
    expect(fieldAccess('a', f, { mode: 'edit', operates: locked })).toEqual({
      hidden: false,
      disabled: true,
      required: false,
    });
    expect(
      fieldAccess('c', named(createField('calculate', 2), 'c'), { mode: 'edit', operates: new Map() })
        .disabled,
    ).toBe(true);
    const sys = named(createField('createUser', 3), 'u');
    sys.__config__.noShow = true;
    expect(fieldAccess('u', sys, { mode: 'edit', operates: new Map() })).toMatchObject({
      hidden: true,
      disabled: true,
    });
  });
});

describe('text style', () => {
  it('keeps plain text properties only', () => {
    expect(
      textStyleOf({
        color: '#606266',
        'text-align': 'left',
        'font-size': 12,
        'line-height': 32,
        background: 'url(https://evil)',
        fontWeight: 'bold',
        textDecoration: 'url(x)',
      }),
    ).toEqual({ color: '#606266', textAlign: 'left', fontSize: 12, lineHeight: '32px', fontWeight: 'bold' });
    expect(textStyleOf(null)).toEqual({});
  });
});

describe('selector trees', () => {
  const tree = [
    {
      id: 'c',
      fullName: '公司',
      type: 'company',
      children: [
        {
          id: 'd',
          fullName: '部门',
          type: 'department',
          children: [{ id: 'u', fullName: '张三', type: 'user' }],
        },
      ],
    },
  ];
  it('finds paths and restricts the choosable type', () => {
    expect(treePath(tree, 'u')).toEqual(['c', 'd', 'u']);
    expect(treePath(tree, 'x')).toEqual([]);
    const r = restrictToType(tree, 'user');
    expect(r[0]?.selectable).toBe(false);
    expect(r[0]?.children?.[0]?.children?.[0]).toEqual({
      id: 'u',
      fullName: '张三',
      selectable: true,
      disableCheckbox: false,
    });
    expect(restrictToType(tree, null)[0]?.selectable).toBe(true);
  });
  it("names a system control's stored ids by the tree, an id it does not hold as itself", () => {
    expect(nameInTree(tree, 'd')).toBe('部门');
    expect(nameInTree(tree, 'x')).toBeNull();
    expect(systemValueText(tree, 'u')).toBe('张三');
    expect(systemValueText(tree, ['c', 'gone'])).toBe('公司,gone');
    expect(systemValueText(tree, null)).toBe('');
    expect(systemValueText(tree, '')).toBe('');
  });
});

describe('row keys', () => {
  it('keeps keys of remaining rows and makes new ones', () => {
    let n = 0;
    const fresh = () => `k${(n += 1)}`;
    expect(reconcileKeys([], 2, fresh)).toEqual(['k1', 'k2']);
    expect(reconcileKeys(['a', 'b', 'c'], 2, fresh)).toEqual(['a', 'b']);
    expect(reconcileKeys(['a'], 1, fresh)).toEqual(['a']);
  });
});

describe('calculationChanges', () => {
  it('returns only what changed', () => {
    const a = named(createField('inputNumber', 1), 'a');
    const c = named(createField('calculate', 2), 'c');
    c.expression = [{ __vModel__: 'a', label: 'a' }, '×', 2];
    const plan = planCalculations({ fields: [a, c] });
    expect(calculationChanges(plan, { a: 2, c: 0 })).toEqual({ c: 4 });
    expect(calculationChanges(plan, { a: 2, c: 4 })).toEqual({});
  });
});

describe('recordOf', () => {
  it('reads DataChange answers', () => {
    expect(recordOf({ id: '1', data: '{"area":"东城"}' })).toEqual({ area: '东城', id: '1' });
    expect(recordOf({ id: '1', data: { area: '西城' } })).toEqual({ area: '西城', id: '1' });
    expect(recordOf('{"x":1}')).toEqual({ x: 1 });
    expect(recordOf('not json')).toEqual({});
    expect(recordOf({ area: 'x' })).toEqual({ area: 'x' });
  });
});

describe("a relation's picker", () => {
  it("shows the designer's columns, else the shown field under the control's label", () => {
    const f: FormField = { ...createField('relationForm', 1), relationField: 'address' };
    f.__config__.label = '关联报修';
    expect(relationPickerColumns(f)).toEqual([{ key: 'address', title: '关联报修' }]);
    f.columnOptions = [
      { value: 'address', label: '报修地址' },
      { value: 'reporter', label: '报修人' },
      { value: 'reporter', label: 'again' },
      { value: '', label: 'none' },
    ];
    expect(relationPickerColumns(f)).toEqual([
      { key: 'address', title: '报修地址' },
      { key: 'reporter', title: '报修人' },
    ]);
  });
});

describe('validation triggers', () => {
  it('checks on the designed trigger and always when the field is left', () => {
    const input = createField('input', 1);
    expect(validateTriggersOf(input)).toEqual(['onBlur']);
    expect(validateTriggersOf(createField('select', 2))).toEqual(['onChange', 'onBlur']);
    const unset = createField('select', 3);
    delete unset.__config__.trigger;
    expect(validateTriggersOf(unset)).toEqual(['onChange', 'onBlur']);
  });
});
