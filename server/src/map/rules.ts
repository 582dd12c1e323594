/**
 * Repair rules: deadlines by urgency (24 h general, 3 working days severe, 1 h emergency), the repair
 * order state machine, fault types and sources. Pure.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
const CHINA_OFFSET = 8 * HOUR_MS;

/** 1 普通 (general), 2 重要 (severe), 3 紧急 (emergency). */
export type Urgency = 1 | 2 | 3;
export const URGENCIES: readonly Urgency[] = [1, 2, 3];

export const FAULT_SOURCES = ['detection', 'citizen', 'patrol'] as const;
export type FaultSource = (typeof FAULT_SOURCES)[number];

/** Dictionary faultType (enCode → fullName), as seeded in db/seed-data.ts. */
export const FAULT_TYPES: Readonly<Record<string, string>> = {
  lampOff: '灯具不亮',
  dayBurning: '白天亮灯',
  flicker: '灯光闪烁',
  poleTilt: '灯杆倾斜',
  cableFault: '线缆故障',
  boxFault: '控制箱故障',
  coverMissing: '井盖缺失',
  leakage: '漏电',
  poleDamage: '灯杆损坏',
  cableTheft: '线路被盗',
  other: '其他',
};
export const FAULT_TYPE_CODES = Object.keys(FAULT_TYPES);

