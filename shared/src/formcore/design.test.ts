import { createField } from './controls';
import { isValidVModel, validateFormDesign } from './design';
import { valueFields } from './fields';
import settlement from './fixtures/legacy-settlement.json';
import { normalizeForm } from './normalize';
import type { FormField, JnpfKey } from './types';

function f(key: JnpfKey, name?: string, extra: Partial<FormField> = {}): FormField {
  const x = createField(key, name ?? key);
  if (name !== undefined) x.__vModel__ = name;
  return { ...x, ...extra };
}
const ref = (k: string) => ({ __vModel__: k, label: k });
const codes = (fields: FormField[]) => validateFormDesign({ fields }).map((p) => [p.path, p.code]);

describe('validateFormDesign', () => {
  it('accepts a good form, including the legacy fixtures', () => {
    expect(validateFormDesign(normalizeForm(settlement))).toEqual([]);
    const table = f('table', 'items');
    table.__config__.tableName = 'items';
    table.__config__.children = [
      f('inputNumber', 'qty'),
      f('calculate', 'sub', { expression: [ref('items.qty'), '×', 2] }),
    ];
    expect(validateFormDesign({ fields: [f('input', 'a'), table] })).toEqual([]);
  });

  it('checks field names: present, valid, unique per scope', () => {
    expect(isValidVModel('_a1')).toBe(true);
    expect(isValidVModel('1a')).toBe(false);
    expect(isValidVModel('a-b')).toBe(false);
    const row = f('row');
    row.__config__.children = [f('input', 'a')];
    const table = f('table', 'items');
    table.__config__.tableName = 't';
    table.__config__.children = [f('input', 'a'), f('input', 'b'), f('input', 'b')];
    const problems = validateFormDesign({
      fields: [f('input', 'a'), row, f('input', '1x'), f('input', ''), table],
    });
    expect(problems.map((p) => [p.path, p.code])).toEqual([
      ['fields[1].__config__.children[0].__vModel__', 'vModelDuplicate'],
      ['fields[2].__vModel__', 'vModelInvalid'],
      ['fields[3].__vModel__', 'vModelMissing'],
      ['fields[4].__config__.children[2].__vModel__', 'vModelDuplicate'],
    ]);
    expect(problems[0]?.message).toBe("a: duplicate field name 'a' (also at fields[0])");
    expect(problems[0]?.field).toBe('a');
    expect(problems[1]?.text.zh).toContain("字段名 '1x'");
  });

  it('names unknown controls and misplaced panes', () => {
    const bad = f('input', 'a');
    bad.__config__.jnpfKey = 'foo' as JnpfKey;
    const pane = { __config__: { jnpfKey: 'tabItem' as const, label: 'x', children: [] } };
    expect(codes([bad, pane])).toEqual([
      ['fields[0].__config__.jnpfKey', 'unknownControl'],
      ['fields[1].__config__.jnpfKey', 'paneMisplaced'],
    ]);
  });

  it('says why an expression does not parse in each language, without English in the Chinese', () => {
    const text = (expression: unknown[]) =>
      validateFormDesign({ fields: [f('calculate', 'c', { expression })] })[0]?.text;
    expect(text([])).toEqual({
      zh: '计算公式无效：公式为空',
      zhtw: '計算公式無效：公式為空',
      en: 'invalid expression: the expression is empty',
    });
    expect(text([1, '+'])?.zh).toBe('计算公式无效：公式不能以运算符结尾');
    expect(text([1, 2])?.zh).toBe('计算公式无效：第 2 项前缺少运算符');
    expect(text([1, 2])?.en).toBe('invalid expression: an operator is missing before item 2');
    for (const e of [[], [1, '+'], [1, 2], ['(', 1], [{ __vModel__: '' }], [Number.NaN]])
      expect(text(e)?.zh).not.toMatch(/[A-Za-z]/);
  });

  it('checks calculates: grammar, self, unknown fields and cycles (shown)', () => {
    expect(codes([f('calculate', 'c', { expression: [1, '+'] })])).toEqual([
      ['fields[0].expression', 'calcInvalid'],
    ]);
    expect(codes([f('calculate', 'c', { expression: [ref('c'), '+', 1] })])).toEqual([
      ['fields[0].expression', 'calcSelf'],
    ]);
    expect(codes([f('calculate', 'c', { expression: [ref('nope'), '+', ref('t.x')] })])).toEqual([
      ['fields[0].expression', 'calcUnknownField'],
      ['fields[0].expression', 'calcUnknownField'],
    ]);
    const problems = validateFormDesign({
      fields: [
        f('calculate', 'a', { expression: [ref('b')] }),
        f('calculate', 'b', { expression: [ref('a'), '+', 1] }),
      ],
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: 'fields[0].expression', code: 'calcCycle', field: 'a' });
    expect(problems[0]?.message).toBe('a: calculation cycle: a → b → a');
  });

  it('checks relation forms, regList, bill rules and sub-tables', () => {
    const relation = f('relationForm', 'order');
    const attr = f('relationFormAttr', undefined, { relationField: 'other', showField: '' });
    const reg = f('input', 'r');
    reg.__config__.regList = [{ pattern: '/(/', message: 'x' }];
    const table = f('table', 'items');
    table.__config__.children = [f('row'), f('input', 'x')];
    expect(codes([relation, attr, reg, f('billRule', 'no'), table])).toEqual([
      ['fields[4].__config__.children[0]', 'tableLayoutChild'],
      ['fields[0].modelId', 'relationNoModel'],
      ['fields[0].relationField', 'relationNoField'],
      ['fields[1].relationField', 'relationAttrNoForm'],
      ['fields[1].showField', 'relationAttrNoShowField'],
      ['fields[2].__config__.regList[0].pattern', 'regInvalid'],
      ['fields[3].__config__.rule', 'billRuleNoRule'],
      ['fields[4].__config__.tableName', 'tableNoName'],
    ]);
    // one record's values and whole-form controls are not columns either (the designer refuses the drop)
    const perRecord = f('table', 'rows');
    perRecord.__config__.tableName = 'rows';
    perRecord.__config__.children = [f('createUser', 'by'), f('billRule', 'no2'), f('input', 'y')];
    expect(codes([perRecord]).filter(([, code]) => code === 'tableLayoutChild')).toEqual([
      ['fields[0].__config__.children[0]', 'tableLayoutChild'],
      ['fields[0].__config__.children[1]', 'tableLayoutChild'],
    ]);
    const ok = f('relationForm', 'order', { modelId: 'm1', relationField: 'code' });
    expect(
      codes([ok, f('relationFormAttr', undefined, { relationField: 'order', showField: 'area' })]),
    ).toEqual([]);
  });
});

