// The workflow lists' filters (to-do, done, circulate, my launched, monitor) as pure functions:
// the filter form's state → the list query the server reads, the date-range presets, and the
// launchable flows grouped by category for the flow pickers. No React, no I/O.

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TaskFilters {
  keyword?: string;
  /** [start, end] as epoch ms of any time on those days; null when no range is chosen */
  range?: readonly [number, number] | null;
  flowCategory?: string;
  flowId?: string;
  creatorUserId?: string;
  /** a task status (0–5) or urgency (1–3) chosen in the monitor; '' or undefined: any */
  status?: number | '';
  flowUrgent?: number | '';
}

/** Midnight (local) of the day holding `ms`. */
export function startOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** The last millisecond (local) of the day holding `ms`. */
export function endOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(23, 59, 59, 999);
  return d.getTime();
}

/**
 * The query the workflow list routes read: empty filters are left out (the server's schema
 * treats a missing key as "any"), the range covers whole local days, a reversed range is put the
 * right way round.
 */
export function taskQuery(f: TaskFilters): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const text = (k: keyof TaskFilters) => {
    const v = f[k];
    if (typeof v === 'string' && v.trim()) out[k] = v.trim();
  };
  text('keyword');
  text('flowCategory');
  text('flowId');
  text('creatorUserId');
  if (typeof f.status === 'number' && Number.isInteger(f.status)) out.status = f.status;
  if (typeof f.flowUrgent === 'number' && Number.isInteger(f.flowUrgent)) out.flowUrgent = f.flowUrgent;
  if (f.range && Number.isFinite(f.range[0]) && Number.isFinite(f.range[1])) {
    const [a, b] = f.range[0] <= f.range[1] ? f.range : [f.range[1], f.range[0]];
    out.startTime = startOfDay(a);
    out.endTime = endOfDay(b);
  }
  return out;
}

/** The date-range presets of the lists: last week, month, three months (ending today). */
export const RANGE_PRESETS = [
  { key: 'lastWeek', days: 7 },
  { key: 'lastMonth', days: 30 },
  { key: 'last3Months', days: 90 },
] as const;

export function presetRange(days: number, now: number): [number, number] {
  return [startOfDay(now - days * DAY_MS), endOfDay(now)];
}

export interface FlowLike {
  id: string;
  fullName: string;
  category?: string | null;
  sortCode?: number;
}

export interface FlowGroup<F extends FlowLike> {
  category: string;
  flows: F[];
}

/**
 * Flows grouped by category in the order categories first appear (the server sorts the flows);
 * a flow without a category goes to the '' group, shown last. A keyword keeps the flows whose
 * name contains it (case-insensitive) and drops the groups left empty.
 */
export function groupByCategory<F extends FlowLike>(flows: readonly F[], keyword = ''): FlowGroup<F>[] {
  const k = keyword.trim().toLowerCase();
  const groups = new Map<string, F[]>();
  for (const f of flows) {
    if (k && !f.fullName.toLowerCase().includes(k)) continue;
    const c = (f.category ?? '').trim();
    const list = groups.get(c);
    if (list) list.push(f);
    else groups.set(c, [f]);
  }
  const out = [...groups].map(([category, list]) => ({ category, flows: list }));
  return [...out.filter((g) => g.category !== ''), ...out.filter((g) => g.category === '')];
}
