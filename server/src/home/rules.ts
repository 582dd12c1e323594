/**
 * The home dashboard's figures from the rows its store reads (pure; tested in rules.test.ts).
 * Times are milliseconds; days and months are China time (kernel/china-time.ts).
 */
import {
  DAY_MS,
  dayOf,
  dayStart,
  lastDays,
  lastMonths,
  monthOf,
  monthStart,
  startOfMonth,
  yearStart,
} from '../kernel';
import type { FeedbackTable } from './schema';

/** Fault types that concern the cable lines (CableLine's faultsPer100Km). */
export const LINE_FAULT_TYPES = ['线缆故障', '线路被盗'] as const;
export const ARTICLE_CATEGORIES = ['notice', 'party', 'safety'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
export type PlanStatus = 'notStarted' | 'inProgress' | 'done' | 'delayed';

/** A plan's status on a day ('YYYY-MM-DD'). */
export function planStatus(
  p: { startDate: string; endDate: string; progress: number },
  today: string,
): PlanStatus {
  if (p.progress >= 100) return 'done';
  if (today > p.endDate) return 'delayed';
  if (today < p.startDate && p.progress === 0) return 'notStarted';
  return 'inProgress';
}

export const round1 = (n: number): number => Math.round(n * 10) / 10;
export const countBy = <T>(rows: readonly T[], key: (r: T) => string): Map<string, number> => {
  const m = new Map<string, number>();
  for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
  return m;
};
/** Map → [key, count] sorted by count desc, then key. */
export const ranked = (m: Map<string, number>): Array<[string, number]> =>
  [...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

/** The first day of the last 30 days (today the 30th). */
export const last30From = (now: number): number => dayStart(now) - 29 * DAY_MS;

/** Days since the last accident (or the first record), inspections this month, hazards open and closed. */
export function safetyFigures(
  records: ReadonlyArray<{ kind: string; occurredAt: number; closedAt: number | null }>,
  now: number,
) {
  const accidents = records.filter((r) => r.kind === 'accident').map((r) => r.occurredAt);
  const hazards = records.filter((r) => r.kind === 'hazard');
  const since = accidents.length
    ? Math.max(...accidents)
    : Math.min(now, ...records.map((r) => r.occurredAt));
  return {
    safeDays: Math.max(0, Math.floor((dayStart(now) - dayStart(since)) / DAY_MS)),
    inspectionsThisMonth: records.filter((r) => r.kind === 'inspection' && r.occurredAt >= monthStart(now))
      .length,
    hazardsOpen: hazards.filter((h) => h.closedAt === null).length,
    hazardsClosed: hazards.filter((h) => h.closedAt !== null).length,
  };
}

/** Faults of the last 30 days: today's, by type, per day, by district (the counts open and closed are read apart). */
export function recentFaultFigures(
  recent: ReadonlyArray<{ district: string; faultType: string; reportedAt: number }>,
  now: number,
) {
  const byDay = countBy(recent, (f) => dayOf(f.reportedAt));
  return {
    today: byDay.get(dayOf(now)) ?? 0,
    byType: ranked(countBy(recent, (f) => f.faultType)).map(([type, n]) => ({ type, count: n })),
    trend: lastDays(now, 30).map((date) => ({ date, count: byDay.get(date) ?? 0 })),
    byDistrict: ranked(countBy(recent, (f) => f.district)).map(([district, n]) => ({ district, count: n })),
  };
}

/** Cable length in km, by type and by district, and line faults of the last 30 days per 100 km. */
export function cableFigures(
  lines: ReadonlyArray<{ district: string; cableType: string; lengthM: number }>,
  lineFaults: number,
) {
  const sum = (key: (l: (typeof lines)[number]) => string) => {
    const m = new Map<string, number>();
    for (const l of lines) m.set(key(l), (m.get(key(l)) ?? 0) + l.lengthM);
    return [...m.entries()].sort((a, b) => b[1] - a[1]);
  };
  const totalM = lines.reduce((s, l) => s + l.lengthM, 0);
  return {
    totalKm: round1(totalM / 1000),
    byType: sum((l) => l.cableType).map(([type, m]) => ({ type, km: round1(m / 1000) })),
    byDistrict: sum((l) => l.district).map(([district, m]) => ({ district, km: round1(m / 1000) })),
    // Line faults (cable faults, theft) of the last 30 days per 100 km of line.
    faultsPer100Km: totalM ? round1((lineFaults * 100_000) / totalM) : 0,
  };
}

/** The first month the production panel reads (12 months back, this one the 12th). */
export const productionFrom = (now: number): number => {
  const months = lastMonths(now, 12);
  return startOfMonth(months[0] ?? monthOf(now));
};

/** Work orders created and completed per month (last 12), this month's count and on-time rate. */
export function productionFigures(
  orders: ReadonlyArray<{ createdAt: number; dueAt: number; completedAt: number | null }>,
  now: number,
) {
  const months = lastMonths(now, 12);
  const created = countBy(orders, (o) => monthOf(o.createdAt));
  const done = orders.filter((o): o is typeof o & { completedAt: number } => o.completedAt !== null);
  const completed = countBy(done, (o) => monthOf(o.completedAt));
  const cur = monthOf(now);
  const doneThisMonth = done.filter((o) => monthOf(o.completedAt) === cur);
  const onTime = doneThisMonth.filter((o) => o.completedAt <= o.dueAt).length;
  return {
    ordersThisMonth: created.get(cur) ?? 0,
    completed: doneThisMonth.length,
    onTimeRate: doneThisMonth.length ? round1((onTime * 100) / doneThisMonth.length) : 100,
    trend: months.map((month) => ({
      month,
      created: created.get(month) ?? 0,
      completed: completed.get(month) ?? 0,
    })),
  };
}

/** Citizens' feedback: pending, replied this month, satisfaction (%), the 8 newest. */
export function feedbackFigures(
  all: ReadonlyArray<
    Pick<FeedbackTable, 'id' | 'title' | 'district' | 'createdAt' | 'state' | 'repliedAt' | 'satisfaction'>
  >,
  now: number,
) {
  const rated = all.filter((f): f is typeof f & { satisfaction: number } => f.satisfaction !== null);
  const latest = [...all]
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
    .slice(0, 8)
    .map((f) => ({
      id: f.id,
      title: f.title,
      district: f.district,
      createdAt: f.createdAt,
      state: f.state === 'replied' ? ('replied' as const) : ('pending' as const),
    }));
  return {
    pending: all.filter((f) => f.state === 'pending').length,
    repliedThisMonth: all.filter((f) => f.repliedAt !== null && f.repliedAt >= monthStart(now)).length,
    // Average rating (1–5) as a percentage.
    satisfaction: rated.length
      ? round1((rated.reduce((s, f) => s + f.satisfaction, 0) / rated.length) * 20)
      : 0,
    latest,
  };
}

/**
 * Energy: this month, last month, this year (kWh), the lights-on rate, the last 12 months and this
 * month by district, from the power rows of the last 13 months and the lamp totals.
 */
export function powerFigures(
  rows: ReadonlyArray<{ month: string; district: string; kwh: number }>,
  lamps: { lamps: number; lit: number },
  now: number,
) {
  const months = lastMonths(now, 13);
  const byMonth = new Map<string, number>();
  for (const r of rows) byMonth.set(r.month, (byMonth.get(r.month) ?? 0) + r.kwh);
  const cur = monthOf(now);
  const year = monthOf(yearStart(now));
  return {
    monthKwh: byMonth.get(cur) ?? 0,
    lastMonthKwh: byMonth.get(months[11] ?? '') ?? 0,
    yearKwh: rows.filter((r) => r.month >= year).reduce((s, r) => s + r.kwh, 0),
    lightsOnRate: lamps.lamps ? round1((lamps.lit * 100) / lamps.lamps) : 0,
    trend: months.slice(1).map((month) => ({ month, kwh: byMonth.get(month) ?? 0 })),
    byDistrict: rows
      .filter((r) => r.month === cur)
      .sort((a, b) => b.kwh - a.kwh)
      .map((r) => ({ district: r.district, kwh: r.kwh })),
  };
}
