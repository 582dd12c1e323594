import { formatDuration, formatTime } from './format';

describe('formats', () => {
  it('formats times in local time and blanks non-times', () => {
    expect(formatTime(new Date(2026, 10, 2, 3, 4).getTime())).toBe('2026-11-02 03:04');
    expect(formatTime(null)).toBe('');
    expect(formatTime('x')).toBe('');
    expect(formatTime(0)).toBe('');
  });
  it('formats durations', () => {
    expect(formatDuration(12.4)).toBe('12 ms');
    expect(formatDuration(undefined)).toBe('');
  });
});
