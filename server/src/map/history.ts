/**
 * The city's operating history: repair crews, their stored positions (patrol tracks), open faults for
 * every asset the generator left in `fault`, a year of closed faults with their repair orders, and open
 * orders in every state. Pure and deterministic.
 *
 * The open faults are a backlog, reported over the weeks before the seed as a real city's are: a
 * failing circuit's lamps together (one event), isolated burnt-out lamps one by one, more of them
 * recent than old (`backlogDays`), so no day of the fault trend carries the whole backlog.
 */
import type { Insertable } from 'kysely';
import type { FaultTable, WorkOrderTable } from '../home';
import { BLOCK_M, CITY_ORIGIN, DISTRICT_NAMES, isLampKind, prng, restoredStatus, type City } from './city';
import { groundScale } from './geo';
import { DAY_MS, FAULT_TYPES, HOUR_MS, dueAtFor, typicalFaultType } from './rules';
import type { MapCrewTable, MapTrackTable } from './schema';

export type FaultRow = Insertable<FaultTable> & { id: string; assetId: number };
export type OrderRow = Insertable<WorkOrderTable> & { id: string };

export interface History {
  crews: Array<Insertable<MapCrewTable>>;
  tracks: Array<Insertable<MapTrackTable>>;
  faults: FaultRow[];
  orders: OrderRow[];
}

const CREW_NAMES = ['抢修一队', '抢修二队', '抢修三队', '维护一班', '维护二班', '巡查班'];
const LEADERS = ['张建国', '李志强', '王海涛', '赵立新', '陈明', '刘洋'];
const pad = (n: number, w = 6): string => String(n).padStart(w, '0');
const dayKey = (t: number): string => new Date(t + 8 * HOUR_MS).toISOString().slice(0, 10).replace(/-/g, '');

/**
 * The age in whole days (0 = the last 24 h) of each of `count` open faults, newest first: spread so
 * that about two thirds of a day's intake (`perDay`) is still open, the newest day holding 1.5 times
 * as many as the oldest. Pure.
 */
export function backlogDays(count: number, perDay: number): number[] {
  if (count <= 0) return [];
  const days = Math.max(2, Math.ceil((1.5 * count) / Math.max(perDay, 1e-9)));
  const weight = (a: number) => 1.5 - (0.5 * a) / days;
  let total = 0;
  for (let a = 0; a < days; a++) total += weight(a);
  const out: number[] = [];
  let a = 0;
  let upTo = weight(0) / total;
  for (let k = 0; k < count; k++) {
    const at = (k + 0.5) / count;
    while (at > upTo && a < days - 1) upTo += weight(++a) / total;
    out.push(a);
  }
  return out;
}

