// Repair-order helpers (pure): the next action of a state, overdue, map markers.
import type { OrderState, RepairOrder } from './api';

export type OrderAction = 'dispatch' | 'start' | 'complete' | 'verify';

/** The action the order's state allows next (pending → dispatched → inProgress → completed → verified). */
export function nextAction(state: OrderState): OrderAction | null {
  switch (state) {
    case 'pending':
      return 'dispatch';
    case 'dispatched':
      return 'start';
    case 'inProgress':
      return 'complete';
    case 'completed':
      return 'verify';
    default:
      return null;
  }
}

/**
 * What a pending order's dispatch control is: `dispatch` (choose a crew, dispatch), `approve` (its
 * estimated cost needs the manager: choose a crew, launch the approval) or `waiting` (an approval
 * waits: no control, 审批中).
 */
export function dispatchControl(
  o: Partial<Pick<RepairOrder, 'dispatchApproval'>>,
): 'dispatch' | 'approve' | 'waiting' {
  if (o.dispatchApproval === 'waiting') return 'waiting';
  return o.dispatchApproval === 'required' ? 'approve' : 'dispatch';
}

/** An estimated cost as shown: two decimals with thousands separators, '-' when none. */
export function costText(yuan: number | null | undefined): string {
  if (yuan === null || yuan === undefined) return '-';
  return yuan.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Open and past its due time (completed orders are judged by completedAt). */
export function isOverdue(o: Pick<RepairOrder, 'dueAt' | 'completedAt'>, now: number): boolean {
  return (o.completedAt ?? now) > o.dueAt;
}

const STATE_COLORS: Record<OrderState, [number, number, number]> = {
  pending: [240, 120, 40],
  dispatched: [40, 140, 230],
  inProgress: [150, 60, 220],
  completed: [40, 160, 80],
  verified: [120, 120, 120],
};

export function orderMarkers(list: readonly RepairOrder[], selectedId: string | null = null) {
  return list.map((o) => ({
    geometry: { type: 'point', x: o.x, y: o.y },
    symbol: {
      type: 'simple-marker',
      style: 'square',
      size: o.id === selectedId ? 18 : 12,
      color: [...STATE_COLORS[o.state], 0.35],
      outline: { color: [...STATE_COLORS[o.state], 1], width: o.id === selectedId ? 3 : 2 },
    },
    attributes: { orderId: o.id, objectid: o.assetId },
  }));
}
