import { ASSET_KINDS, ASSET_STATUSES, generateCity, isNight, prng, restoredStatus } from './city';
import { pointInRing } from './geography';
import { downstreamOf } from './network';

// 2026-11-21 22:00 China time (night).
const NIGHT = Date.UTC(2026, 10, 21, 14, 0, 0);
const DAY = Date.UTC(2026, 10, 21, 4, 0, 0);

describe('generateCity', () => {
  const city = generateCity({ assets: 6000, now: NIGHT });

  it('draws a river and parks where no asset stands', () => {
    expect(city.water).toHaveLength(1);
    expect(city.parks.length).toBeGreaterThan(1);
    const rings = (rows: ReadonlyArray<{ rings: string }>) =>
      rows.map((w) => (JSON.parse(w.rings) as Array<Array<[number, number]>>)[0] ?? []);
    const water = rings(city.water);
    const parks = rings(city.parks);
    const ymin = Math.min(...city.assets.map((a) => a.y));
    // the river lies wholly south of the streets
    for (const ring of water) expect(Math.max(...ring.map((p) => p[1]))).toBeLessThan(ymin - 100);
    for (const a of city.assets) {
      for (const ring of water) expect(pointInRing(a.x, a.y, ring)).toBe(false);
      for (const ring of parks)
        if (pointInRing(a.x, a.y, ring)) throw new Error(`${a.code} stands in a park`);
    }
    // parks have their own names and do not depend on the seed time
    expect(new Set(city.parks.map((p) => p.name)).size).toBe(city.parks.length);
    expect(generateCity({ assets: 6000, now: DAY }).parks).toEqual(city.parks);
  });

  it('is deterministic', () => {
    const again = generateCity({ assets: 6000, now: NIGHT });
    expect(again.assets.length).toBe(city.assets.length);
    expect(again.assets[1234]).toEqual(city.assets[1234]);
    expect(again.cables[999]).toEqual(city.cables[999]);
    expect(prng(1)()).toBe(prng(1)());
  });

  it('stops near the wanted size and uses every kind and the dictionary statuses', () => {
    expect(city.assets.length).toBeGreaterThanOrEqual(6000);
    expect(city.assets.length).toBeLessThan(6000 + 500);
    const kinds = new Set(city.assets.map((a) => a.kind));
    // Every kind but courtyard lamps is in every block; courtyards are in about a third of them.
    for (const k of ASSET_KINDS) expect(kinds.has(k)).toBe(true);
    for (const a of city.assets) {
      expect(ASSET_STATUSES).toContain(a.status);
      expect(a.symbol).toBe(`${a.kind}|${a.status}`);
    }
    const ids = city.assets.map((a) => a.objectid);
    expect(ids).toEqual(ids.map((_, i) => i + 1));
    expect(new Set(city.assets.map((a) => a.code)).size).toBe(city.assets.length);
  });

  it('lays lamps 30–40 m apart along main roads with a pole under each street lamp', () => {
    const c = city.circuits[0];
    expect(c).toBeDefined();
    const lamps = (c?.lamps ?? []).map((id) => city.assets[id - 1]);
    const k = Math.cos((30.2 * Math.PI) / 180);
    for (let i = 1; i < lamps.length; i++) {
      const a = lamps[i - 1];
      const b = lamps[i];
      if (!a || !b) continue;
      const d = Math.hypot(b.x - a.x, b.y - a.y) * k;
      expect(d).toBeGreaterThanOrEqual(29.9);
      expect(d).toBeLessThanOrEqual(40.1);
    }
    const poles = new Set(city.assets.filter((a) => a.kind === 'pole').map((a) => `${a.x},${a.y}`));
    for (const a of city.assets.filter((x) => x.kind === 'streetLamp'))
      expect(poles.has(`${a.x},${a.y}`)).toBe(true);
  });

  it('feeds every lamp from its control box and every box from a transformer through cables', () => {
    const boxes = city.assets.filter((a) => a.kind === 'controlBox');
    for (const b of boxes) {
      expect(b.transformerId).not.toBeNull();
      const fed = new Set(downstreamOf(b.objectid, city.cables).assetIds);
      for (const c of city.circuits.filter((x) => x.controlBoxId === b.objectid))
        for (const id of c.lamps) expect(fed.has(id)).toBe(true);
    }
    for (const t of city.assets.filter((a) => a.kind === 'transformer')) {
      const fed = downstreamOf(t.objectid, city.cables).assetIds;
      expect(fed.length).toBeGreaterThan(0);
    }
  });

  it('has a realistic status mix: lit at night, clustered faults, pending entries', () => {
    const lamps = city.assets.filter((a) =>
      ['streetLamp', 'wallLamp', 'floodLight', 'courtyardLamp'].includes(a.kind),
    );
    const lit = lamps.filter((a) => a.status === 'lightOn').length;
    expect(lit / lamps.length).toBeGreaterThan(0.75);
    expect(city.failingCircuits.length).toBeGreaterThan(0);
    const failing = city.circuits.find((c) => c.id === city.failingCircuits[0]);
    const down = (failing?.lamps ?? []).filter((id) => city.assets[id - 1]?.status === 'fault').length;
    expect(down).toBeGreaterThanOrEqual(3);
    expect(city.assets.some((a) => a.status.startsWith('pending'))).toBe(true);
    const day = generateCity({ assets: 2000, now: DAY });
    expect(day.assets.some((a) => a.status === 'lightOn')).toBe(false);
  });

  it('has base geography: six districts and main and side roads', () => {
    expect(city.districts.length).toBe(6);
    expect(city.roads.some((r) => r.roadClass === 'main')).toBe(true);
    expect(city.roads.some((r) => r.roadClass === 'side')).toBe(true);
  });
});

describe('schedule', () => {
  it('lights lamps at night and restores non-lamps to completed', () => {
    expect(isNight(NIGHT)).toBe(true);
    expect(isNight(DAY)).toBe(false);
    expect(restoredStatus('streetLamp', NIGHT)).toBe('lightOn');
    expect(restoredStatus('streetLamp', DAY)).toBe('lightOff');
    expect(restoredStatus('manhole', NIGHT)).toBe('completed');
  });
});
