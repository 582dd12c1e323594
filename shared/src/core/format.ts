/**
 * Formatting helpers (spec §5 upload messages, §9 relative time, date formats, file size units, number abbreviations).
 * Dates are shown in the city's time zone (Asia/Shanghai) whatever the zone of the browser or the
 * process: the one rule of ./cityTime (zone-less text is city time).
 */
import type dayjs from 'dayjs';
import { cityDayjs, type TimeInput } from './cityTime';

export type { TimeInput };

export const DATE_FORMAT = 'YYYY-MM-DD HH:mm';
export const DATE_FORMAT_LONG = 'YYYY-MM-DD HH:mm:ss';
export const DAY_FORMAT = 'YYYY-MM-DD';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** ms number (or a string of digits), ISO string or Date → dayjs in city time; null for empty or invalid input. */
function toDayjs(ts: TimeInput): dayjs.Dayjs | null {
  return cityDayjs(ts);
}

/** Milliseconds since the epoch, or NaN for empty/invalid input. */
export function toMillis(ts: TimeInput): number {
  const d = toDayjs(ts);
  return d ? d.valueOf() : Number.NaN;
}

/** `formatDate(ts, fmt = 'YYYY-MM-DD HH:mm')`; '' for empty or invalid input. */
export function formatDate(ts: TimeInput, fmt: string = DATE_FORMAT): string {
  const d = toDayjs(ts);
  return d ? d.format(fmt) : '';
}

/** The long format 'YYYY-MM-DD HH:mm:ss'. */
export function formatDateTime(ts: TimeInput): string {
  return formatDate(ts, DATE_FORMAT_LONG);
}

export type RelativeTime =
  | { unit: 'justNow'; value: 0 }
  | { unit: 'minute' | 'hour' | 'day' | 'week' | 'month'; value: number }
  | { unit: 'date'; value: 0; date: string };

/**
 * Long relative time: just now under 1 minute, then minutes 1-59, hours 1-23, days 1-6, weeks 1-3 (7-27 days),
 * months 1-3 (28 days up to 3 calendar months; dayjs month difference, at least 1), older as 'YYYY-MM-DD'.
 * Future times count as just now. Invalid input → date ''.
 */
export function relativeTimeLong(ts: TimeInput, now: TimeInput = Date.now()): RelativeTime {
  const t = toDayjs(ts);
  const n = toDayjs(now);
  if (!t || !n) return { unit: 'date', value: 0, date: '' };
  const diff = n.valueOf() - t.valueOf();
  if (diff < MINUTE) return { unit: 'justNow', value: 0 };
  if (diff < HOUR) return { unit: 'minute', value: Math.floor(diff / MINUTE) };
  if (diff < DAY) return { unit: 'hour', value: Math.floor(diff / HOUR) };
  const days = Math.floor(diff / DAY);
  if (days < 7) return { unit: 'day', value: days };
  if (days < 28) return { unit: 'week', value: Math.floor(days / 7) };
  const months = Math.max(1, n.diff(t, 'month'));
  if (months <= 3) return { unit: 'month', value: months };
  return { unit: 'date', value: 0, date: t.format(DAY_FORMAT) };
}

/** 刚刚, 3分钟前, 2小时前, 5天前, 2周前, 1个月前, or the date. */
export function formatRelativeZh(r: RelativeTime): string {
  switch (r.unit) {
    case 'justNow':
      return '刚刚';
    case 'minute':
      return `${r.value}分钟前`;
    case 'hour':
      return `${r.value}小时前`;
    case 'day':
      return `${r.value}天前`;
    case 'week':
      return `${r.value}周前`;
    case 'month':
      return `${r.value}个月前`;
    case 'date':
      return r.date;
  }
}

/** just now, 3 minutes ago, 1 hour ago, …, or the date. */
export function formatRelativeEn(r: RelativeTime): string {
  if (r.unit === 'justNow') return 'just now';
  if (r.unit === 'date') return r.date;
  return `${r.value} ${r.unit}${r.value === 1 ? '' : 's'} ago`;
}

/**
 * Short relative time (zh): 刚刚 under 30 s; N分钟前 under 1 h (N rounded up: 30 s → 1分钟前);
 * N小时前 under 24 h (rounded up); 1天前 under 48 h; else 'YYYY-MM-DD'. Future times → 刚刚; invalid → ''.
 */
export function relativeTimeShort(ts: TimeInput, now: TimeInput = Date.now()): string {
  const t = toDayjs(ts);
  const n = toDayjs(now);
  if (!t || !n) return '';
  const diff = n.valueOf() - t.valueOf();
  if (diff < 30 * SECOND) return '刚刚';
  if (diff < HOUR) return `${Math.ceil(diff / MINUTE)}分钟前`;
  if (diff < DAY) return `${Math.ceil(diff / HOUR)}小时前`;
  if (diff < 2 * DAY) return '1天前';
  return t.format(DAY_FORMAT);
}

const SIZE_UNITS = ['KB', 'MB', 'GB'] as const;

/**
 * Human file size: under 1024 → 'N bytes'; then KB, MB, GB (1024-based) with 2 decimals ('1.50 KB').
 * Sizes of 1024 GB and above stay in GB. Negative or non-finite → ''.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${Math.round(bytes)} bytes`;
  let value = bytes / 1024;
  let i = 0;
  while (value >= 1024 && i < SIZE_UNITS.length - 1) {
    value /= 1024;
    i += 1;
  }
  return `${value.toFixed(2)} ${SIZE_UNITS[i] ?? 'GB'}`;
}

const SI = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/** 1234 → '1.2k' (digits = 1), 1500000 → '1.5M'; trailing zeros dropped ('2k' not '2.0k'); below 1000 → String(n). */
export function abbreviateNumber(n: number, digits = 1): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  for (const { value, symbol } of SI) {
    if (abs >= value) {
      const s = (abs / value).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1');
      return `${n < 0 ? '-' : ''}${s}${symbol}`;
    }
  }
  return String(n);
}

export type SizeUnit = 'KB' | 'MB' | 'GB';

const UNIT_BYTES: Readonly<Record<SizeUnit, number>> = { KB: 1024, MB: 1024 * 1024, GB: 1024 * 1024 * 1024 };

/** Upload defaults (spec §9): 2 MB; chat images 5 MB (5242880 bytes). */
export const DEFAULT_UPLOAD_LIMIT: Readonly<{ size: number; unit: SizeUnit }> = { size: 2, unit: 'MB' };
export const CHAT_IMAGE_LIMIT_BYTES = 5242880;

/** `parseSize(2, 'MB')` → 2097152 bytes. */
export function parseSize(value: number, unit: SizeUnit): number {
  return value * UNIT_BYTES[unit];
}

/** True when `bytes` exceeds `value unit`. */
export function exceedsSize(bytes: number, value: number, unit: SizeUnit): boolean {
  return bytes > parseSize(value, unit);
}

/** '文件大小超过{size}{unit}' */
export function fileTooLargeMessage(size: number, unit: SizeUnit): string {
  return `文件大小超过${size}${unit}`;
}

/** '当前限制最多可以上传{limit}个文件' or, for images, '当前限制最多可以上传{limit}张图片'. */
export function tooManyFilesMessage(limit: number, images = false): string {
  return `当前限制最多可以上传${limit}${images ? '张图片' : '个文件'}`;
}

/** '确定移除 {name}？' */
export function removeFileConfirmMessage(name: string): string {
  return `确定移除 ${name}？`;
}
