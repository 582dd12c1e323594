/**
 * The demo city's water and parks (pure, deterministic): the generated street grid has none, so they
 * are drawn to fit where the assets already are. A river (清江) runs along the south edge, outside
 * the built blocks and past the ends of the north–south roads; a riverside park (滨江公园) fills the
 * strip between the last street and the water; pocket parks take the empty interior of one sub-block
 * (a block is split 3 × 3 by its side lanes) in about one block in six, clear of every lamp, pole,
 * box and well. No asset lies in water or in a park (city.test.ts checks every one).
 */
import type { Insertable } from 'kysely';
import { envelopeOfPaths } from './geo';
import type { MapParkTable, MapWaterTable } from './schema';

export type WaterRow = Insertable<MapWaterTable>;
export type ParkRow = Insertable<MapParkTable>;

/** Blocks are laid row by row (south to north), `side` per row; the last row may be partial. */
export interface BlockLayout {
  side: number;
  rows: number;
  blocks: number;
  blockM: number;
}

type Ring = Array<[number, number]>;

/** Ground metres from the city's south-west corner → Web Mercator (city.ts X/Y). */
export type ToMercator = (gx: number, gy: number) => [number, number];

/**
 * Where assets may stand inside a block, as free intervals per sub-block column/row (ground metres
 * from the block's corner): main-road lamps, boxes and the transformer sit within 45 m of the
 * south-west corner roads, side-lane lamps within 12 m of the lanes at 1/3 and 2/3 (+8 m), and the
 * next block's main-road lamps 15 m before its edge. Pure data for the park picker and the test.
 */
export const SUB_BLOCK_FREE: ReadonlyArray<readonly [number, number]> = [
  [60, 237],
  [297, 503],
  [563, 770],
];

const PARK_NAMES = [
  '人民公园',
  '中山公园',
  '文化公园',
  '青年公园',
  '植物园',
  '儿童公园',
  '湿地公园',
  '体育公园',
  '科技公园',
  '北山公园',
  '南湖公园',
  '东城公园',
];
const ORDINALS = ['', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** Same mixing as city.ts's PRNG seeding, for a stable per-block choice. */
function hash(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 13;
  h = Math.imul(h, 0x27d4eb2f);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** The river's centre line and half width (ground metres) at ground x: south of every asset. */
export function riverAt(gx: number): { centre: number; halfWidth: number } {
  const centre =
    -640 + 110 * Math.sin((2 * Math.PI * gx) / 6100 + 0.7) + 50 * Math.sin((2 * Math.PI * gx) / 2300);
  const halfWidth = 150 + 30 * Math.sin((2 * Math.PI * gx) / 4100 + 1.3);
  return { centre, halfWidth };
}

/** The riverside park's north edge (ground y): south of the roads' ends (−blockM / 4). */
export const RIVERSIDE_NORTH = -215;

export function generateGeography(
  layout: BlockLayout,
  toMercator: ToMercator,
): { water: WaterRow[]; parks: ParkRow[] } {
  const { side, rows, blocks, blockM } = layout;
  const cols = Math.min(side, blocks);
  const W = cols * blockM;
  const xs: number[] = [];
  for (let gx = -3000; gx <= W + 3000; gx += 100) xs.push(gx);
  const north = xs.map((gx) => {
    const r = riverAt(gx);
    return [gx, r.centre + r.halfWidth] as [number, number];
  });
  const south = xs.map((gx) => {
    const r = riverAt(gx);
    return [gx, r.centre - r.halfWidth] as [number, number];
  });
  const m = (ring: Ring): Ring => ring.map(([gx, gy]) => toMercator(gx, gy));
  // clockwise (Esri outer ring): west → east along the north bank, back along the south bank
  const riverRing = m([...north, ...south.slice().reverse(), north[0] ?? [0, 0]]);
  const water: WaterRow[] = [withBox({ objectid: 1, name: '清江', kind: 'river' }, riverRing)];

  const parks: ParkRow[] = [];
  const addPark = (name: string, ring: Ring) =>
    parks.push(withBox({ objectid: parks.length + 1, name }, m(ring)));
  // the riverside park: from the last street's end to the north bank
  const bank = north.filter(([gx]) => gx >= -blockM / 4 && gx <= W + blockM / 4);
  const west = bank[0];
  const east = bank[bank.length - 1];
  if (west && east)
    addPark('滨江公园', [
      [west[0], RIVERSIDE_NORTH],
      [east[0], RIVERSIDE_NORTH],
      ...bank.slice().reverse(),
      [west[0], RIVERSIDE_NORTH],
    ]);
  // pocket parks: one sub-block of about one block in six, never the middle one (courtyards)
  let named = 0;
  for (let b = 0; b < blocks; b++) {
    const bi = b % side;
    const bj = Math.floor(b / side);
    if (bj >= rows || hash(bi, bj) >= 1 / 6) continue;
    const pick = Math.floor(hash(bj + 101, bi + 7) * 8);
    const cell = pick >= 4 ? pick + 1 : pick; // 0..8 without 4 (the centre)
    const [x0, x1] = SUB_BLOCK_FREE[cell % 3] ?? [60, 237];
    const [y0, y1] = SUB_BLOCK_FREE[Math.floor(cell / 3)] ?? [60, 237];
    const ox = bi * blockM;
    const oy = bj * blockM;
    const base = PARK_NAMES[named % PARK_NAMES.length] ?? '公园';
    const round = Math.floor(named / PARK_NAMES.length);
    const name = round ? `${base.replace(/园$/, '')}${ORDINALS[round] ?? round}园` : base;
    named++;
    addPark(name, [
      [ox + x0, oy + y0],
      [ox + x0, oy + y1],
      [ox + x1, oy + y1],
      [ox + x1, oy + y0],
      [ox + x0, oy + y0],
    ]);
  }
  return { water, parks };
}

function withBox<T extends object>(
  row: T,
  ring: Ring,
): T & { rings: string; minx: number; miny: number; maxx: number; maxy: number } {
  const r2 = ring.map(([x, y]) => [Math.round(x * 100) / 100, Math.round(y * 100) / 100] as [number, number]);
  const e = envelopeOfPaths([r2]);
  return { ...row, rings: JSON.stringify([r2]), minx: e.xmin, miny: e.ymin, maxx: e.xmax, maxy: e.ymax };
}

/** True when (x, y) lies inside the ring (even–odd rule). Pure; for tests and checks. */
export function pointInRing(x: number, y: number, ring: readonly (readonly [number, number])[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (!a || !b) continue;
    if (a[1] > y !== b[1] > y && x < ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside;
}
