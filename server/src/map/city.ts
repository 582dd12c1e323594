/**
 * The demo city generator: a street grid split into districts, lamps along the roads, poles under
 * lamps, control boxes feeding circuits of lamps through chains of cable segments, transformers
 * feeding control boxes, wells along the cable routes, and a realistic status mix. Deterministic
 * (seeded PRNG) and pure: the same (size, seed, now) gives the same city.
 */
import {
  ASSET_KINDS,
  ASSET_STATUSES,
  LAMP_KINDS,
  isLampKind,
  type AssetKind,
  type AssetStatus,
} from '@lighting/shared/core';
import type { Insertable } from 'kysely';
import { envelopeOfPaths, groundScale, lonLatToMercator } from './geo';
import { generateGeography, type ParkRow, type WaterRow } from './geography';
import type { MapAssetTable, MapCableTable, MapDistrictTable, MapRoadTable } from './schema';

export type AssetRow = Insertable<MapAssetTable> & { objectid: number; controlBoxId: number | null };
export type CableRow = Insertable<MapCableTable>;
export type DistrictRow = Insertable<MapDistrictTable>;
export type RoadRow = Insertable<MapRoadTable>;

export { ASSET_KINDS, ASSET_STATUSES, LAMP_KINDS, isLampKind, type AssetKind, type AssetStatus };

const CODE_PREFIX: Record<AssetKind, string> = {
  streetLamp: 'SL',
  wallLamp: 'WL',
  floodLight: 'FL',
  courtyardLamp: 'CL',
  pole: 'PL',
  transformer: 'TR',
  manhole: 'MH',
  handHole: 'HH',
  meter: 'MT',
  controlBox: 'CB',
  junctionBox: 'JB',
  sharedWell: 'SW',
};

