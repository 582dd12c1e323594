import { relativeWhen } from './when';

const NOW = new Date(2026, 10, 21, 12, 0, 0).getTime();
const ago = (ms: number) => NOW - ms;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relative dates on the dashboard', () => {
  it('zh: just now, minutes, hours, days, weeks, months, then the date', () => {
    expect(relativeWhen(ago(20_000), 'zh', NOW)).toBe('刚刚');
    expect(relativeWhen(ago(5 * MIN), 'zh', NOW)).toBe('5分钟前');
    expect(relativeWhen(ago(3 * HOUR), 'zh', NOW)).toBe('3小时前');
    expect(relativeWhen(ago(2 * DAY), 'zh', NOW)).toBe('2天前');
    expect(relativeWhen(ago(14 * DAY), 'zh', NOW)).toBe('2周前');
    expect(relativeWhen(ago(40 * DAY), 'zh', NOW)).toBe('1个月前');
    expect(relativeWhen(new Date(2025, 0, 2, 8).getTime(), 'zh', NOW)).toBe('2025-01-02');
  });
  it('zhtw and en', () => {
    expect(relativeWhen(ago(5 * MIN), 'zhtw', NOW)).toBe('5分鐘前');
    expect(relativeWhen(ago(1 * HOUR), 'zhtw', NOW)).toBe('1小時前');
    expect(relativeWhen(ago(10), 'zhtw', NOW)).toBe('剛剛');
    expect(relativeWhen(ago(40 * DAY), 'zhtw', NOW)).toBe('1個月前');
    expect(relativeWhen(ago(1 * HOUR), 'en', NOW)).toBe('1 hour ago');
    expect(relativeWhen(ago(3 * DAY), 'en', NOW)).toBe('3 days ago');
  });
  it('accepts ISO strings and millisecond strings; empty input gives an empty string', () => {
    expect(relativeWhen(new Date(ago(2 * HOUR)).toISOString(), 'zh', NOW)).toBe('2小时前');
    expect(relativeWhen(String(ago(2 * HOUR)), 'zh', NOW)).toBe('2小时前');
    expect(relativeWhen('', 'zh', NOW)).toBe('');
  });
});
