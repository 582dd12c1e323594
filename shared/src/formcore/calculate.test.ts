import {
  ExpressionError,
  applyCalculations,
  calcCycle,
  calcOrder,
  compileExpression,
  planCalculations,
  roundTo,
  type CalcToken,
} from './calculate';
import { createField } from './controls';
import type { FormField } from './types';

const ref = (k: string): CalcToken => ({ __vModel__: k, label: k });
const run = (expr: CalcToken[], vals: Record<string, unknown> = {}): number =>
  compileExpression(expr).run((r) => vals[r.key]);

function calc(name: string, expression: CalcToken[], precision?: number): FormField {
  const f = createField('calculate', name);
  f.__vModel__ = name;
  f.expression = expression;
  if (precision === undefined) delete f.precision;
  else f.precision = precision;
  return f;
}
function num(name: string, key: 'inputNumber' | 'JNPFAmount' = 'inputNumber'): FormField {
  const f = createField(key, name);
  f.__vModel__ = name;
  return f;
}
function table(name: string, columns: FormField[]): FormField {
  const t = createField('table', name);
  t.__vModel__ = name;
  t.__config__.tableName = name;
  t.__config__.children = columns;
  return t;
}

describe('compileExpression', () => {
  it('respects precedence and parentheses', () => {
    expect(run([2, '+', 3, '×', 4])).toBe(14);
    expect(run(['(', 2, '+', 3, ')', '×', 4])).toBe(20);
    expect(run([10, '-', 4, '-', 3])).toBe(3);
    expect(run([24, '÷', 4, '÷', 2])).toBe(3);
    expect(run([2, '×', '(', 3, '+', '(', 4, '-', 1, ')', ')', '÷', 3])).toBe(4);
    expect(run(['8', '/', '2', '*', '4'])).toBe(16);
  });

  it('uses decimal arithmetic', () => {
    expect(run([0.1, '+', 0.2])).toBe(0.3);
    expect(run([ref('a'), '×', ref('b')], { a: '1.1', b: 3 })).toBe(3.3);
  });

  it('gives 0 for ÷0, NaN, infinities and non-numbers', () => {
    expect(run([1, '÷', 0])).toBe(0);
    expect(run([1, '÷', ref('a')], { a: '' })).toBe(0);
    expect(run([ref('a'), '+', 1], { a: NaN })).toBe(1);
    expect(run([ref('a'), '+', 1], { a: Infinity })).toBe(1);
    expect(run([ref('a'), '+', 1], { a: 'abc' })).toBe(1);
    expect(run([ref('a'), '+', 1], { a: [3] })).toBe(1);
    expect(run([ref('a'), '+', 1], {})).toBe(1);
  });

  it('lists each ref once and refuses malformed expressions', () => {
    expect(compileExpression([ref('a'), '+', ref('t.b'), '-', ref('a')]).refs).toEqual([
      { key: 'a', table: null, field: 'a' },
      { key: 't.b', table: 't', field: 'b' },
    ]);
    expect(() => compileExpression([])).toThrow(ExpressionError);
    expect(() => compileExpression([1, '+'])).toThrow(ExpressionError);
    expect(() => compileExpression(['(', 1])).toThrow(ExpressionError);
    expect(() => compileExpression([ref('a'), ref('b')])).toThrow(ExpressionError);
    expect(() => compileExpression([{ x: 1 }])).toThrow(ExpressionError);
    expect(() => compileExpression([Infinity])).toThrow(ExpressionError);
  });

  it('rounds half up to the precision', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(1 / 3, 4)).toBe(0.3333);
    expect(roundTo(1.23456, undefined)).toBe(1.23456);
    expect(roundTo(NaN, 2)).toBe(0);
  });
});

describe('planCalculations', () => {
  const form = {
    fields: [
      table('items', [
        num('qty'),
        num('price', 'JNPFAmount'),
        calc('sub', [ref('items.qty'), '×', ref('items.price')], 2),
      ]),
      num('extra'),
      calc('total', [ref('items.sub'), '+', ref('extra')], 2),
      calc('tax', [ref('total'), '×', 0.06], 2),
      calc('qtySum', [ref('items.qty')], 0),
    ],
  };

  it('orders calculates after what they read and computes rows and column sums', () => {
    const plan = planCalculations(form);
    expect(plan.cycle).toBeNull();
    const order = plan.order.map((c) => c.key);
    expect(order.indexOf('items.sub')).toBeLessThan(order.indexOf('total'));
    expect(order.indexOf('total')).toBeLessThan(order.indexOf('tax'));
    const values = {
      items: [
        { qty: 2, price: 1.25 },
        { qty: '3', price: 0.1 },
      ],
      extra: 10,
    };
    const out = applyCalculations(plan, values);
    expect(out.items).toEqual([
      { qty: 2, price: 1.25, sub: 2.5 },
      { qty: '3', price: 0.1, sub: 0.3 },
    ]);
    expect(out.total).toBe(12.8);
    expect(out.tax).toBe(0.77);
    expect(out.qtySum).toBe(5);
    expect(values.items[0]).toEqual({ qty: 2, price: 1.25 }); // input untouched
  });

  it('tells which calculates a change affects, in order', () => {
    const plan = planCalculations(form);
    expect(plan.affected(['extra']).map((c) => c.key)).toEqual(['total', 'tax']);
    expect(
      plan
        .affected(['items.qty'])
        .map((c) => c.key)
        .sort(),
    ).toEqual(['items.sub', 'qtySum', 'tax', 'total']);
    // rows added or removed: the row calculates and every column sum
    expect(
      plan
        .affected(['items'])
        .map((c) => c.key)
        .sort(),
    ).toEqual(['items.sub', 'qtySum', 'tax', 'total']);
    expect(plan.isDependency('extra')).toBe(true);
    expect(plan.isDependency('tax')).toBe(false);
  });

  it('finds a cycle and shows it', () => {
    const cyclic = {
      fields: [
        calc('a', [ref('b'), '+', 1]),
        calc('b', [ref('c')]),
        calc('c', [ref('a'), '×', 2]),
        calc('d', [ref('d')]),
      ],
    };
    expect(planCalculations(cyclic).cycle).toEqual(['a', 'b', 'c', 'a']);
    expect(planCalculations({ fields: [calc('d', [ref('d'), '+', 1])] }).cycle).toEqual(['d', 'd']);
    expect(calcCycle(cyclic)).toEqual(['a', 'b', 'c', 'a']);
    expect(calcOrder({ fields: [calc('y', [ref('x')]), calc('x', [1])] }).map((c) => c.key)).toEqual([
      'x',
      'y',
    ]);
  });

  it('keeps a calculate that does not compile, with its error, as 0', () => {
    const plan = planCalculations({ fields: [calc('bad', [1, '+'])] });
    expect(plan.order[0]?.error).toBe('expression ends with an operator');
    expect(applyCalculations(plan, {}).bad).toBe(0);
  });
});
