import {
  HOUR_MS,
  MAX_ESTIMATED_COST,
  addWorkingDays,
  costToCents,
  directDispatchRefusal,
  dispatchApproval,
  dueAtFor,
  nextState,
  orderActionPatch,
  orderFigures,
  ratePct,
  repairCompliance,
  typicalFaultType,
} from './rules';

// 2026-11-20 10:00 China time is a Friday.
const FRIDAY_10 = Date.UTC(2026, 10, 20, 2, 0, 0);

describe('repair rules', () => {
  it('gives 24 h for general, 1 h for emergency and 3 working days for severe faults', () => {
    expect(dueAtFor(1, FRIDAY_10)).toBe(FRIDAY_10 + 24 * HOUR_MS);
    expect(dueAtFor(3, FRIDAY_10)).toBe(FRIDAY_10 + HOUR_MS);
    // Friday + 3 working days = the next Wednesday, same time.
    expect(dueAtFor(2, FRIDAY_10)).toBe(FRIDAY_10 + 5 * 24 * HOUR_MS);
    expect(addWorkingDays(FRIDAY_10 - 24 * HOUR_MS, 1)).toBe(FRIDAY_10);
  });

  it('walks pending → dispatched → inProgress → completed → verified only', () => {
    expect(nextState('pending', 'Dispatch')).toBe('dispatched');
    expect(nextState('dispatched', 'Dispatch')).toBe('dispatched');
    expect(nextState('dispatched', 'Start')).toBe('inProgress');
    expect(nextState('inProgress', 'Complete')).toBe('completed');
    expect(nextState('completed', 'Verify')).toBe('verified');
    expect(nextState('pending', 'Complete')).toBeNull();
    expect(nextState('verified', 'Dispatch')).toBeNull();
    expect(nextState('inProgress', 'Dispatch')).toBeNull();
    expect(nextState('completed', 'Start')).toBeNull();
  });

  it("counts the wall's orders by state and by urgency, open and overdue", () => {
    const f = orderFigures(
      [
        { state: 'pending', n: '2' },
        { state: 'verified', n: 5 },
        { state: 'lost', n: 9 },
      ],
      [
        { urgency: 1, dueAt: 50 },
        { urgency: 3, dueAt: 200 },
        { urgency: 7, dueAt: 10 },
      ],
      100,
    );
    expect(f.byState).toEqual({ pending: 2, dispatched: 0, inProgress: 0, completed: 0, verified: 5 });
    expect(f.byUrgency).toEqual([
      { urgency: 1, open: 2, overdue: 2 },
      { urgency: 2, open: 0, overdue: 0 },
      { urgency: 3, open: 1, overdue: 0 },
    ]);
    expect(f.open).toBe(3);
    expect(f.overdue).toBe(2);
  });

  it("writes each action's time, the dispatch crew and a completing remark", () => {
    expect(orderActionPatch('Dispatch', 'dispatched', 5, { crewId: 'c1' })).toEqual({
      state: 'dispatched',
      crewId: 'c1',
      dispatchedAt: 5,
    });
    expect(orderActionPatch('Dispatch', 'dispatched', 5, {})).toEqual({
      state: 'dispatched',
      crewId: null,
      dispatchedAt: 5,
    });
    expect(orderActionPatch('Start', 'inProgress', 6, { remark: 'x' })).toEqual({
      state: 'inProgress',
      startedAt: 6,
    });
    expect(orderActionPatch('Complete', 'completed', 7, { remark: '  done ' })).toEqual({
      state: 'completed',
      completedAt: 7,
      remark: 'done',
    });
    expect(orderActionPatch('Complete', 'completed', 7, { remark: '' })).toEqual({
      state: 'completed',
      completedAt: 7,
    });
    expect(orderActionPatch('Verify', 'verified', 8, {})).toEqual({ state: 'verified', verifiedAt: 8 });
  });

  it('computes compliance per urgency', () => {
    const c = repairCompliance([
      { urgency: 1, dueAt: 10, completedAt: 5 },
      { urgency: 1, dueAt: 10, completedAt: 11 },
      { urgency: 2, dueAt: 10, completedAt: 10 },
      { urgency: 3, dueAt: 10, completedAt: null },
    ]);
    expect(c.general).toEqual({ total: 2, onTime: 1, rate: 50 });
    expect(c.severe).toEqual({ total: 1, onTime: 1, rate: 100 });
    expect(c.emergency).toEqual({ total: 0, onTime: 0, rate: 100 });
    expect(c.overall).toEqual({ total: 3, onTime: 2, rate: 66.7 });
    expect(ratePct(1, 3)).toBe(33.3);
  });

  it('maps asset kinds to their usual fault type', () => {
    expect(typicalFaultType('controlBox', 0)).toBe('boxFault');
    expect(typicalFaultType('manhole', 0)).toBe('coverMissing');
    expect(typicalFaultType('streetLamp', 0)).toBe('lampOff');
    expect(typicalFaultType('streetLamp', 0.9)).toBe('cableFault');
  });
});

describe('the dispatch approval of an expensive repair order', () => {
  const at = (costCents: number | null, approvedCents: number | null = null, waiting = false) => ({
    costCents,
    approvedCents,
    waiting,
    thresholdYuan: 5000,
  });

  it('reads a cost in 元 as whole cents: two decimals at most, not negative, not absurd', () => {
    expect(costToCents(0)).toBe(0);
    expect(costToCents(8600)).toBe(860_000);
    expect(costToCents(1.1)).toBe(110);
    expect(costToCents(0.1 + 0.2)).toBe(30);
    expect(costToCents(4999.99)).toBe(499_999);
    expect(costToCents(MAX_ESTIMATED_COST)).toBe(MAX_ESTIMATED_COST * 100);
    for (const bad of [-0.01, 1.005, 12.345, Number.NaN, Infinity, MAX_ESTIMATED_COST + 1])
      expect(costToCents(bad)).toBeNull();
  });

  it('lets an order without a cost or under the threshold be dispatched directly', () => {
    expect(directDispatchRefusal(at(null))).toBeNull();
    expect(directDispatchRefusal(at(0))).toBeNull();
    expect(directDispatchRefusal(at(499_999))).toBeNull();
    expect(dispatchApproval(at(499_999))).toBe('none');
  });

  it('refuses a direct dispatch at or above the threshold until an approval covers the cost', () => {
    expect(dispatchApproval(at(500_000))).toBe('required');
    expect(directDispatchRefusal(at(500_000))).toBe(
      '预估费用达 5000 元，须经理审批后派工（本单 5000.00 元）',
    );
    expect(directDispatchRefusal(at(860_000, 860_000))).toBeNull();
    expect(dispatchApproval(at(860_000, 900_000))).toBe('approved');
    // the cost went up after the approval: a new approval is needed
    expect(dispatchApproval(at(900_000, 860_000))).toBe('required');
    expect(directDispatchRefusal(at(900_000, 860_000))).toContain('已审批的预估费用为 8600.00 元');
  });

  it('refuses any direct dispatch while an approval waits, whatever the cost', () => {
    for (const cost of [null, 100, 900_000]) {
      expect(dispatchApproval(at(cost, null, true))).toBe('waiting');
      expect(directDispatchRefusal(at(cost, null, true))).toMatch(/派工审批中/);
    }
  });
});
