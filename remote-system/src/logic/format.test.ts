import { formatDuration, formatTime } from './format';

describe('formats', () => {
  it('formats times in the city time (Asia/Shanghai) and blanks non-times', () => {
    expect(formatTime(Date.UTC(2026, 10, 1, 19, 4))).toBe('2026-11-02 03:04');
    expect(formatTime(null)).toBe('');
    expect(formatTime('x')).toBe('');
    expect(formatTime(0)).toBe('');
  });
  it('formats durations', () => {
    expect(formatDuration(12.4)).toBe('12 ms');
    expect(formatDuration(undefined)).toBe('');
  });
});
