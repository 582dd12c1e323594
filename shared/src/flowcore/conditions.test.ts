import {
  SYMBOLS_BY_TYPE,
  evaluateConditions,
  evaluatePredicate,
  flowFieldsOfForm,
  predicateProblem,
} from './conditions';
import type { ConditionPredicate } from './types';
import type { FormData } from '../formcore/types';

const p = (
  field: string,
  fieldType: ConditionPredicate['fieldType'],
  symbol: ConditionPredicate['symbol'],
  filedValue: ConditionPredicate['filedValue'],
  logic: ConditionPredicate['logic'] = '&&',
): ConditionPredicate => ({ field, fieldType, symbol, filedValue, logic });

describe('predicates', () => {
  test('numbers compare as numbers, from numbers or numeric text', () => {
    expect(evaluatePredicate(p('cost', 'number', '>=', 5000), { cost: 5000 })).toBe(true);
    expect(evaluatePredicate(p('cost', 'number', '>', 5000), { cost: '5000.5' })).toBe(true);
    expect(evaluatePredicate(p('cost', 'number', '<', '10'), { cost: 9 })).toBe(true);
    expect(evaluatePredicate(p('cost', 'number', '==', 10), { cost: '10.0' })).toBe(true);
    expect(evaluatePredicate(p('cost', 'number', '<>', 10), { cost: 11 })).toBe(true);
    // "9" < "10" as text would be false; as numbers it is true
    expect(evaluatePredicate(p('cost', 'number', '<', 10), { cost: '9' })).toBe(true);
    expect(evaluatePredicate(p('cost', 'number', '>=', 1), { cost: 'abc' })).toBe(false);
  });

  test('an empty value satisfies only <>', () => {
    for (const v of [undefined, null, '', []]) {
      expect(evaluatePredicate(p('x', 'number', '>=', 0), { x: v })).toBe(false);
      expect(evaluatePredicate(p('x', 'text', '<>', 'a'), { x: v })).toBe(true);
    }
  });

  test('text compares whole values; a list matches when any entry does', () => {
    expect(evaluatePredicate(p('kind', 'text', '==', 'lampOff'), { kind: 'lampOff' })).toBe(true);
    expect(evaluatePredicate(p('kind', 'text', '==', 'lamp'), { kind: 'lampOff' })).toBe(false);
    expect(evaluatePredicate(p('kind', 'text', '==', '2'), { kind: 2 })).toBe(true);
    expect(evaluatePredicate(p('kinds', 'text', '==', 'b'), { kinds: ['a', 'b'] })).toBe(true);
    expect(evaluatePredicate(p('kinds', 'text', '<>', 'c'), { kinds: ['a', 'b'] })).toBe(true);
    expect(evaluatePredicate(p('kind', 'text', '>', 'a'), { kind: 'b' })).toBe(false);
  });

  test('text that looks like code is only text', () => {
    const sneaky = p('name', 'text', '==', "x' or '1'='1");
    expect(evaluatePredicate(sneaky, { name: 'y' })).toBe(false);
    expect(evaluatePredicate(p('cost', 'number', '>=', '0 || 1'), { cost: 1 })).toBe(false);
  });

  test('switches compare as booleans', () => {
    expect(evaluatePredicate(p('live', 'boolean', '==', true), { live: 1 })).toBe(true);
    expect(evaluatePredicate(p('live', 'boolean', '<>', true), { live: false })).toBe(true);
    expect(evaluatePredicate(p('live', 'boolean', '==', true), { live: 'yes' })).toBe(false);
  });
});

describe('a branch’s predicates', () => {
  const v = { a: 1, b: 2, c: 3 };
  test('&& binds tighter than ||, logic joins to the next', () => {
    // a==1 && b==9 || c==3  → (false) || true
    expect(
      evaluateConditions(
        [p('a', 'number', '==', 1), p('b', 'number', '==', 9, '||'), p('c', 'number', '==', 3)],
        v,
      ),
    ).toBe(true);
    // a==9 || b==2 && c==9 → false || (true && false)
    expect(
      evaluateConditions(
        [p('a', 'number', '==', 9, '||'), p('b', 'number', '==', 2), p('c', 'number', '==', 9)],
        v,
      ),
    ).toBe(false);
    // the last one's logic is ignored
    expect(evaluateConditions([p('a', 'number', '==', 1, '||')], v)).toBe(true);
    expect(evaluateConditions([], v)).toBe(false);
  });
});

describe('checking predicates', () => {
  const fields = [
    { key: 'cost', label: '费用', conditionType: 'number' as const },
    { key: 'kind', label: '类型', conditionType: 'text' as const },
    { key: 'photos', label: '照片', conditionType: null },
    { key: 'live', label: '通电', conditionType: 'boolean' as const },
  ];
  test('names the problem', () => {
    expect(predicateProblem(p('cost', 'number', '>=', 1), fields)).toBeNull();
    expect(predicateProblem(p('nope', 'number', '>=', 1), fields)).toBe('field');
    expect(predicateProblem(p('photos', 'text', '==', 'x'), fields)).toBe('field');
    expect(predicateProblem(p('kind', 'number', '>=', 1), fields)).toBe('type');
    // text may be ordered (JNPF 3.x: compared as numbers), a switch may not
    expect(predicateProblem(p('kind', 'text', '>=', '3'), fields)).toBeNull();
    expect(predicateProblem(p('live', 'boolean', '>=', true), fields)).toBe('symbol');
    // and the designer offers what a definition may use: every symbol for text, == first
    expect(SYMBOLS_BY_TYPE.text).toEqual(['==', '<>', '>', '>=', '<', '<=']);
    expect(SYMBOLS_BY_TYPE.boolean).toEqual(['==', '<>']);
    expect(predicateProblem(p('cost', 'number', '>=', 'abc'), fields)).toBe('value');
    expect(predicateProblem({ ...p('cost', 'number', '>=', 1), logic: 'and' as never }, fields)).toBe(
      'logic',
    );
  });
});

test('a designed form’s fields, with what conditions compare them as', () => {
  const form: FormData = {
    fields: [
      { __config__: { jnpfKey: 'JNPFAmount', label: '金额' }, __vModel__: 'amount' },
      { __config__: { jnpfKey: 'select', label: '类型' }, __vModel__: 'kind', multiple: true },
      { __config__: { jnpfKey: 'switch', label: '带电' }, __vModel__: 'live' },
      { __config__: { jnpfKey: 'uploadImg', label: '照片' }, __vModel__: 'photos' },
      {
        __config__: {
          jnpfKey: 'table',
          label: '材料',
          tableName: 't',
          children: [{ __config__: { jnpfKey: 'inputNumber', label: '数量' }, __vModel__: 'qty' }],
        },
        __vModel__: 'items',
      },
    ],
  };
  expect(flowFieldsOfForm(form)).toEqual([
    { key: 'amount', label: '金额', conditionType: 'number', table: null },
    { key: 'kind', label: '类型', conditionType: 'text', table: null },
    { key: 'live', label: '带电', conditionType: 'boolean', table: null },
    { key: 'photos', label: '照片', conditionType: null, table: null },
    { key: 'items', label: '材料', conditionType: null, table: null },
    { key: 'items.qty', label: '数量', conditionType: null, table: 'items' },
  ]);
});
