/**
 * The one time rule of the console (issue 25 item 21): an instant is stored as milliseconds since the
 * epoch (or ISO text with its zone), and shown in the city's time zone, Asia/Shanghai, whatever the
 * zone of the browser or the server. A staff member's laptop in UTC and a wall screen in China show the
 * same 登记时间 for the same record.
 *
 * Text without a zone ('2026-11-29 07:54:00', what the form engine's system fields hold) is the city's
 * wall-clock time, never the browser's. China has kept UTC+8 without daylight saving since 1991, so the
 * offset is a constant; the server keeps the same rule in server/src/kernel/china-time.ts. Pure.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** The city's IANA zone (Playwright's and Intl's name for it). */
export const CITY_TIME_ZONE = 'Asia/Shanghai';
/** The city's offset from UTC in minutes (no daylight saving). */
export const CITY_OFFSET_MINUTES = 480;
const CITY_OFFSET_MS = CITY_OFFSET_MINUTES * 60_000;

export type TimeInput = number | string | Date | null | undefined;

/** 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DDTHH:mm:ss.SSS' … with no zone: the city's wall clock. */
const ZONELESS = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/**
 * The instant (ms since the epoch) of a stored time: a number or a string of digits is ms; text with
 * no zone is city time; ISO text with Z or an offset, and a Date, are what they say. NaN when empty
 * or invalid.
 */
export function toInstant(ts: TimeInput): number {
  if (ts === null || ts === undefined || ts === '') return Number.NaN;
  if (typeof ts === 'number') return Number.isFinite(ts) ? ts : Number.NaN;
  if (ts instanceof Date) return ts.getTime();
  const text = ts.trim();
  if (/^-?\d+$/.test(text)) return Number(text);
  const m = ZONELESS.exec(text);
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0'] = m;
    const wall = Date.UTC(
      Number(y),
      Number(mo) - 1,
      Number(d),
      Number(h),
      Number(mi),
      Number(s),
      Number(ms.padEnd(3, '0')),
    );
    // reject 2024-02-31 and 25:00 rather than roll them over
    const back = new Date(wall);
    if (
      back.getUTCMonth() !== Number(mo) - 1 ||
      back.getUTCDate() !== Number(d) ||
      back.getUTCHours() !== Number(h)
    )
      return Number.NaN;
    return wall - CITY_OFFSET_MS;
  }
  const parsed = Date.parse(text);
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}

/** A dayjs of the instant in city time (its format() shows the city's wall clock), or null. */
export function cityDayjs(ts: TimeInput): dayjs.Dayjs | null {
  const ms = toInstant(ts);
  return Number.isFinite(ms) ? dayjs(ms).utcOffset(CITY_OFFSET_MINUTES) : null;
}

/** The instant in city time with dayjs' tokens (YYYY MM DD HH mm ss …); '' for empty or invalid input. */
export function formatCityTime(ts: TimeInput, fmt = 'YYYY-MM-DD HH:mm:ss'): string {
  const d = cityDayjs(ts);
  return d ? d.format(fmt) : '';
}

/** The instant at the start of the city's day holding `ts` (NaN for invalid input). */
export function cityDayStart(ts: TimeInput): number {
  const ms = toInstant(ts);
  if (!Number.isFinite(ms)) return Number.NaN;
  return Math.floor((ms + CITY_OFFSET_MS) / 86_400_000) * 86_400_000 - CITY_OFFSET_MS;
}
