import { billRuleValues, datePart, isDateFormat, periodKey, renderNumber } from './bill-rules';

// 2026-11-21 23:30 in China (15:30 UTC); the next China day starts at 16:00 UTC.
const t = Date.UTC(2026, 10, 21, 15, 30);
const next = Date.UTC(2026, 10, 21, 16, 5);

describe('bill rules', () => {
  it('formats the date part in China time', () => {
    expect(datePart('yyyyMMdd', t)).toBe('20261121');
    expect(datePart('yyyyMMdd', next)).toBe('20261122');
    expect(datePart('yyMMdd', t)).toBe('261121');
    expect(datePart('yyyyMM', t)).toBe('202611');
    expect(datePart('yyyy', t)).toBe('2026');
    expect(datePart('yyyyMMddHH', t)).toBe('2026112123');
    expect(datePart('', t)).toBe('');
  });

  it('period keys grow with the period and stay equal within one', () => {
    expect(periodKey('yyyyMMdd', next)).toBeGreaterThan(periodKey('yyyyMMdd', t));
    expect(periodKey('yyyyMMdd', t)).toBe(periodKey('yyyyMMdd', t - 3_600_000));
    expect(periodKey('yyyyMM', t)).toBe(periodKey('yyyyMM', next));
    expect(periodKey('', t)).toBe(0);
  });

  it('renders prefix + date + padded sequence + suffix', () => {
    expect(renderNumber({ prefix: 'WX', suffix: '', digit: 4 }, '20261121', 7)).toBe('WX202611210007');
    expect(renderNumber({ prefix: '', suffix: '-A', digit: 2 }, '', 123)).toBe('123-A');
  });

  it('knows the offered formats', () => {
    expect(isDateFormat('yyyyMMdd')).toBe(true);
    expect(isDateFormat('dd/MM')).toBe(false);
  });

  it('fills what a rule body leaves out', () => {
    expect(billRuleValues({ fullName: 'Order', enCode: 'Order', digit: 4 })).toEqual({
      fullName: 'Order',
      enCode: 'Order',
      prefix: '',
      dateFormat: '',
      digit: 4,
      startNumber: 1,
      suffix: '',
      description: '',
      sortCode: 0,
      enabledMark: 1,
    });
    const full = {
      fullName: 'Order',
      enCode: 'Order',
      prefix: 'GD',
      dateFormat: 'yyyyMMdd',
      digit: 4,
      startNumber: 0,
      suffix: 'X',
      description: 'd',
      sortCode: 3,
      enabledMark: 0,
    };
    expect(billRuleValues(full)).toEqual(full);
  });
});
