import {
  HOUR_MS,
  addWorkingDays,
  dueAtFor,
  nextState,
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
