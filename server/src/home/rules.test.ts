import { DAY_MS, dayStart, monthStart } from '../kernel';
import {
  cableFigures,
  feedbackFigures,
  planStatus,
  powerFigures,
  productionFigures,
  ranked,
  recentFaultFigures,
  safetyFigures,
} from './rules';

// 2026-05-20 12:00 China time
const NOW = Date.parse('2026-05-20T12:00:00+08:00');

describe('planStatus', () => {
  it('is done at 100 %, delayed after its end, not started before its start, else in progress', () => {
    const p = { startDate: '2026-05-10', endDate: '2026-05-30', progress: 0 };
    expect(planStatus({ ...p, progress: 100 }, '2026-06-10')).toBe('done');
    expect(planStatus(p, '2026-06-01')).toBe('delayed');
    expect(planStatus(p, '2026-05-01')).toBe('notStarted');
    expect(planStatus(p, '2026-05-15')).toBe('inProgress');
  });
});

describe('ranked', () => {
  it('sorts by count, then by key', () => {
    expect(
      ranked(
        new Map([
          ['b', 1],
          ['c', 2],
          ['a', 1],
        ]),
      ),
    ).toEqual([
      ['c', 2],
      ['a', 1],
      ['b', 1],
    ]);
  });
});

describe('safetyFigures', () => {
  it('counts days since the last accident, this month inspections, open and closed hazards', () => {
    const f = safetyFigures(
      [
        { kind: 'accident', occurredAt: NOW - 10 * DAY_MS, closedAt: null },
        { kind: 'accident', occurredAt: NOW - 40 * DAY_MS, closedAt: null },
        { kind: 'inspection', occurredAt: monthStart(NOW), closedAt: null },
        { kind: 'inspection', occurredAt: monthStart(NOW) - 1, closedAt: null },
        { kind: 'hazard', occurredAt: NOW, closedAt: null },
        { kind: 'hazard', occurredAt: NOW, closedAt: NOW },
      ],
      NOW,
    );
    expect(f).toEqual({ safeDays: 10, inspectionsThisMonth: 1, hazardsOpen: 1, hazardsClosed: 1 });
  });
  it('counts from the first record when there was no accident', () => {
    expect(
      safetyFigures([{ kind: 'hazard', occurredAt: NOW - 3 * DAY_MS, closedAt: null }], NOW).safeDays,
    ).toBe(3);
  });
});

describe('recentFaultFigures', () => {
  it("counts today's, per day over 30 days, by type and by district", () => {
    const f = recentFaultFigures(
      [
        { district: 'A', faultType: 't1', reportedAt: NOW },
        { district: 'B', faultType: 't1', reportedAt: dayStart(NOW) - 1 },
        { district: 'B', faultType: 't2', reportedAt: NOW },
      ],
      NOW,
    );
    expect(f.today).toBe(2);
    expect(f.trend).toHaveLength(30);
    expect(f.trend.at(-1)).toEqual({ date: '2026-05-20', count: 2 });
    expect(f.trend.at(-2)).toEqual({ date: '2026-05-19', count: 1 });
    expect(f.byType).toEqual([
      { type: 't1', count: 2 },
      { type: 't2', count: 1 },
    ]);
    expect(f.byDistrict[0]).toEqual({ district: 'B', count: 2 });
  });
});

describe('cableFigures', () => {
  it('sums km by type and district and rates line faults per 100 km', () => {
    const f = cableFigures(
      [
        { district: 'A', cableType: 'x', lengthM: 150_000 },
        { district: 'B', cableType: 'x', lengthM: 50_000 },
      ],
      3,
    );
    expect(f).toEqual({
      totalKm: 200,
      byType: [{ type: 'x', km: 200 }],
      byDistrict: [
        { district: 'A', km: 150 },
        { district: 'B', km: 50 },
      ],
      faultsPer100Km: 1.5,
    });
    expect(cableFigures([], 3).faultsPer100Km).toBe(0);
  });
});

describe('productionFigures', () => {
  it("counts this month's orders and its on-time rate (100 with none done)", () => {
    const f = productionFigures(
      [
        { createdAt: NOW, dueAt: NOW + 1, completedAt: NOW },
        { createdAt: NOW, dueAt: NOW - 1, completedAt: NOW },
        { createdAt: NOW, dueAt: NOW, completedAt: null },
      ],
      NOW,
    );
    expect(f).toMatchObject({ ordersThisMonth: 3, completed: 2, onTimeRate: 50 });
    expect(f.trend).toHaveLength(12);
    expect(f.trend.at(-1)).toEqual({ month: '2026-05', created: 3, completed: 2 });
    expect(productionFigures([], NOW).onTimeRate).toBe(100);
  });
});

describe('feedbackFigures', () => {
  it('counts pending and replied this month, rates satisfaction in %, lists the newest', () => {
    const f = feedbackFigures(
      [
        {
          id: 'a',
          title: 'A',
          district: 'd',
          createdAt: 1,
          state: 'pending',
          repliedAt: null,
          satisfaction: null,
        },
        {
          id: 'b',
          title: 'B',
          district: 'd',
          createdAt: 2,
          state: 'replied',
          repliedAt: NOW,
          satisfaction: 4,
        },
        { id: 'c', title: 'C', district: 'd', createdAt: 2, state: 'closed', repliedAt: 1, satisfaction: 5 },
      ],
      NOW,
    );
    expect(f.pending).toBe(1);
    expect(f.repliedThisMonth).toBe(1);
    expect(f.satisfaction).toBe(90);
    expect(f.latest.map((x) => [x.id, x.state])).toEqual([
      ['c', 'pending'],
      ['b', 'replied'],
      ['a', 'pending'],
    ]);
  });
});

describe('powerFigures', () => {
  it('sums this month, last month and this year, rates the lit lamps', () => {
    const f = powerFigures(
      [
        { month: '2026-05', district: 'A', kwh: 10 },
        { month: '2026-05', district: 'B', kwh: 30 },
        { month: '2026-04', district: 'A', kwh: 5 },
        { month: '2025-12', district: 'A', kwh: 7 },
      ],
      { lamps: 3, lit: 2 },
      NOW,
    );
    expect(f).toMatchObject({ monthKwh: 40, lastMonthKwh: 5, yearKwh: 45, lightsOnRate: 66.7 });
    expect(f.trend).toHaveLength(12);
    expect(f.byDistrict).toEqual([
      { district: 'B', kwh: 30 },
      { district: 'A', kwh: 10 },
    ]);
    expect(powerFigures([], { lamps: 0, lit: 0 }, NOW).lightsOnRate).toBe(0);
  });
});
