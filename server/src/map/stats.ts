/**
 * Statistics of the city from grouped counts: by kind, status and district; lights-on rate per
 * district against 98 % (main roads) / 96 % (elsewhere); facility integrity against 95 %. Pure.
 */
import { LAMP_KINDS } from './city';
import { ratePct } from './rules';

export interface GroupCount {
  district: string;
  kind: string;
  status: string;
  roadClass: string;
  n: number;
}

export const MAIN_TARGET = 98;
export const OTHER_TARGET = 96;
export const INTEGRITY_TARGET = 95;
const DOWN = new Set(['fault', 'offline']);
const isLamp = (k: string) => (LAMP_KINDS as readonly string[]).includes(k);

export interface RateBlock {
  lamps: number;
  working: number;
  rate: number;
  target: number;
  met: boolean;
}

const block = (lamps: number, working: number, target: number): RateBlock => {
  const rate = ratePct(working, lamps);
  return { lamps, working, rate, target, met: rate >= target };
};

export function summarize(
  groups: readonly GroupCount[],
  openFaults: ReadonlyMap<string, number> = new Map(),
) {
  const byKind = new Map<string, number>();
  const byStatus = new Map<string, number>();
  const d = new Map<
    string,
    { total: number; intact: number; lamps: number; working: number; mainLamps: number; mainWorking: number }
  >();
  let total = 0;
  let intact = 0;
  let lamps = 0;
  let working = 0;
  let mainLamps = 0;
  let mainWorking = 0;
  for (const g of groups) {
    const n = Number(g.n);
    total += n;
    byKind.set(g.kind, (byKind.get(g.kind) ?? 0) + n);
    byStatus.set(g.status, (byStatus.get(g.status) ?? 0) + n);
    const row = d.get(g.district) ?? {
      total: 0,
      intact: 0,
      lamps: 0,
      working: 0,
      mainLamps: 0,
      mainWorking: 0,
    };
    const ok = !DOWN.has(g.status);
    row.total += n;
    if (ok) {
      row.intact += n;
      intact += n;
    }
    if (isLamp(g.kind)) {
      row.lamps += n;
      lamps += n;
      if (ok) {
        row.working += n;
        working += n;
      }
      if (g.roadClass === 'main') {
        row.mainLamps += n;
        mainLamps += n;
        if (ok) {
          row.mainWorking += n;
          mainWorking += n;
        }
      }
    }
    d.set(g.district, row);
  }
  const sorted = (m: Map<string, number>) =>
    [...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return {
    total,
    byKind: sorted(byKind).map(([kind, count]) => ({ kind, count })),
    byStatus: sorted(byStatus).map(([status, count]) => ({ status, count })),
    byDistrict: [...d.entries()]
      .sort((a, b) => (a[0] < b[0] ? -1 : 1))
      .map(([district, r]) => ({
        district,
        total: r.total,
        lamps: r.lamps,
        lampsWorking: r.working,
        lightsOnRate: ratePct(r.working, r.lamps),
        mainLamps: r.mainLamps,
        mainRate: ratePct(r.mainWorking, r.mainLamps),
        mainTarget: MAIN_TARGET,
        otherLamps: r.lamps - r.mainLamps,
        otherRate: ratePct(r.working - r.mainWorking, r.lamps - r.mainLamps),
        otherTarget: OTHER_TARGET,
        integrityRate: ratePct(r.intact, r.total),
        openFaults: openFaults.get(district) ?? 0,
      })),
    lightsOn: {
      lamps,
      working,
      rate: ratePct(working, lamps),
      main: block(mainLamps, mainWorking, MAIN_TARGET),
      other: block(lamps - mainLamps, working - mainWorking, OTHER_TARGET),
    },
    integrity: {
      assets: total,
      intact,
      rate: ratePct(intact, total),
      target: INTEGRITY_TARGET,
      met: ratePct(intact, total) >= INTEGRITY_TARGET,
    },
  };
}
