import { generateCity } from './city';
import { backlogDays, generateHistory } from './history';
import { DAY_MS, HOUR_MS } from './rules';

// 2026-11-21 22:00 China time (night).
const NIGHT = Date.UTC(2026, 10, 21, 14, 0, 0);

describe('generateHistory', () => {
  const city = generateCity({ assets: 3000, now: NIGHT });
  const h = generateHistory(city, NIGHT);

  it('opens one fault per faulty asset and closes the history ones', () => {
    const faulty = city.assets.filter((a) => a.status === 'fault').length;
    expect(h.faults.filter((f) => f.closedAt === null).length).toBe(faulty);
    for (const f of h.faults) if (f.closedAt !== null) expect(f.closedAt).toBeGreaterThan(f.reportedAt);
  });

  it('links orders to faults with states and due dates', () => {
    const faultIds = new Set(h.faults.map((f) => f.id));
    for (const o of h.orders) {
      expect(faultIds.has(o.faultId ?? '')).toBe(true);
      expect(o.dueAt).toBeGreaterThan(o.createdAt);
    }
    expect(new Set(h.orders.map((o) => o.state)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(h.orders.map((o) => o.billNo)).size).toBe(h.orders.length);
  });

  it('stores crews and their tracks in time order', () => {
    expect(h.crews.length).toBe(6);
    const t = h.tracks.filter((p) => p.crewId === 'crew-1').map((p) => p.t);
    expect(t.length).toBeGreaterThan(10);
    expect([...t].sort((a, b) => a - b)).toEqual(t);
  });
});

/** Faults per China-time day of report. */
const perDay = (faults: ReadonlyArray<{ reportedAt: number }>): number[] => {
  const m = new Map<string, number>();
  for (const f of faults) {
    const d = new Date(f.reportedAt + 8 * HOUR_MS).toISOString().slice(0, 10);
    m.set(d, (m.get(d) ?? 0) + 1);
  }
  return [...m.values()].sort((a, b) => a - b);
};

describe('the seeded fault history is spread over time', () => {
  // the e2e city and the default city
  it.each([30_000, 300_000])('%i assets: no day holds more than 3× the median day', (assets) => {
    const city = generateCity({ assets, now: NIGHT });
    const h = generateHistory(city, NIGHT);
    const days = perDay(h.faults);
    const median = days[Math.floor(days.length / 2)] ?? 0;
    const max = days[days.length - 1] ?? 0;
    expect(days.length).toBeGreaterThan(300);
    expect(median).toBeGreaterThan(0);
    expect(max).toBeLessThanOrEqual(3 * median);
    // the open backlog is older than the last day and a half, yet none is in the future
    const open = h.faults.filter((f) => f.closedAt === null);
    expect(open.some((f) => f.reportedAt < NIGHT - 7 * DAY_MS)).toBe(true);
    expect(open.every((f) => f.reportedAt < NIGHT)).toBe(true);
    for (const o of h.orders) expect(o.createdAt).toBeLessThanOrEqual(NIGHT);
  });

  it('is deterministic', () => {
    const city = generateCity({ assets: 3000, now: NIGHT });
    expect(generateHistory(city, NIGHT)).toEqual(generateHistory(city, NIGHT));
  });
});

describe('backlogDays', () => {
  it('gives every fault an age, newest first, more on recent days than old ones', () => {
    const ages = backlogDays(600, 40);
    expect(ages).toHaveLength(600);
    expect([...ages].sort((a, b) => a - b)).toEqual(ages);
    const count = (d: number) => ages.filter((a) => a === d).length;
    const last = ages[ages.length - 1] ?? 0;
    expect(last).toBe(Math.ceil((1.5 * 600) / 40) - 1);
    expect(count(0)).toBeGreaterThan(count(last));
    // never more on a day than the intake
    for (let d = 0; d <= last; d++) expect(count(d)).toBeLessThanOrEqual(40);
  });

  it('handles an empty backlog and a tiny one', () => {
    expect(backlogDays(0, 40)).toEqual([]);
    expect(backlogDays(1, 40)).toEqual([0]);
  });
});