/** Adds n working days (Mon–Fri, China time) to t, keeping the time of day. */
export function addWorkingDays(t: number, n: number): number {
  let out = t;
  let left = n;
  while (left > 0) {
    out += DAY_MS;
    const wd = new Date(out + CHINA_OFFSET).getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return out;
}

/** The repair deadline of an order created at t. */
export function dueAtFor(urgency: number, createdAt: number): number {
  if (urgency === 3) return createdAt + HOUR_MS;
  if (urgency === 2) return addWorkingDays(createdAt, 3);
  return createdAt + 24 * HOUR_MS;
}

export const ORDER_STATES = ['pending', 'dispatched', 'inProgress', 'completed', 'verified'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const OPEN_ORDER_STATES: readonly OrderState[] = ['pending', 'dispatched', 'inProgress'];

export type OrderAction = 'Dispatch' | 'Start' | 'Complete' | 'Verify';

/** The state an action leads to from `from`, or null when the action is not allowed there. */
export function nextState(from: string, action: OrderAction): OrderState | null {
  switch (action) {
    case 'Dispatch':
      return from === 'pending' || from === 'dispatched' ? 'dispatched' : null;
    case 'Start':
      return from === 'dispatched' ? 'inProgress' : null;
    case 'Complete':
      return from === 'inProgress' ? 'completed' : null;
    case 'Verify':
      return from === 'completed' ? 'verified' : null;
  }
}

export const STATE_NOT_ALLOWED = '状态不允许此操作';

/**
 * The wall's repair-order figures: how many orders are in each state (every state named, unknown
 * states left out), and per urgency (1 general for anything not 2 or 3) how many are open and overdue.
 */
export function orderFigures(
  stateRows: ReadonlyArray<{ state: string; n: number | string }>,
  openRows: ReadonlyArray<{ urgency: number; dueAt: number }>,
  now: number,
) {
  const byState = Object.fromEntries(ORDER_STATES.map((s) => [s, 0])) as Record<OrderState, number>;
  for (const r of stateRows)
    if ((ORDER_STATES as readonly string[]).includes(r.state)) byState[r.state as OrderState] = Number(r.n);
  const byUrgency = [1, 2, 3].map((urgency) => {
    const mine = openRows.filter((o) => (o.urgency === 2 || o.urgency === 3 ? o.urgency : 1) === urgency);
    return { urgency, open: mine.length, overdue: mine.filter((o) => o.dueAt < now).length };
  });
  return {
    byState,
    open: byUrgency.reduce((s, u) => s + u.open, 0),
    overdue: byUrgency.reduce((s, u) => s + u.overdue, 0),
    byUrgency,
  };
}

/**
 * What a state action writes on an order besides its new state: the crew and dispatch time, the start
 * time, the completion time (and the completing remark, trimmed, when one is given), the verify time.
 */
export function orderActionPatch(
  action: OrderAction,
  to: OrderState,
  now: number,
  body: { crewId?: string; remark?: string },
) {
  return action === 'Dispatch'
    ? { state: to, crewId: body.crewId ?? null, dispatchedAt: now }
    : action === 'Start'
      ? { state: to, startedAt: now }
      : action === 'Complete'
        ? { state: to, completedAt: now, ...(body.remark ? { remark: body.remark.trim() } : {}) }
        : { state: to, verifiedAt: now };
}

/** The fault type a detected fault of this asset kind usually has. */
export function typicalFaultType(kind: string, pick: number): string {
  switch (kind) {
    case 'controlBox':
      return 'boxFault';
    case 'pole':
      return 'poleTilt';
    case 'manhole':
    case 'handHole':
    case 'sharedWell':
      return 'coverMissing';
    case 'transformer':
      return pick < 0.5 ? 'leakage' : 'other';
    case 'junctionBox':
      return 'cableFault';
    default:
      return pick < 0.6
        ? 'lampOff'
        : pick < 0.72
          ? 'flicker'
          : pick < 0.82
            ? 'dayBurning'
            : pick < 0.94
              ? 'cableFault'
              : 'leakage';
  }
}

export interface ComplianceBucket {
  total: number;
  onTime: number;
  rate: number;
}

/** Repair-time compliance of completed orders, per urgency and overall (rate in %, 1 decimal; 100 when none). */
export function repairCompliance(
  orders: ReadonlyArray<{ urgency: number; dueAt: number; completedAt: number | null }>,
): {
  general: ComplianceBucket;
  severe: ComplianceBucket;
  emergency: ComplianceBucket;
  overall: ComplianceBucket;
} {
  const bucket = (list: typeof orders): ComplianceBucket => {
    const done = list.filter((o) => o.completedAt !== null);
    const onTime = done.filter((o) => (o.completedAt ?? 0) <= o.dueAt).length;
    return {
      total: done.length,
      onTime,
      rate: done.length ? Math.round((onTime * 1000) / done.length) / 10 : 100,
    };
  };
  return {
    general: bucket(orders.filter((o) => o.urgency !== 2 && o.urgency !== 3)),
    severe: bucket(orders.filter((o) => o.urgency === 2)),
    emergency: bucket(orders.filter((o) => o.urgency === 3)),
    overall: bucket(orders),
  };
}

/** A rate in % with one decimal (100 when there is nothing to count). */
export function ratePct(part: number, whole: number): number {
  return whole ? Math.round((part * 1000) / whole) / 10 : 100;
}

/** The most an order's estimated cost may be, in 元 (a typing slip of extra zeros is refused). */
export const MAX_ESTIMATED_COST = 100_000_000;

/**
 * An estimated cost in 元 as whole cents, or null when it is not a cost: negative, above
 * MAX_ESTIMATED_COST, not finite, or with more than two decimals (1.005 is refused; 0.1 + 0.2 is 0.30).
 */
export function costToCents(yuan: number): number | null {
  if (!Number.isFinite(yuan) || yuan < 0 || yuan > MAX_ESTIMATED_COST) return null;
  const cents = Math.round(yuan * 100);
  return Math.abs(yuan * 100 - cents) < 1e-6 ? cents : null;
}

/** Whole cents as 元 with two decimals ("8600.00"). */
export const centsText = (cents: number): string => (cents / 100).toFixed(2);

/**
 * Where an order stands with its dispatch approval (workflow 故障维修工单):
 * - `waiting` — an approval is waiting (the approval dispatches the order);
 * - `required` — its estimated cost is at or above the threshold and no approval covers it: the
 *   order may not be dispatched directly, an approval must be launched;
 * - `approved` — at or above the threshold, and an approved flow covers the cost (its estimate ≥ the
 *   order's);
 * - `none` — no cost, or under the threshold: dispatched directly as always.
 */
export type DispatchApproval = 'none' | 'required' | 'waiting' | 'approved';

export interface DispatchApprovalInput {
  /** the order's estimated cost in cents, or null when none was entered */
  costCents: number | null;
  /** the highest estimate (cents) of the order's approved flows, or null when none was approved */
  approvedCents: number | null;
  /** whether a flow for the order is waiting */
  waiting: boolean;
  /** REPAIR_APPROVAL_THRESHOLD, in 元 */
  thresholdYuan: number;
}

export function dispatchApproval(i: DispatchApprovalInput): DispatchApproval {
  if (i.waiting) return 'waiting';
  if (i.costCents === null || i.costCents < Math.round(i.thresholdYuan * 100)) return 'none';
  return i.approvedCents !== null && i.approvedCents >= i.costCents ? 'approved' : 'required';
}

/**
 * The one rule of a direct dispatch (the approval's own dispatch does not ask): the refusal
 * message, or null when the order may be dispatched directly.
 */
export function directDispatchRefusal(i: DispatchApprovalInput): string | null {
  switch (dispatchApproval(i)) {
    case 'waiting':
      return '该工单正在派工审批中，审批通过后自动派工';
    case 'required': {
      const cost = centsText(i.costCents ?? 0);
      const covered = i.approvedCents !== null ? `，已审批的预估费用为 ${centsText(i.approvedCents)} 元` : '';
      return `预估费用达 ${i.thresholdYuan} 元，须经理审批后派工（本单 ${cost} 元${covered}）`;
    }
    default:
      return null;
  }
}
