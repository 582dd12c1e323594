import { costText, dispatchControl, isOverdue, nextAction, orderMarkers } from './orders';
import type { RepairOrder } from './api';

describe('repair orders', () => {
  it('walks pending → dispatched → inProgress → completed → verified', () => {
    expect(nextAction('pending')).toBe('dispatch');
    expect(nextAction('dispatched')).toBe('start');
    expect(nextAction('inProgress')).toBe('complete');
    expect(nextAction('completed')).toBe('verify');
    expect(nextAction('verified')).toBeNull();
  });

  it('is overdue past its due time (completed ones by their completion)', () => {
    expect(isOverdue({ dueAt: 100, completedAt: null }, 101)).toBe(true);
    expect(isOverdue({ dueAt: 100, completedAt: 90 }, 500)).toBe(false);
    expect(isOverdue({ dueAt: 100, completedAt: null }, 100)).toBe(false);
  });

  it('draws the followed order larger', () => {
    const o = { id: 'a', x: 1, y: 2, state: 'pending', assetId: 3 } as RepairOrder;
    const [m] = orderMarkers([o], 'a');
    expect(m?.symbol.size).toBe(18);
    expect(orderMarkers([o])[0]?.symbol.size).toBe(12);
  });
});

describe('the dispatch control of a pending order', () => {
  it('dispatches directly, launches the approval of an expensive order, or shows it waiting', () => {
    expect(dispatchControl({})).toBe('dispatch');
    expect(dispatchControl({ dispatchApproval: 'none' })).toBe('dispatch');
    expect(dispatchControl({ dispatchApproval: 'approved' })).toBe('dispatch');
    expect(dispatchControl({ dispatchApproval: 'required' })).toBe('approve');
    expect(dispatchControl({ dispatchApproval: 'waiting' })).toBe('waiting');
  });

  it('shows a cost with two decimals, none as a dash', () => {
    expect(costText(8600)).toBe('8,600.00');
    expect(costText(0.5)).toBe('0.50');
    expect(costText(null)).toBe('-');
    expect(costText(undefined)).toBe('-');
  });
});
