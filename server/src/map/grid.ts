/**
 * Aggregate ("grid") layers 4 and 5 (docs/api/map.md): the cell maths, the cell rows built from the
 * GROUP BY answer, the query steps run on the cached cells in memory (filter, order, distinct,
 * statistics) and the bounded cache. Pure.
 */
import type { Envelope } from './geo';
import { esriBad, type QuerySpec } from './query-params';

/** Statuses counted as `pending`. */
export const PENDING_STATUSES = ['pendingUpload', 'pendingAttributes', 'pendingLabel'] as const;

export type GridState = 'fault' | 'offline' | 'pending' | 'ok';

/** One non-empty cell: the grid fields plus its point (mean x/y of its assets, Web Mercator). */
export type GridCell = {
  objectid: number;
  count: number;
  faults: number;
  offline: number;
  pending: number;
  lightOn: number;
  lightOff: number;
  state: GridState;
  x: number;
  y: number;
};

/** Largest cell index per axis the objectid formula can hold without collisions. */
export const MAX_CELL_INDEX = 65535;

/** floor((v - origin) / size). */
export const cellIndex = (v: number, origin: number, size: number): number => Math.floor((v - origin) / size);

/** objectid = ix * 65536 + iy + 1 (deterministic; positive for the non-negative indices we produce). */
export const cellObjectId = (ix: number, iy: number): number => ix * 65536 + iy + 1;

/** The worst status in a cell: fault, then offline, then pending, else ok. */
export function cellState(c: { faults: number; offline: number; pending: number }): GridState {
  return c.faults > 0 ? 'fault' : c.offline > 0 ? 'offline' : c.pending > 0 ? 'pending' : 'ok';
}

const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * A cell from one row of the GROUP BY (`ix, iy, n, mx, my, faults, offline, pending, lon, loff`; the
 * drivers may answer bigint/numeric as strings).
 */
export function cellFromRow(r: Readonly<Record<string, unknown>>): GridCell {
  const counts = { faults: n(r.faults), offline: n(r.offline), pending: n(r.pending) };
  return {
    objectid: cellObjectId(n(r.ix), n(r.iy)),
    count: n(r.n),
    ...counts,
    lightOn: n(r.lon),
    lightOff: n(r.loff),
    state: cellState(counts),
    x: n(r.mx),
    y: n(r.my),
  };
}

const inside = (c: GridCell, e: Envelope): boolean =>
  c.x >= e.xmin && c.x <= e.xmax && c.y >= e.ymin && c.y <= e.ymax;

/** The cells an `objectIds` list and an envelope (on the cell point) keep. */
export function filterCells(
  cells: readonly GridCell[],
  q: Pick<QuerySpec, 'objectIds' | 'envelope'>,
): GridCell[] {
  const ids = q.objectIds ? new Set(q.objectIds) : null;
  const env = q.envelope;
  return cells.filter((c) => (!ids || ids.has(c.objectid)) && (!env || inside(c, env)));
}

type Value = string | number | null;
const valueOf = (c: GridCell, f: string): Value => {
  const v = (c as Record<string, unknown>)[f];
  return typeof v === 'string' || typeof v === 'number' ? v : null;
};

