import {
  CHAT_IMAGE_LIMIT_BYTES,
  DEFAULT_UPLOAD_LIMIT,
  abbreviateNumber,
  exceedsSize,
  fileTooLargeMessage,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatRelativeEn,
  formatRelativeZh,
  parseSize,
  relativeTimeLong,
  relativeTimeShort,
  removeFileConfirmMessage,
  toMillis,
  tooManyFilesMessage,
} from './format';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const now = Date.UTC(2024, 5, 15, 12 - 8, 0, 0); // 2024-06-15 12:00:00 in China

describe('formatDate', () => {
  const ts = Date.UTC(2024, 0, 5, 9 - 8, 7, 3);
  it('formats ms numbers, ISO strings and Dates', () => {
    expect(formatDate(ts)).toBe('2024-01-05 09:07');
    expect(formatDateTime(ts)).toBe('2024-01-05 09:07:03');
    expect(formatDate(new Date(ts))).toBe('2024-01-05 09:07');
    expect(formatDate('2024-01-05T09:07:03')).toBe('2024-01-05 09:07');
    expect(formatDate(String(ts))).toBe('2024-01-05 09:07');
    expect(formatDate(ts, 'YYYY/MM/DD')).toBe('2024/01/05');
  });
  it('returns empty for empty or invalid input', () => {
    for (const v of [null, undefined, '', 'not a date', Number.NaN, new Date('x')]) {
      expect(formatDate(v)).toBe('');
      expect(formatDateTime(v)).toBe('');
    }
  });
  it('toMillis', () => {
    expect(toMillis(new Date(ts))).toBe(ts);
    expect(toMillis('')).toBeNaN();
  });
});

describe('relativeTimeLong', () => {
  const at = (diff: number): ReturnType<typeof relativeTimeLong> => relativeTimeLong(now - diff, now);
  it.each([
    [0, 'justNow', 0, '刚刚', 'just now'],
    [59 * S, 'justNow', 0, '刚刚', 'just now'],
    [-5 * M, 'justNow', 0, '刚刚', 'just now'],
    [M, 'minute', 1, '1分钟前', '1 minute ago'],
    [3 * M + 30 * S, 'minute', 3, '3分钟前', '3 minutes ago'],
    [59 * M + 59 * S, 'minute', 59, '59分钟前', '59 minutes ago'],
    [H, 'hour', 1, '1小时前', '1 hour ago'],
    [2 * H, 'hour', 2, '2小时前', '2 hours ago'],
    [23 * H + 59 * M, 'hour', 23, '23小时前', '23 hours ago'],
    [D, 'day', 1, '1天前', '1 day ago'],
    [5 * D, 'day', 5, '5天前', '5 days ago'],
    [6 * D + 23 * H, 'day', 6, '6天前', '6 days ago'],
    [7 * D, 'week', 1, '1周前', '1 week ago'],
    [14 * D, 'week', 2, '2周前', '2 weeks ago'],
    [27 * D, 'week', 3, '3周前', '3 weeks ago'],
    [28 * D, 'month', 1, '1个月前', '1 month ago'],
    [45 * D, 'month', 1, '1个月前', '1 month ago'],
    [65 * D, 'month', 2, '2个月前', '2 months ago'],
  ] as const)('%d ms → %s %d', (diff, unit, value, zh, en) => {
    const r = at(diff);
    expect(r.unit).toBe(unit);
    expect(r.value).toBe(value);
    expect(formatRelativeZh(r)).toBe(zh);
    expect(formatRelativeEn(r)).toBe(en);
  });
  it('up to three calendar months, then the date', () => {
    const threeMonths = Date.UTC(2024, 2, 15, 11 - 8, 0, 0); // 2024-03-15 11:00
    expect(relativeTimeLong(threeMonths, now)).toEqual({ unit: 'month', value: 3 });
    const older = Date.UTC(2024, 1, 10, 8 - 8, 0, 0);
    const r = relativeTimeLong(older, now);
    expect(r).toEqual({ unit: 'date', value: 0, date: '2024-02-10' });
    expect(formatRelativeZh(r)).toBe('2024-02-10');
    expect(formatRelativeEn(r)).toBe('2024-02-10');
  });
  it('invalid input gives an empty date', () => {
    expect(relativeTimeLong('nope', now)).toEqual({ unit: 'date', value: 0, date: '' });
  });
});

