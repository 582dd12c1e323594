import { compileExpression, createField, type FormData } from '@lighting/shared/formcore';
import { backspace, candidates, press, tokenText, type Key } from './expressionEdit';

const digit = (d: string): Key => ({ kind: 'digit', digit: d });
const op = (o: string): Key => ({ kind: 'op', op: o });

describe('press and backspace', () => {
  it('builds numbers from digits and keeps operators and fields as tokens', () => {
    let e = press([], { kind: 'field', key: 'qty', label: '数量' });
    for (const k of [
      op('×'),
      op('('),
      digit('1'),
      digit('2'),
      digit('.'),
      digit('.'),
      digit('5'),
      op('+'),
      digit('.'),
      digit('3'),
      op(')'),
    ])
      e = press(e, k);
    expect(e).toEqual([{ __vModel__: 'qty', label: '数量' }, '×', '(', '12.5', '+', '0.3', ')']);
    expect(compileExpression(e).run(() => 2)).toBeCloseTo(25.6);
  });

  it('removes a digit, then whole tokens', () => {
    let e = press(press([], digit('4')), digit('2'));
    e = press(e, op('+'));
    expect(backspace(e)).toEqual(['42']);
    expect(backspace(['42'])).toEqual(['4']);
    expect(backspace(['4'])).toEqual([]);
    expect(backspace([])).toEqual([]);
  });

  it('shows a field by its current label', () => {
    const labels = new Map([['qty', '件数']]);
    expect(tokenText({ __vModel__: 'qty', label: '数量' }, labels)).toBe('件数');
    expect(tokenText({ __vModel__: 'gone', label: '旧' }, labels)).toBe('旧');
    expect(tokenText('×', labels)).toBe('×');
  });
});

describe('candidates', () => {
  const field = (key: Parameters<typeof createField>[0], id: number, vModel: string, label: string) => {
    const f = createField(key, id);
    f.__vModel__ = vModel;
    f.__config__.label = label;
    return f;
  };
  const price = field('JNPFAmount', 1, 'price', '单价');
  const note = field('input', 2, 'note', '备注');
  const total = field('calculate', 3, 'total', '合计');
  const qty = field('inputNumber', 5, 'qty', '数量');
  const rowSum = field('calculate', 6, 'rowSum', '小计');
  const items = field('table', 4, 'items', '明细');
  items.__config__.children = [qty, rowSum, field('input', 7, 'spec', '规格')];
  const row = createField('row', 8);
  row.__config__.children = [price, note];
  const form: FormData = { fields: [row, items, total] };

  it('offers numeric fields and columns (as sums outside their sub-table), never itself or text', () => {
    expect(candidates(form, total)).toEqual([
      { key: 'price', label: '单价' },
      { key: 'items.qty', label: '明细.数量', row: false },
      { key: 'items.rowSum', label: '明细.小计', row: false },
    ]);
  });

  it('offers a calculate column its own row cells', () => {
    expect(candidates(form, rowSum)).toEqual([
      { key: 'price', label: '单价' },
      { key: 'items.qty', label: '明细.数量', row: true },
      { key: 'total', label: '合计' },
    ]);
  });
});
