/**
 * Calendar arithmetic in China Standard Time (UTC+8, no daylight saving), whatever the server's own
 * time zone: the dashboard's days and months are the city's. Times are ms since the epoch. Pure.
 */
export const DAY_MS = 86_400_000;
export const CN_OFFSET_MS = 8 * 3_600_000;

/** 'YYYY-MM-DD' of an instant. */
export const dayOf = (ms: number): string => new Date(ms + CN_OFFSET_MS).toISOString().slice(0, 10);
/** 'YYYY-MM' of an instant. */
export const monthOf = (ms: number): string => dayOf(ms).slice(0, 7);
/** Start of the instant's day. */
export const dayStart = (ms: number): number =>
  Math.floor((ms + CN_OFFSET_MS) / DAY_MS) * DAY_MS - CN_OFFSET_MS;
/** Start of the instant's month. */
export function monthStart(ms: number): number {
  const d = new Date(ms + CN_OFFSET_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - CN_OFFSET_MS;
}
/** Start of the instant's year. */
export function yearStart(ms: number): number {
  const d = new Date(ms + CN_OFFSET_MS);
  return Date.UTC(d.getUTCFullYear(), 0, 1) - CN_OFFSET_MS;
}
/** Start of a 'YYYY-MM' month. */
export function startOfMonth(month: string): number {
  const [y, m] = month.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, 1) - CN_OFFSET_MS;
}
/** 'YYYY-MM' n months after (before, when negative) the given one. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1 + n, 1)).toISOString().slice(0, 7);
}
/** The n months ending with the instant's month, oldest first. */
export function lastMonths(ms: number, n: number): string[] {
  const cur = monthOf(ms);
  return Array.from({ length: n }, (_, i) => addMonths(cur, i - n + 1));
}
/** The n days ending with the instant's day, oldest first. */
export function lastDays(ms: number, n: number): string[] {
  const start = dayStart(ms);
  return Array.from({ length: n }, (_, i) => dayOf(start - (n - 1 - i) * DAY_MS));
}
/** Number of days in a 'YYYY-MM' month. */
export function daysInMonth(month: string): number {
  return Math.round((startOfMonth(addMonths(month, 1)) - startOfMonth(month)) / DAY_MS);
}
