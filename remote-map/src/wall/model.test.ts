import type { WallData, WallFault } from '../map/api';
import {
  applyFaultPush,
  barShare,
  monthOnMonth,
  mwhText,
  projection,
  rateText,
  relativeHeights,
  ringCentre,
  ringPath,
} from './model';

const fault = (id: string, reportedAt: number, district = '东城区'): WallFault => ({
  id,
  x: 10,
  y: 20,
  urgency: 1,
  district,
  typeCode: 'lampOff',
  reportedAt,
});

const wall = (list: WallFault[], open = list.length, limit = 5000): WallData =>
  ({
    now: 0,
    extent: { xmin: 0, ymin: 0, xmax: 100, ymax: 50 },
    districts: [],
    statistics: {
      byDistrict: [
        { district: '东城区', openFaults: open },
        { district: '西城区', openFaults: 0 },
      ],
    },
    faults: { open, limit, list },
    orders: { byState: {}, open: 0, overdue: 0, byUrgency: [] },
    energy: { monthKwh: 0, lastMonthKwh: 0, yearKwh: 0, trend: [], byDistrict: [] },
  }) as unknown as WallData;

describe('projection', () => {
  it('keeps the shape, flips y and leaves a margin', () => {
    const p = projection({ xmin: 1000, ymin: 2000, xmax: 3000, ymax: 3000 }, 1000, undefined, 0.05);
    expect(p.width).toBe(1000);
    expect(p.height).toBe(550);
    expect([p.x(1000), p.y(3000)]).toEqual([50, 50]);
    expect([p.x(3000), p.y(2000)]).toEqual([950, 500]);
  });

  it('fits the city into a box, centred', () => {
    // a square city in a wide box: as tall as the box less the margins, centred across
    const p = projection({ xmin: 0, ymin: 0, xmax: 10, ymax: 10 }, 400, 200, 0.1);
    expect([p.width, p.height]).toEqual([400, 200]);
    expect([p.x(0), p.y(10)]).toEqual([120, 20]);
    expect([p.x(10), p.y(0)]).toEqual([280, 180]);
  });

  it('draws rings as closed paths and finds their centre', () => {
    const p = projection({ xmin: 0, ymin: 0, xmax: 10, ymax: 10 }, 100, 100, 0);
    const ring: Array<[number, number]> = [
      [0, 0],
      [0, 10],
      [10, 10],
      [10, 0],
      [0, 0],
    ];
    expect(ringPath([ring], p)).toBe('M0 100 L0 0 L100 0 L100 100 L0 100 Z');
    expect(ringCentre([ring])).toEqual([5, 5]);
    expect(ringCentre([])).toBeNull();
  });
});

describe('applyFaultPush', () => {
  const base = wall([fault('a', 2), fault('b', 1)]);

  it('draws and counts a new fault at once, newest first', () => {
    const next = applyFaultPush(base, { method: 'mapFaultChange', action: 'created', fault: fault('c', 3) });
    expect(next.faults.list.map((f) => f.id)).toEqual(['c', 'a', 'b']);
    expect(next.faults.open).toBe(3);
    expect(next.statistics.byDistrict.map((d) => d.openFaults)).toEqual([3, 0]);
  });

  it('ignores a repeat and malformed pushes', () => {
    expect(applyFaultPush(base, { action: 'created', fault: fault('a', 2) })).toBe(base);
    expect(applyFaultPush(base, { action: 'created', fault: { id: 'x' } })).toBe(base);
    expect(applyFaultPush(base, { action: 'created' })).toBe(base);
  });

  it('takes a closed fault away and uncounts it', () => {
    const next = applyFaultPush(base, { action: 'closed', fault: { ...fault('a', 2), closedAt: 5 } });
    expect(next.faults.list.map((f) => f.id)).toEqual(['b']);
    expect(next.faults.open).toBe(1);
    expect(next.statistics.byDistrict[0]?.openFaults).toBe(1);
    // one the wall never held, while it holds every open fault: nothing to uncount
    expect(applyFaultPush(base, { action: 'closed', fault: fault('zz', 1) })).toBe(base);
  });

  it('keeps the drawn list within its limit while counting every fault', () => {
    const capped = wall([fault('a', 2), fault('b', 1)], 10, 2);
    const next = applyFaultPush(capped, { action: 'created', fault: fault('c', 3) });
    expect(next.faults.list.map((f) => f.id)).toEqual(['c', 'a']);
    expect(next.faults.open).toBe(11);
    // closing one beyond the drawn limit still counts down
    expect(applyFaultPush(capped, { action: 'closed', fault: fault('old', 0) }).faults.open).toBe(9);
  });
});

describe('numbers as the wall prints them', () => {
  it('rates, energy and changes', () => {
    expect(rateText(98.56)).toBe('98.6');
    expect(rateText(100)).toBe('100.0');
    expect(mwhText(1_234_567)).toBe('1234.6');
    expect(monthOnMonth(110, 100)).toBe(10);
    expect(monthOnMonth(90, 0)).toBeNull();
  });

  it('bars', () => {
    expect(barShare(95)).toBe(0.5);
    expect(barShare(80)).toBe(0);
    expect(barShare(101)).toBe(1);
    expect(relativeHeights([5, 10, 0])).toEqual([0.5, 1, 0]);
    expect(relativeHeights([0, 0])).toEqual([0, 0]);
  });
});
