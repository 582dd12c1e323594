import { rangeQuery } from './logRange';

describe('log time span', () => {
  it('turns local input values into ms, the end covering its minute', () => {
    const start = new Date('2026-11-21T08:00').getTime();
    const end = new Date('2026-11-21T09:30').getTime();
    expect(rangeQuery('2026-11-21T08:00', '2026-11-21T09:30')).toEqual({
      startTime: start,
      endTime: end + 59_999,
    });
  });
  it('leaves out blanks and bad values', () => {
    expect(rangeQuery('', '')).toEqual({});
    expect(rangeQuery('nonsense', '')).toEqual({});
    expect(Object.keys(rangeQuery('2026-11-21T08:00', ''))).toEqual(['startTime']);
  });
  it('swaps a reversed span', () => {
    const a = new Date('2026-11-21T10:00').getTime();
    const b = new Date('2026-11-21T08:00').getTime();
    expect(rangeQuery('2026-11-21T10:00', '2026-11-21T08:00')).toEqual({ startTime: b, endTime: a + 59_999 });
  });
});