/** SQL-like order: nulls first ascending, numbers numerically, strings by code unit. */
export function compareValues(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** Sorted copy by orderByFields, objectid always the final tie-breaker. */
export function sortCells(cells: readonly GridCell[], orderBy: QuerySpec['orderBy']): GridCell[] {
  const keys = orderBy.some((o) => o.field === 'objectid')
    ? orderBy
    : [...orderBy, { field: 'objectid', dir: 'asc' as const }];
  return [...cells].sort((a, b) => {
    for (const k of keys) {
      const c = compareValues(valueOf(a, k.field), valueOf(b, k.field));
      if (c !== 0) return k.dir === 'desc' ? -c : c;
    }
    return 0;
  });
}

/** `returnDistinctValues`: distinct outFields tuples, ordered by them (rows carry only those fields). */
export function distinctCells(
  cells: readonly GridCell[],
  fields: readonly string[],
): Array<Record<string, Value>> {
  const seen = new Map<string, Record<string, Value>>();
  for (const c of cells) {
    const row: Record<string, Value> = {};
    for (const f of fields) row[f] = valueOf(c, f);
    const key = JSON.stringify(fields.map((f) => row[f]));
    if (!seen.has(key)) seen.set(key, row);
  }
  return [...seen.values()].sort((a, b) => {
    for (const f of fields) {
      const c = compareValues(a[f] ?? null, b[f] ?? null);
      if (c !== 0) return c;
    }
    return 0;
  });
}

/** The extent of the cell points, or null when there is none. */
export function cellsExtent(cells: readonly GridCell[]): Envelope | null {
  if (!cells.length) return null;
  const e = { xmin: Infinity, ymin: Infinity, xmax: -Infinity, ymax: -Infinity };
  for (const c of cells) {
    e.xmin = Math.min(e.xmin, c.x);
    e.ymin = Math.min(e.ymin, c.y);
    e.xmax = Math.max(e.xmax, c.x);
    e.ymax = Math.max(e.ymax, c.y);
  }
  return e;
}

/**
 * outStatistics (+ groupByFieldsForStatistics) over the cells, like the SQL of the other layers: one row
 * per group ordered by the group values (one row in all without groups), then offset/limit. sum/avg on
 * the string field `state` → Esri 400.
 */
export function cellStatistics(
  cells: readonly GridCell[],
  q: Pick<QuerySpec, 'stats' | 'groupBy' | 'offset' | 'limit'>,
  stringFields: ReadonlySet<string>,
): Array<Record<string, Value>> {
  for (const s of q.stats)
    if ((s.type === 'sum' || s.type === 'avg') && stringFields.has(s.field))
      throw esriBad(`outStatistics: ${s.type} needs a numeric field, not '${s.field}'`);
  const groups = new Map<string, GridCell[]>();
  if (!q.groupBy.length) groups.set('', [...cells]);
  else
    for (const c of cells) {
      const key = JSON.stringify(q.groupBy.map((g) => valueOf(c, g)));
      const list = groups.get(key);
      if (list) list.push(c);
      else groups.set(key, [c]);
    }
  const rows = [...groups.values()].map((members) => {
    const row: Record<string, Value> = {};
    const first = members[0];
    for (const g of q.groupBy) row[g] = first ? valueOf(first, g) : null;
    for (const s of q.stats) {
      const vals = members.map((m) => valueOf(m, s.field)).filter((v): v is string | number => v !== null);
      if (s.type === 'count') row[s.outName] = vals.length;
      else if (!vals.length) row[s.outName] = null;
      else if (s.type === 'sum' || s.type === 'avg') {
        const sum = vals.reduce<number>((a, v) => a + Number(v), 0);
        row[s.outName] = s.type === 'sum' ? sum : sum / vals.length;
      } else
        row[s.outName] = vals.reduce((a, v) =>
          (s.type === 'min' ? compareValues(v, a) < 0 : compareValues(v, a) > 0) ? v : a,
        );
    }
    return row;
  });
  if (q.groupBy.length)
    rows.sort((a, b) => {
      for (const g of q.groupBy) {
        const c = compareValues(a[g] ?? null, b[g] ?? null);
        if (c !== 0) return c;
      }
      return 0;
    });
  return rows.slice(q.offset, q.offset + q.limit);
}

/**
 * A small LRU of values per key, all valid for one `stamp` (layer 0's lastEditDate): a newer stamp
 * empties it; an older one (a request that read the stamp before a concurrent change) neither reads
 * nor stores.
 */
export class StampedCache<V> {
  private stamp = -Infinity;
  private readonly map = new Map<string, V>();
  constructor(readonly max = 32) {}

  get size(): number {
    return this.map.size;
  }

  get(key: string, stamp: number): V | undefined {
    if (stamp > this.stamp) {
      this.map.clear();
      this.stamp = stamp;
      return undefined;
    }
    if (stamp < this.stamp) return undefined;
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: string, stamp: number, v: V): void {
    if (stamp !== this.stamp) return;
    this.map.delete(key);
    this.map.set(key, v);
    while (this.map.size > this.max) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.map.delete(oldest.value);
    }
  }

  /** Drops `key` if it still holds `v` (e.g. a failed computation). */
  drop(key: string, v: V): void {
    if (this.map.get(key) === v) this.map.delete(key);
  }
}