describe('valueFields', () => {
  it('flattens layout and puts sub-table columns under their table', () => {
    const form = normalizeForm(settlement);
    const list = valueFields(form);
    expect(list.map((v) => v.key)).toEqual([
      'billNo',
      'orderId',
      'settlement_item',
      'checker',
      'total',
      'extraFee',
      'account',
      'modifiedAt',
    ]);
    const table = list.find((v) => v.key === 'settlement_item');
    expect(table?.columns?.map((c) => c.key)).toEqual([
      'settlement_item.item',
      'settlement_item.qty',
      'settlement_item.price',
      'settlement_item.subtotal',
      'settlement_item.note',
    ]);
    expect(table?.columns?.[0]?.table).toBe('settlement_item');
    expect(table?.path).toBe('fields[4].__config__.children[0].__config__.children[0]');
  });
});

describe('slow patterns and nesting', () => {
  it('refuses a regList pattern that repeats a repeated group', () => {
    const reg = f('input', 'r');
    reg.__config__.regList = [{ pattern: '/^(a+)+$/', message: 'x' }];
    expect(codes([reg])).toEqual([['fields[0].__config__.regList[0].pattern', 'regSlow']]);
  });

  it('refuses containers nested too deeply when loading', () => {
    let inner: FormField = f('input', 'deep');
    for (let i = 0; i < 20; i += 1) {
      const row = f('row');
      row.__config__.children = [inner];
      inner = row;
    }
    expect(() => normalizeForm({ fields: [inner] })).toThrow(/nested deeper than 12/);
  });
});
