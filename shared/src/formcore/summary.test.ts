import { createField } from './controls';
import { SUMMARY_LABEL, summarize, summaryColumns } from './summary';
import type { FormField, JnpfKey } from './types';

function col(key: JnpfKey, name: string, precision?: number): FormField {
  const f = createField(key, name);
  f.__vModel__ = name;
  if (precision !== undefined) f.precision = precision;
  return f;
}

const table = createField('table', 1);
table.__config__.children = [
  col('input', 'name'),
  col('inputNumber', 'qty', 0),
  col('JNPFAmount', 'price', 2),
  col('slider', 'level'),
  col('calculate', 'sub', 2),
  col('rate', 'stars'),
  col('select', 'unit'),
];

describe('summary row', () => {
  it('is labelled 合计 and sums only amount, number, slider and calculate columns', () => {
    expect(SUMMARY_LABEL).toBe('合计');
    expect(summaryColumns(table).map((c) => c.__vModel__)).toEqual(['qty', 'price', 'level', 'sub']);
  });

  it('sums in decimal with the column precision; non-numbers count 0', () => {
    const rows = [
      { name: 'a', qty: 1, price: 0.1, level: 10, sub: 0.1, stars: 5 },
      { name: 'b', qty: '2', price: 0.2, level: null, sub: '0.2' },
      { name: 'c', qty: 'x', price: undefined, level: 5 },
      null,
    ];
    expect(summarize(table, rows)).toEqual({
      qty: { value: 3, text: '3' },
      price: { value: 0.3, text: '0.30' },
      level: { value: 15, text: '15' },
      sub: { value: 0.3, text: '0.30' },
    });
    expect(summarize(table, [])).toMatchObject({ qty: { value: 0, text: '0' } });
  });

  it('keeps to the columns the designer picked', () => {
    const picked = { ...table, summaryField: ['price', 'name'] };
    expect(summaryColumns(picked).map((c) => c.__vModel__)).toEqual(['price']);
  });
});