export function generateHistory(city: City, now: number, seed = 7): History {
  const r = prng(seed);
  const crews = CREW_NAMES.map((name, i) => ({
    id: `crew-${i + 1}`,
    name,
    leader: LEADERS[i] ?? '张建国',
    phone: `1390571${pad(1000 + i * 37, 4)}`,
    district: DISTRICT_NAMES[i % DISTRICT_NAMES.length] ?? '东城区',
  }));

  /* tracks: the last 3 days, a position every 2 minutes on duty, moving along the street grid */
  const tracks: Array<Insertable<MapTrackTable>> = [];
  const k = 1 / groundScale(CITY_ORIGIN.lat);
  const { xmin, ymin, xmax, ymax } = city.extent;
  const step = (BLOCK_M / 4) * k;
  crews.forEach((c, ci) => {
    const start = Math.floor((now - 3 * DAY_MS) / (2 * 60_000)) * 2 * 60_000;
    let x = xmin + (xmax - xmin) * r();
    let y = ymin + (ymax - ymin) * r();
    // Snap to a main road.
    y = ymin + Math.round((y - ymin) / (BLOCK_M * k)) * BLOCK_M * k;
    let horizontal = true;
    let dir = 1;
    for (let t = start; t <= now; t += 2 * 60_000) {
      const h = new Date(t + 8 * HOUR_MS).getUTCHours();
      const onDuty = ci === CREW_NAMES.length - 1 ? h >= 19 || h < 1 : h >= 8 && h < 18;
      if (!onDuty) continue;
      if (r() < 0.08) {
        horizontal = !horizontal;
        dir = r() < 0.5 ? -1 : 1;
      }
      const d = step * (0.4 + r() * 0.6) * dir;
      if (horizontal) x = Math.min(xmax, Math.max(xmin, x + d));
      else y = Math.min(ymax, Math.max(ymin, y + d));
      tracks.push({ crewId: c.id, t, x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 });
    }
  });

  const faults: FaultRow[] = [];
  const orders: OrderRow[] = [];
  let fNo = 0;
  let oNo = 0;
  /** A fault of asset `a` (open when closedAt is null); restoreAt dates the status it returns to. */
  const faultOf = (
    a: City['assets'][number],
    d: { typeCode: string; urgency: number; source: string; reportedAt: number; closedAt: number | null },
    restoreAt: number,
  ): FaultRow => ({
    id: `flt-${pad(++fNo)}`,
    assetId: a.objectid,
    district: a.district,
    faultType: FAULT_TYPES[d.typeCode] ?? '其他',
    ...d,
    description: `${a.road} ${a.code}`,
    restoreStatus: restoredStatus(a.kind, restoreAt),
  });
  const seqByDay = new Map<string, number>();
  const billNo = (t: number): string => {
    const d = dayKey(t);
    const n = (seqByDay.get(d) ?? 0) + 1;
    seqByDay.set(d, n);
    // Seeded history numbers carry an L (历史) so they never collide with the RepairOrder rule (WX…).
    return `WXL${d}${pad(n, 4)}`;
  };
  const crewFor = (district: string): string =>
    (crews.find((c) => c.district === district) ?? crews[Math.floor(r() * crews.length)] ?? crews[0])?.id ??
    'crew-1';

  /* open faults: every asset the generator left in `fault`, as events (a failing circuit is one) */
  const failing = new Set(city.failingCircuits);
  const inCluster = (a: City['assets'][number]): boolean =>
    a.circuitId !== null && a.circuitId !== undefined && failing.has(a.circuitId);
  const events: Array<Array<City['assets'][number]>> = [];
  const byCircuit = new Map<string, Array<City['assets'][number]>>();
  for (const a of city.assets) {
    if (a.status !== 'fault') continue;
    if (!inCluster(a)) {
      events.push([a]);
      continue;
    }
    const key = a.circuitId ?? '';
    const group = byCircuit.get(key);
    if (group) group.push(a);
    else {
      const g = [a];
      byCircuit.set(key, g);
      events.push(g);
    }
  }
  // A deterministic shuffle (Fisher–Yates on the seeded generator), then newest first.
  for (let i = events.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [events[i], events[j]] = [events[j] ?? [], events[i] ?? []];
  }
  const openAssets = events.flat();
  const perDay = Math.max(1, (40 * city.assets.length) / 300_000);
  const ages = backlogDays(openAssets.length, perDay);
  const clusterOrder = new Set<string>();
  openAssets.forEach((a, i) => {
    const cluster = inCluster(a);
    const typeCode = cluster ? 'lampOff' : typicalFaultType(a.kind, r());
    // a failing circuit's lamps go dark one after another over consecutive days
    const reportedAt = now - (ages[i] ?? 0) * DAY_MS - 60_000 - Math.floor(r() * (DAY_MS - 120_000));
    const urgency = a.kind === 'controlBox' || typeCode === 'leakage' ? 3 : cluster ? 2 : 1;
    const source =
      isLampKind(a.kind) || a.kind === 'controlBox' ? 'detection' : r() < 0.5 ? 'patrol' : 'citizen';
    const f = faultOf(a, { typeCode, urgency, source, reportedAt, closedAt: null }, now);
    faults.push(f);
    // One order per failing circuit, and about half of the isolated faults.
    const key = cluster ? (a.circuitId ?? '') : f.id;
    if (cluster ? clusterOrder.has(key) : r() < 0.5) return;
    clusterOrder.add(key);
    // a fault that waited is taken up by an order raised in the last day and a half
    const raised = reportedAt + Math.floor(r() * 30 * 60_000);
    const createdAt = now - raised > 2 * DAY_MS ? now - 60_000 - Math.floor(r() * 36 * HOUR_MS) : raised;
    if (createdAt > now) return;
    const x = r();
    const state = x < 0.4 ? 'pending' : x < 0.75 ? 'dispatched' : 'inProgress';
    const dispatchedAt = state === 'pending' ? null : Math.min(now, createdAt + Math.floor(r() * HOUR_MS));
    orders.push({
      id: `ro-${pad(++oNo)}`,
      billNo: billNo(createdAt),
      title: `${a.district}${a.road}${FAULT_TYPES[typeCode] ?? '故障'}维修`,
      district: a.district,
      faultId: f.id,
      assetId: a.objectid,
      urgency,
      state,
      crewId: state === 'pending' ? null : crewFor(a.district),
      createdAt,
      dueAt: dueAtFor(urgency, createdAt),
      dispatchedAt,
      startedAt:
        state === 'inProgress'
          ? Math.min(now, (dispatchedAt ?? createdAt) + Math.floor(r() * HOUR_MS))
          : null,
      completedAt: null,
      verifiedAt: null,
      remark: '',
    });
  });

  /* a year of closed faults and their repair orders (about 40 a day at 300k assets) */
  const candidates = city.assets.filter(
    (a) => isLampKind(a.kind) || a.kind === 'pole' || a.kind === 'controlBox',
  );
  if (candidates.length) {
    for (let d = 365; d >= 1; d--) {
      const dayStart = now - d * DAY_MS;
      const n = Math.floor(perDay * (0.6 + r() * 0.8) + r());
      for (let i = 0; i < n; i++) {
        const a = candidates[Math.floor(r() * candidates.length)];
        if (!a) continue;
        const typeCode = typicalFaultType(a.kind, r());
        const reportedAt = dayStart + Math.floor(r() * DAY_MS);
        const urgency = r() < 0.06 ? 3 : r() < 0.3 ? 2 : 1;
        const createdAt = reportedAt + Math.floor(r() * 20 * 60_000);
        const dueAt = dueAtFor(urgency, createdAt);
        // About 9 in 10 are repaired in time.
        const late = r() < 0.1;
        const span = dueAt - createdAt;
        const completedAt = late
          ? dueAt + Math.floor(r() * span * 0.8) + 60_000
          : createdAt + Math.floor(span * (0.2 + r() * 0.75));
        if (completedAt >= now) continue;
        const source = r() < 0.7 ? 'detection' : r() < 0.5 ? 'citizen' : 'patrol';
        const f = faultOf(a, { typeCode, urgency, source, reportedAt, closedAt: completedAt }, reportedAt);
        faults.push(f);
        const dispatchedAt = createdAt + Math.floor((completedAt - createdAt) * 0.2);
        const verified = completedAt + 6 * HOUR_MS < now && r() < 0.9;
        orders.push({
          id: `ro-${pad(++oNo)}`,
          billNo: billNo(createdAt),
          title: `${a.district}${a.road}${FAULT_TYPES[typeCode] ?? '故障'}维修`,
          district: a.district,
          faultId: f.id,
          assetId: a.objectid,
          urgency,
          state: verified ? 'verified' : 'completed',
          crewId: crewFor(a.district),
          createdAt,
          dueAt,
          dispatchedAt,
          startedAt: dispatchedAt + Math.floor((completedAt - dispatchedAt) * 0.3),
          completedAt,
          verifiedAt: verified ? completedAt + Math.floor(r() * 6 * HOUR_MS) : null,
          remark: '',
        });
      }
    }
  }
  return { crews, tracks, faults, orders };
}