describe('relativeTimeShort', () => {
  it.each([
    [0, '刚刚'],
    [29 * S, '刚刚'],
    [30 * S, '1分钟前'],
    [5 * M, '5分钟前'],
    [5 * M + 1 * S, '6分钟前'],
    [59 * M + 59 * S, '60分钟前'],
    [H, '1小时前'],
    [90 * M, '2小时前'],
    [23 * H + 59 * M, '24小时前'],
    [D, '1天前'],
    [47 * H, '1天前'],
    [-H, '刚刚'],
  ])('%d ms → %s', (diff, expected) => {
    expect(relativeTimeShort(now - diff, now)).toBe(expected);
  });
  it('gives the date from 48 hours on', () => {
    expect(relativeTimeShort(now - 2 * D, now)).toBe('2024-06-13');
    expect(relativeTimeShort(new Date(Date.UTC(2023, 11, 31, 23 - 8, 0)).toISOString(), now)).toBe(
      '2023-12-31',
    );
  });
  it('empty for invalid input', () => {
    expect(relativeTimeShort(null, now)).toBe('');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 bytes'],
    [1023, '1023 bytes'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [1048576, '1.00 MB'],
    [5242880, '5.00 MB'],
    [1073741824, '1.00 GB'],
    [1.5 * 1024 ** 4, '1536.00 GB'],
  ])('%d → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
  it('empty for negative or non-finite', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});

describe('abbreviateNumber', () => {
  it.each([
    [999, 1, '999'],
    [1000, 1, '1k'],
    [1234, 1, '1.2k'],
    [1250, 2, '1.25k'],
    [1500000, 1, '1.5M'],
    [2e9, 2, '2G'],
    [3.45e12, 1, '3.5T'],
    [1e15, 0, '1P'],
    [7.1e18, 1, '7.1E'],
    [-2500, 1, '-2.5k'],
    [1200, 3, '1.2k'],
  ])('%d (%d digits) → %s', (n, digits, expected) => {
    expect(abbreviateNumber(n, digits)).toBe(expected);
  });
  it('defaults to one digit', () => {
    expect(abbreviateNumber(12345)).toBe('12.3k');
  });
});

describe('upload helpers', () => {
  it('parseSize converts to bytes', () => {
    expect(parseSize(2, 'KB')).toBe(2048);
    expect(parseSize(2, 'MB')).toBe(2097152);
    expect(parseSize(1, 'GB')).toBe(1073741824);
    expect(parseSize(DEFAULT_UPLOAD_LIMIT.size, DEFAULT_UPLOAD_LIMIT.unit)).toBe(2 * 1024 * 1024);
    expect(CHAT_IMAGE_LIMIT_BYTES).toBe(parseSize(5, 'MB'));
  });
  it('exceedsSize', () => {
    expect(exceedsSize(2097152, 2, 'MB')).toBe(false);
    expect(exceedsSize(2097153, 2, 'MB')).toBe(true);
  });
  it('messages', () => {
    expect(fileTooLargeMessage(2, 'MB')).toBe('文件大小超过2MB');
    expect(fileTooLargeMessage(500, 'KB')).toBe('文件大小超过500KB');
    expect(tooManyFilesMessage(3)).toBe('当前限制最多可以上传3个文件');
    expect(tooManyFilesMessage(9, true)).toBe('当前限制最多可以上传9张图片');
    expect(removeFileConfirmMessage('a.png')).toBe('确定移除 a.png？');
  });
});