export const DISTRICT_NAMES = ['东城区', '西城区', '南湖区', '北山区', '高新区', '滨江区'] as const;
const MAIN_NAMES_EW = ['人民路', '解放路', '建设大道', '中山路', '滨江大道', '长江路', '黄河路', '新华路'];
const MAIN_NAMES_NS = ['科技路', '湖滨路', '北山路', '文化路', '延安路', '环城路', '体育路', '学院路'];
const ORDINALS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** mulberry32: small, fast, good enough for demo data. Returns [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The city's south-west corner and the grid. */
export const CITY_ORIGIN = { lon: 120.05, lat: 30.2 } as const;
export const BLOCK_M = 800;
/** Assets one block yields on average (used to size the grid). */
const ASSETS_PER_BLOCK = 372;

export interface CityOptions {
  /** Wanted number of assets (the city stops at the first block that reaches it). */
  assets: number;
  seed?: number;
  /** Seed time (ms): lamps are lit at night (18:00–06:00 China time), off by day. */
  now: number;
}

export interface Circuit {
  id: string;
  controlBoxId: number;
  /** Lamps in feeding order (objectids). */
  lamps: number[];
  side: boolean;
}

export interface City {
  assets: AssetRow[];
  cables: CableRow[];
  districts: DistrictRow[];
  roads: RoadRow[];
  /** a river south of the streets (layer 6) */
  water: WaterRow[];
  /** the riverside park and pocket parks in empty sub-blocks (layer 7) */
  parks: ParkRow[];
  circuits: Circuit[];
  /** Circuits generated as failing (most of their lamps down). */
  failingCircuits: string[];
  extent: { xmin: number; ymin: number; xmax: number; ymax: number };
}

const pad = (n: number, w = 6): string => String(n).padStart(w, '0');
const round2 = (n: number): number => Math.round(n * 100) / 100;

/** True when `t` is between 18:00 and 06:00 in China (UTC+8). */
export function isNight(t: number): boolean {
  const h = new Date(t + 8 * 3_600_000).getUTCHours();
  return h >= 18 || h < 6;
}

/** The status a working lamp has at time t (by the lighting schedule). */
export function scheduledLampStatus(t: number): AssetStatus {
  return isNight(t) ? 'lightOn' : 'lightOff';
}

/** The status an asset returns to once repaired. */
export function restoredStatus(kind: string, t: number): AssetStatus {
  return isLampKind(kind) ? scheduledLampStatus(t) : 'completed';
}

export function generateCity(opts: CityOptions): City {
  const r = prng(opts.seed ?? 20261121);
  const want = Math.max(1, Math.floor(opts.assets));
  const side = Math.max(2, Math.ceil(Math.sqrt(want / ASSETS_PER_BLOCK)));
  const [ox, oy] = lonLatToMercator(CITY_ORIGIN.lon, CITY_ORIGIN.lat);
  // Mercator metres per ground metre at the city's latitude.
  const k = 1 / groundScale(CITY_ORIGIN.lat);
  const X = (gx: number): number => round2(ox + gx * k);
  const Y = (gy: number): number => round2(oy + gy * k);
  const installBase = opts.now - 8 * 365 * 86_400_000;
  const dates = new Map<number, string>();
  const dateOf = (t: number): string => {
    const day = Math.floor((t + 8 * 3_600_000) / 86_400_000);
    let d = dates.get(day);
    if (d === undefined) {
      d = new Date(day * 86_400_000).toISOString().slice(0, 10);
      dates.set(day, d);
    }
    return d;
  };

  const assets: AssetRow[] = [];
  const cables: CableRow[] = [];
  const circuits: Circuit[] = [];
  let cableNo = 0;
  const kindCount = new Map<AssetKind, number>();

  // Districts: a 3 × 2 split of the blocks actually built (assigned once the grid is known).
  let gridRows = side;
  const districtOf = (bi: number, bj: number): string => {
    const c = Math.min(2, Math.floor((bi * 3) / side));
    const rr = Math.min(1, Math.floor((bj * 2) / gridRows));
    return DISTRICT_NAMES[rr * 3 + c] ?? '东城区';
  };
  const blockOfAsset: number[] = [];
  const mainNameEw = (j: number): string => {
    const base = MAIN_NAMES_EW[j % MAIN_NAMES_EW.length] ?? '人民路';
    const n = Math.floor(j / MAIN_NAMES_EW.length);
    return n
      ? `${base.replace(/(路|大道)$/, '')}${ORDINALS[n] ?? n}${base.endsWith('大道') ? '大道' : '路'}`
      : base;
  };
  const mainNameNs = (i: number): string => {
    const base = MAIN_NAMES_NS[i % MAIN_NAMES_NS.length] ?? '科技路';
    const n = Math.floor(i / MAIN_NAMES_NS.length);
    return n ? `${base.replace(/路$/, '')}${ORDINALS[n] ?? n}路` : base;
  };

  const add = (
    kind: AssetKind,
    gx: number,
    gy: number,
    place: { district: string; road: string; roadClass: string; installed: number },
    net: { controlBoxId: number | null; circuitId: string | null; transformerId: number | null },
    extra: Partial<AssetRow> = {},
  ): AssetRow => {
    const n = (kindCount.get(kind) ?? 0) + 1;
    kindCount.set(kind, n);
    const row: AssetRow = {
      objectid: assets.length + 1,
      code: `${CODE_PREFIX[kind]}-${pad(n)}`,
      kind,
      status: 'completed',
      symbol: `${kind}|completed`,
      x: X(gx),
      y: Y(gy),
      district: place.district,
      road: place.road,
      roadClass: place.roadClass,
      installDate: dateOf(place.installed),
      powerW: null,
      lampType: null,
      heightM: null,
      capacityKva: null,
      depthM: null,
      controlBoxId: net.controlBoxId,
      circuitId: net.circuitId,
      transformerId: net.transformerId,
      updatedAt: opts.now,
      ...extra,
    };
    assets.push(row);
    blockOfAsset.push(blocks - 1);
    return row;
  };

  const addCable = (
    type: 'feeder' | 'branch',
    from: AssetRow,
    to: AssetRow,
    via: Array<[number, number]>,
    net: { circuitId: string | null; controlBoxId: number | null; transformerId: number | null },
  ): void => {
    const path: Array<[number, number]> = [[from.x, from.y], ...via, [to.x, to.y]];
    const env = envelopeOfPaths([path]);
    let len = 0;
    for (let i = 1; i < path.length; i++) {
      const a = path[i - 1];
      const b = path[i];
      if (a && b) len += Math.hypot(b[0] - a[0], b[1] - a[1]) / k;
    }
    cableNo++;
    cables.push({
      objectid: cableNo,
      code: `CA-${pad(cableNo)}`,
      cableType: type,
      fromId: from.objectid,
      toId: to.objectid,
      circuitId: net.circuitId,
      controlBoxId: net.controlBoxId,
      transformerId: net.transformerId,
      lengthM: round2(len),
      status: 'normal',
      symbol: `${type}|normal`,
      paths: JSON.stringify([path]),
      minx: env.xmin,
      miny: env.ymin,
      maxx: env.xmax,
      maxy: env.ymax,
    });
  };

  const transformers = new Map<string, AssetRow>();
  let blocks = 0;
  const lampPower = (): Pick<AssetRow, 'powerW' | 'lampType'> => {
    const x = r();
    return x < 0.7
      ? { lampType: 'LED', powerW: [60, 80, 100, 120][Math.floor(r() * 4)] ?? 100 }
      : x < 0.9
        ? { lampType: 'HPS', powerW: [150, 250][Math.floor(r() * 2)] ?? 150 }
        : { lampType: 'MH', powerW: 250 };
  };

  outer: for (let bj = 0; bj < side; bj++) {
    for (let bi = 0; bi < side; bi++) {
      if (assets.length >= want) break outer;
      blocks++;
      const x0 = bi * BLOCK_M;
      const y0 = bj * BLOCK_M;
      const district = districtOf(bi, bj);
      // The northern rows are the newest development.
      const age = (bj + 1) / side;
      const installed = installBase + Math.floor((1 - age) * 7.5 * 365 * 86_400_000 * r());
      const southRoad = mainNameEw(bj);
      const westRoad = mainNameNs(bi);
      const sideName = `${southRoad.replace(/(路|大道)$/, '')}${ORDINALS[(bi % 10) + 1] ?? ''}巷`;
      const place = (road: string, roadClass: string) => ({
        district,
        road,
        roadClass,
        installed: installed + Math.floor(r() * 30 * 86_400_000),
      });

      // Transformer: one per 2 × 2 blocks, in the south-west block of the group.
      const tKey = `${Math.floor(bi / 2)}:${Math.floor(bj / 2)}`;
      let tr = transformers.get(tKey);
      if (!tr) {
        tr = add(
          'transformer',
          x0 + 40,
          y0 + 40,
          place(westRoad, 'main'),
          { controlBoxId: null, circuitId: null, transformerId: null },
          { capacityKva: [200, 315, 400, 500][Math.floor(r() * 4)] ?? 315 },
        );
        transformers.set(tKey, tr);
      }
      const tId = tr.objectid;
      const box = add(
        'controlBox',
        x0 + 22,
        y0 + 22,
        place(westRoad, 'main'),
        { controlBoxId: null, circuitId: null, transformerId: tId },
        {},
      );
      const boxNet = { controlBoxId: box.objectid, circuitId: null, transformerId: tId };
      add('meter', x0 + 25, y0 + 22, place(westRoad, 'main'), boxNet);
      add('manhole', x0 + 22, y0 + 26, place(westRoad, 'main'), boxNet, { depthM: round2(1.2 + r() * 0.8) });
      addCable('feeder', tr, box, [[box.x, tr.y]], {
        circuitId: null,
        controlBoxId: box.objectid,
        transformerId: tId,
      });

      let circuitNo = 0;
      const runCircuit = (
        points: Array<{ gx: number; gy: number; road: string; roadClass: 'main' | 'side' }>,
        isSide: boolean,
        kindAt: (i: number) => AssetKind,
      ): void => {
        circuitNo++;
        const cid = `${box.code}-${circuitNo}`;
        const net = { controlBoxId: box.objectid, circuitId: cid, transformerId: tId };
        const lamps: number[] = [];
        let prev: AssetRow = box;
        points.forEach((p, i) => {
          const kind = kindAt(i);
          const pl = place(p.road, p.roadClass);
          const lamp = add(kind, p.gx, p.gy, pl, net, {
            ...lampPower(),
            heightM:
              kind === 'wallLamp' ? 4 : kind === 'courtyardLamp' ? 4.5 : p.roadClass === 'main' ? 10 : 8,
            ...(kind === 'courtyardLamp' ? { powerW: 40, lampType: 'LED' } : {}),
          });
          lamps.push(lamp.objectid);
          if (kind === 'streetLamp' || kind === 'floodLight')
            add('pole', p.gx, p.gy, pl, net, { heightM: p.roadClass === 'main' ? 10 : 8 });
          addCable('branch', prev, lamp, [], net);
          prev = lamp;
          if (i % 3 === 1) add('handHole', p.gx + 2, p.gy + 2, pl, net, { depthM: round2(0.6 + r() * 0.3) });
          if (i % 8 === 4) add('manhole', p.gx - 2, p.gy - 2, pl, net, { depthM: round2(1 + r() * 0.8) });
          if (i === Math.floor(points.length / 2)) add('junctionBox', p.gx + 3, p.gy - 3, pl, net);
        });
        circuits.push({ id: cid, controlBoxId: box.objectid, lamps, side: isSide });
      };
      const along = (
        horizontal: boolean,
        fixed: number,
        from: number,
        to: number,
        step: () => number,
        road: string,
        roadClass: 'main' | 'side',
      ) => {
        const pts: Array<{ gx: number; gy: number; road: string; roadClass: 'main' | 'side' }> = [];
        for (let v = from + step() / 2; v < to; v += step())
          pts.push(
            horizontal ? { gx: v, gy: fixed, road, roadClass } : { gx: fixed, gy: v, road, roadClass },
          );
        return pts;
      };
      const mainStep = () => 30 + r() * 10;
      const sideStep = () => 40 + r() * 12;
      // Main roads: both sides of the block's south and west edges.
      runCircuit(along(true, y0 + 15, x0 + 10, x0 + BLOCK_M - 10, mainStep, southRoad, 'main'), false, (i) =>
        i === 0 ? 'floodLight' : 'streetLamp',
      );
      runCircuit(
        along(true, y0 - 15, x0 + 10, x0 + BLOCK_M - 10, mainStep, southRoad, 'main'),
        false,
        () => 'streetLamp',
      );
      runCircuit(
        along(false, x0 + 15, y0 + 10, y0 + BLOCK_M - 10, mainStep, westRoad, 'main'),
        false,
        () => 'streetLamp',
      );
      runCircuit(
        along(false, x0 - 15, y0 + 10, y0 + BLOCK_M - 10, mainStep, westRoad, 'main'),
        false,
        () => 'streetLamp',
      );
      // Side streets: one side, fewer lamps, some wall lamps on buildings.
      const third = BLOCK_M / 3;
      const wallOrStreet = () => (r() < 0.15 ? 'wallLamp' : 'streetLamp');
      runCircuit(
        [
          ...along(true, y0 + third + 8, x0 + 20, x0 + BLOCK_M - 20, sideStep, sideName, 'side'),
          ...along(true, y0 + 2 * third + 8, x0 + 20, x0 + BLOCK_M - 20, sideStep, sideName, 'side'),
        ],
        true,
        wallOrStreet,
      );
      runCircuit(
        [
          ...along(
            false,
            x0 + third + 8,
            y0 + 20,
            y0 + BLOCK_M - 20,
            sideStep,
            `${westRoad.replace(/路$/, '')}支路`,
            'side',
          ),
          ...along(
            false,
            x0 + 2 * third + 8,
            y0 + 20,
            y0 + BLOCK_M - 20,
            sideStep,
            `${westRoad.replace(/路$/, '')}支路`,
            'side',
          ),
        ],
        true,
        wallOrStreet,
      );
      // A residential courtyard in about a third of the blocks.
      if (r() < 0.33) {
        const pts: Array<{ gx: number; gy: number; road: string; roadClass: 'main' | 'side' }> = [];
        for (let a = 0; a < 4; a++)
          for (let b = 0; b < 4; b++)
            pts.push({
              gx: x0 + third + 40 + a * 25,
              gy: y0 + third + 40 + b * 25,
              road: `${sideName}小区`,
              roadClass: 'side',
            });
        runCircuit(pts, true, () => 'courtyardLamp');
      }
      add('sharedWell', x0 + 2 * third + 8, y0 + 2 * third + 8, place(sideName, 'side'), boxNet, {
        depthM: round2(1.5 + r()),
      });
    }
  }

  /* ---------------- base geography ---------------- */
  const rows = Math.ceil(blocks / side);
  gridRows = rows;
  assets.forEach((a, i) => {
    const b = blockOfAsset[i] ?? 0;
    a.district = districtOf(b % side, Math.floor(b / side));
  });
  const cols = Math.min(side, blocks);
  const W = cols * BLOCK_M;
  const H = rows * BLOCK_M;
  const districts: DistrictRow[] = [];
  for (let rr = 0; rr < 2; rr++)
    for (let c = 0; c < 3; c++) {
      const name = DISTRICT_NAMES[rr * 3 + c] ?? '东城区';
      const gx0 = Math.ceil((c * side) / 3) * BLOCK_M - 60;
      const gx1 = c === 2 ? W + 60 : Math.min(W, Math.ceil(((c + 1) * side) / 3) * BLOCK_M) - 60;
      const gy0 = Math.ceil((rr * rows) / 2) * BLOCK_M - 60;
      const gy1 = rr === 1 ? H + 60 : Math.min(H, Math.ceil(((rr + 1) * rows) / 2) * BLOCK_M) - 60;
      if (gx1 <= gx0 || gy1 <= gy0) continue;
      const ring: Array<[number, number]> = [
        [X(gx0), Y(gy0)],
        [X(gx0), Y(gy1)],
        [X(gx1), Y(gy1)],
        [X(gx1), Y(gy0)],
        [X(gx0), Y(gy0)],
      ];
      const env = envelopeOfPaths([ring]);
      districts.push({
        objectid: districts.length + 1,
        name,
        code: `D${rr * 3 + c + 1}`,
        roadLengthKm: round2(
          ((gx1 - gx0) * ((gy1 - gy0) / BLOCK_M) * 3 + (gy1 - gy0) * ((gx1 - gx0) / BLOCK_M) * 3) / 1000,
        ),
        rings: JSON.stringify([ring]),
        minx: env.xmin,
        miny: env.ymin,
        maxx: env.xmax,
        maxy: env.ymax,
      });
    }

  const roads: RoadRow[] = [];
  const addRoad = (name: string, roadClass: string, district: string, path: Array<[number, number]>) => {
    const env = envelopeOfPaths([path]);
    roads.push({
      objectid: roads.length + 1,
      name,
      roadClass,
      district,
      paths: JSON.stringify([path]),
      minx: env.xmin,
      miny: env.ymin,
      maxx: env.xmax,
      maxy: env.ymax,
    });
  };
  for (let j = 0; j <= rows; j++)
    addRoad(mainNameEw(j), 'main', districtOf(0, Math.min(j, side - 1)), [
      [X(-BLOCK_M / 4), Y(j * BLOCK_M)],
      [X(W + BLOCK_M / 4), Y(j * BLOCK_M)],
    ]);
  for (let i = 0; i <= cols; i++)
    addRoad(mainNameNs(i), 'main', districtOf(Math.min(i, side - 1), 0), [
      [X(i * BLOCK_M), Y(-BLOCK_M / 4)],
      [X(i * BLOCK_M), Y(H + BLOCK_M / 4)],
    ]);
  for (let b = 0; b < blocks; b++) {
    const bi = b % side;
    const bj = Math.floor(b / side);
    const x0 = bi * BLOCK_M;
    const y0 = bj * BLOCK_M;
    const d = districtOf(bi, bj);
    for (const f of [1, 2]) {
      const t = (f * BLOCK_M) / 3;
      addRoad(`${mainNameEw(bj).replace(/(路|大道)$/, '')}${ORDINALS[(bi % 10) + 1] ?? ''}巷`, 'side', d, [
        [X(x0), Y(y0 + t)],
        [X(x0 + BLOCK_M), Y(y0 + t)],
      ]);
      addRoad(`${mainNameNs(bi).replace(/路$/, '')}支路`, 'side', d, [
        [X(x0 + t), Y(y0)],
        [X(x0 + t), Y(y0 + BLOCK_M)],
      ]);
    }
  }

  const { water, parks } = generateGeography({ side, rows, blocks, blockM: BLOCK_M }, (gx, gy) => [
    X(gx),
    Y(gy),
  ]);

  const failingCircuits = assignStatuses(assets, circuits, r, opts.now, rows);
  const extent = envelopeOfPaths([assets.map((a) => [a.x, a.y] as [number, number])]);
  return { assets, cables, districts, roads, water, parks, circuits, failingCircuits, extent };
}

/**
 * The status mix: lamps lit or off by the schedule (some side circuits switched off at night to
 * save energy), pending data entry in the newest rows, a few offline control boxes with their lamps,
 * faults clustered on failing circuits and control boxes, and some isolated faults.
 */
function assignStatuses(
  assets: AssetRow[],
  circuits: Circuit[],
  r: () => number,
  now: number,
  rows: number,
): string[] {
  const night = isNight(now);
  const set = (a: AssetRow, status: AssetStatus) => {
    a.status = status;
    a.symbol = `${a.kind}|${status}`;
  };
  for (const a of assets) if (isLampKind(a.kind)) set(a, night ? 'lightOn' : 'lightOff');
  const byId = (id: number): AssetRow | undefined => assets[id - 1];
  const failing: string[] = [];
  const boxes = assets.filter((a) => a.kind === 'controlBox');
  circuits.forEach((c, ci) => {
    if (night && c.side && r() < 0.1)
      for (const id of c.lamps) {
        const a = byId(id);
        if (a) set(a, 'lightOff');
      }
    // ~0.8 % of circuits fail (always at least one in any city).
    if (r() < 0.008 || ci === 2) {
      failing.push(c.id);
      const start = Math.floor(r() * Math.max(1, c.lamps.length / 2));
      for (const id of c.lamps.slice(start)) {
        const a = byId(id);
        if (a && r() < 0.85) set(a, 'fault');
      }
    }
  });
  // Offline control boxes (communication lost) and a few failed boxes (everything they feed is down).
  boxes.forEach((b, i) => {
    const x = r();
    if (x < 0.004 || (i === 1 && boxes.length > 50)) {
      set(b, 'offline');
      for (const c of circuits)
        if (c.controlBoxId === b.objectid)
          for (const id of c.lamps) {
            const a = byId(id);
            if (a) set(a, 'offline');
          }
    } else if (x < 0.007) {
      set(b, 'fault');
      for (const c of circuits)
        if (c.controlBoxId === b.objectid)
          for (const id of c.lamps) {
            const a = byId(id);
            if (a) set(a, 'fault');
          }
    }
  });
  const newestRowY = (rows - Math.max(1, Math.round(rows * 0.06))) * BLOCK_M;
  const [, oy] = lonLatToMercator(CITY_ORIGIN.lon, CITY_ORIGIN.lat);
  const limitY = oy + newestRowY / groundScale(CITY_ORIGIN.lat);
  for (const a of assets) {
    if (a.status === 'fault' || a.status === 'offline') continue;
    const x = r();
    if (a.y >= limitY && x < 0.6) {
      const y = r();
      set(a, y < 0.4 ? 'pendingUpload' : y < 0.75 ? 'pendingAttributes' : 'pendingLabel');
    } else if (x < 0.004) {
      set(a, 'pendingAttributes');
    } else if (
      isLampKind(a.kind) ? x < 0.009 : a.kind === 'pole' || a.kind === 'manhole' ? x < 0.0055 : false
    ) {
      set(a, 'fault');
    }
  }
  return failing;
}
