// The calendar widget's month grid, built from a pure function (lighter than antd's Calendar,
// which brings the date-picker machinery). Dates are plain 'YYYY-MM-DD' strings; arithmetic is
// done in UTC so the grid never shifts with the time zone.

export interface GridEvent {
  date: string;
  title: string;
  type: string;
}

export interface DayCell<E extends GridEvent = GridEvent> {
  date: string;
  day: number;
  inMonth: boolean;
  isToday: boolean;
  events: E[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** 'YYYY-MM' → [year, monthIndex 0-11]; throws on a malformed month. */
export function parseMonth(month: string): [number, number] {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const mi = m ? Number(m[2]) - 1 : -1;
  if (!m || mi < 0 || mi > 11) throw new Error(`month must be YYYY-MM: ${month}`);
  return [Number(m[1]), mi];
}

/** The month of a local date as 'YYYY-MM'. */
export function monthOf(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
}

/** A local date as 'YYYY-MM-DD'. */
export function dayOf(d: Date): string {
  return `${monthOf(d)}-${pad(d.getDate())}`;
}

/** 'YYYY-MM' moved by delta months. */
export function shiftMonth(month: string, delta: number): string {
  const [y, mi] = parseMonth(month);
  const d = new Date(Date.UTC(y, mi + delta, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/**
 * Weeks (rows of 7) covering the month, starting on Monday (weekStartsOn 1) or Sunday (0).
 * Leading/trailing days of the neighbouring months are included with inMonth false. Events are
 * attached by their date's first 10 characters, in their given order.
 */
export function monthGrid<E extends GridEvent>(
  month: string,
  events: readonly E[],
  today: string,
  weekStartsOn: 0 | 1 = 1,
): DayCell<E>[][] {
  const [y, mi] = parseMonth(month);
  const byDate = new Map<string, E[]>();
  for (const e of events) {
    const key = String(e.date).slice(0, 10);
    const bucket = byDate.get(key);
    if (bucket) bucket.push(e);
    else byDate.set(key, [e]);
  }
  const first = new Date(Date.UTC(y, mi, 1));
  const lead = (first.getUTCDay() - weekStartsOn + 7) % 7;
  const daysInMonth = new Date(Date.UTC(y, mi + 1, 0)).getUTCDate();
  const weeks = Math.ceil((lead + daysInMonth) / 7);
  const grid: DayCell<E>[][] = [];
  for (let w = 0; w < weeks; w += 1) {
    const row: DayCell<E>[] = [];
    for (let i = 0; i < 7; i += 1) {
      const d = new Date(Date.UTC(y, mi, 1 - lead + w * 7 + i));
      const date = iso(d);
      row.push({
        date,
        day: d.getUTCDate(),
        inMonth: d.getUTCMonth() === mi,
        isToday: date === today,
        events: byDate.get(date) ?? [],
      });
    }
    grid.push(row);
  }
  return grid;
}

/** Weekday header labels in grid order (index 0 = Sunday in `names`). */
export function weekdayOrder(names: readonly string[], weekStartsOn: 0 | 1 = 1): string[] {
  return Array.from({ length: 7 }, (_, i) => names[(i + weekStartsOn) % 7] ?? '');
}

/**
 * A day button's accessible name: the day it shows first (its visible text, so a voice user can
 * say it: "5", not only "2026-11-05"), then its date and what happens that day.
 */
export function dayName(cell: Pick<DayCell, 'day' | 'date'>, eventsText: string): string {
  return `${cell.day} (${cell.date})${eventsText ? ` ${eventsText}` : ''}`;
}
