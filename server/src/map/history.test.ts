import { generateCity } from './city';
import { generateHistory } from './history';

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
