import { datePart, previewNumber, sequenceOf } from './billNumber';

describe('bill numbers', () => {
  // 2026-11-21 23:30 UTC is 2026-11-22 07:30 in China
  const now = new Date(Date.UTC(2026, 10, 21, 23, 30));
  it('formats the date part in China time', () => {
    expect(datePart('yyyyMMdd', now)).toBe('20261122');
    expect(datePart('yyMMdd', now)).toBe('261122');
    expect(datePart('yyyyMM', now)).toBe('202611');
    expect(datePart('yyyy', now)).toBe('2026');
    expect(datePart('yyyyMMddHH', now)).toBe('2026112207');
    expect(datePart('', now)).toBe('');
  });
  it('previews prefix + date + padded sequence + suffix', () => {
    expect(previewNumber({ prefix: 'WX', dateFormat: 'yyyyMMdd', digit: 4, suffix: '' }, now)).toBe(
      'WX202611220001',
    );
    expect(previewNumber({ prefix: '', dateFormat: '', digit: 3, startNumber: 7, suffix: '-A' }, now)).toBe(
      '007-A',
    );
  });
  it('reads the sequence back', () => {
    expect(sequenceOf('WX202611220012', { digit: 4 })).toBe(12);
    expect(sequenceOf('007-A', { digit: 3, suffix: '-A' })).toBe(7);
  });
});
