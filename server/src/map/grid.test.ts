import {
  StampedCache,
  cellFromRow,
  cellIndex,
  cellObjectId,
  cellState,
  cellStatistics,
  cellsExtent,
  distinctCells,
  filterCells,
  sortCells,
  type GridCell,
} from './grid';
import type { EsriError } from './query-params';

const cell = (objectid: number, count: number, state: GridCell['state'], x: number, y: number): GridCell => ({
  objectid,
  count,
  faults: state === 'fault' ? 1 : 0,
  offline: state === 'offline' ? 1 : 0,
  pending: state === 'pending' ? 1 : 0,
  lightOn: 0,
  lightOff: 0,
  state,
  x,
  y,
});

const CELLS: GridCell[] = [
  cell(65537, 5, 'ok', 1500, 500),
  cell(1, 3, 'fault', 100, 100),
  cell(2, 5, 'pending', 200, 1200),
  cell(131073, 1, 'fault', 2100, 300),
];

describe('grid cells', () => {
  it('computes cell indices (floor) and stable, distinct object ids', () => {
    expect(cellIndex(0, 0, 1000)).toBe(0);
    expect(cellIndex(999.99, 0, 1000)).toBe(0);
    expect(cellIndex(1000, 0, 1000)).toBe(1);
    expect(cellIndex(13_375_250, 13_375_000, 250)).toBe(1);
    expect(cellObjectId(0, 0)).toBe(1);
    expect(cellObjectId(1, 0)).toBe(65537);
    expect(cellObjectId(0, 1)).toBe(2);
    expect(cellObjectId(3, 7)).toBe(cellObjectId(3, 7));
    const ids = new Set<number>();
    for (let ix = 0; ix < 50; ix++) for (let iy = 0; iy < 50; iy++) ids.add(cellObjectId(ix, iy));
    expect(ids.size).toBe(2500);
  });

  it('takes the worst state and reads the GROUP BY row (numbers as strings too)', () => {
    expect(cellState({ faults: 1, offline: 2, pending: 3 })).toBe('fault');
    expect(cellState({ faults: 0, offline: 2, pending: 3 })).toBe('offline');
    expect(cellState({ faults: 0, offline: 0, pending: 3 })).toBe('pending');
    expect(cellState({ faults: 0, offline: 0, pending: 0 })).toBe('ok');
    expect(
      cellFromRow({
        ix: 2,
        iy: '3',
        n: '10',
        mx: 5.5,
        my: '6.5',
        faults: '0',
        offline: 1,
        pending: 2,
        lon: '4',
        loff: 3,
      }),
    ).toEqual({
      objectid: 2 * 65536 + 3 + 1,
      count: 10,
      faults: 0,
      offline: 1,
      pending: 2,
      lightOn: 4,
      lightOff: 3,
      state: 'offline',
      x: 5.5,
      y: 6.5,
    });
  });

  it('filters by objectIds and envelope, sorts with objectid as the tie-break', () => {
    expect(filterCells(CELLS, { objectIds: [1, 2, 99], envelope: null }).map((c) => c.objectid)).toEqual([
      1, 2,
    ]);
    expect(
      filterCells(CELLS, { objectIds: null, envelope: { xmin: 0, ymin: 0, xmax: 1500, ymax: 600 } }).map(
        (c) => c.objectid,
      ),
    ).toEqual([65537, 1]);
    expect(sortCells(CELLS, []).map((c) => c.objectid)).toEqual([1, 2, 65537, 131073]);
    expect(sortCells(CELLS, [{ field: 'count', dir: 'desc' }]).map((c) => c.objectid)).toEqual([
      2, 65537, 1, 131073,
    ]);
    expect(sortCells(CELLS, [{ field: 'state', dir: 'asc' }]).map((c) => c.objectid)).toEqual([
      1, 131073, 65537, 2,
    ]);
    expect(sortCells(CELLS, [{ field: 'objectid', dir: 'desc' }]).map((c) => c.objectid)).toEqual([
      131073, 65537, 2, 1,
    ]);
  });

  it('answers distinct values, the extent and statistics like the SQL of the other layers', () => {
    expect(distinctCells(CELLS, ['state'])).toEqual([
      { state: 'fault' },
      { state: 'ok' },
      { state: 'pending' },
    ]);
    expect(cellsExtent(CELLS)).toEqual({ xmin: 100, ymin: 100, xmax: 2100, ymax: 1200 });
    expect(cellsExtent([])).toBeNull();
    const stats = [
      { type: 'count' as const, field: 'objectid', outName: 'n' },
      { type: 'sum' as const, field: 'count', outName: 's' },
      { type: 'avg' as const, field: 'count', outName: 'a' },
      { type: 'min' as const, field: 'state', outName: 'lo' },
    ];
    const strings = new Set(['state']);
    expect(cellStatistics(CELLS, { stats, groupBy: [], offset: 0, limit: 10 }, strings)).toEqual([
      { n: 4, s: 14, a: 3.5, lo: 'fault' },
    ]);
    expect(cellStatistics([], { stats, groupBy: [], offset: 0, limit: 10 }, strings)).toEqual([
      { n: 0, s: null, a: null, lo: null },
    ]);
    expect(
      cellStatistics(CELLS, { stats: stats.slice(0, 2), groupBy: ['state'], offset: 1, limit: 1 }, strings),
    ).toEqual([{ state: 'ok', n: 1, s: 5 }]);
    let err: unknown;
    try {
      cellStatistics(
        CELLS,
        { stats: [{ type: 'sum', field: 'state', outName: 'x' }], groupBy: [], offset: 0, limit: 1 },
        strings,
      );
    } catch (e) {
      err = e;
    }
    expect((err as EsriError).code).toBe(400);
  });
});

describe('StampedCache', () => {
  it('keeps at most max entries (least recently used goes first)', () => {
    const c = new StampedCache<number>(2);
    expect(c.get('a', 1)).toBeUndefined();
    c.set('a', 1, 1);
    c.set('b', 1, 2);
    expect(c.get('a', 1)).toBe(1);
    c.set('c', 1, 3);
    expect(c.size).toBe(2);
    expect(c.get('b', 1)).toBeUndefined();
    expect(c.get('a', 1)).toBe(1);
    expect(c.get('c', 1)).toBe(3);
  });

  it('empties on a newer stamp and ignores older ones', () => {
    const c = new StampedCache<string>(4);
    c.get('k', 10);
    c.set('k', 10, 'old');
    expect(c.get('k', 10)).toBe('old');
    expect(c.get('k', 11)).toBeUndefined();
    expect(c.size).toBe(0);
    c.set('k', 10, 'stale');
    expect(c.get('k', 11)).toBeUndefined();
    c.set('k', 11, 'new');
    expect(c.get('k', 10)).toBeUndefined();
    expect(c.get('k', 11)).toBe('new');
    c.drop('k', 'other');
    expect(c.get('k', 11)).toBe('new');
    c.drop('k', 'new');
    expect(c.get('k', 11)).toBeUndefined();
  });
});
