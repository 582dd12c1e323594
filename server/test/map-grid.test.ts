/**
 * The FeatureServer's aggregate ("grid") layers 4 (1 km) and 5 (250 m): cell counts against direct
 * counts, `where` on the assets before grouping, the cache following status changes, and the usual query
 * modes (envelope, objectIds, count/ids/extent, paging, statistics, errors) on the cells.
 */
import type { FastifyInstance } from 'fastify';
import { FS_BASE } from '../src/map/featureserver';
import { cellObjectId } from '../src/map/grid';
import { TARGETS, authed, body, createEnv, login, type TestEnv } from './helpers';
import { featureServerCalls, type Json } from './map-helpers';

const CITY = '3200';
const GRIDS = [
  { id: 4, cellM: 1000 },
  { id: 5, cellM: 250 },
] as const;
const GRID_FIELDS = ['objectid', 'count', 'faults', 'offline', 'pending', 'lightOn', 'lightOff', 'state'];

describe.each(TARGETS)('map FeatureServer grid layers (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let token: string;

  const { get, post, assetCount: direct } = featureServerCalls(() => ({ app, token }));
  /** Every cell of a grid layer (one request; the city has far fewer than 8000 cells). */
  const cells = async (id: number, params: Record<string, string> = {}): Promise<Json[]> => {
    const [status, fs] = await get(`${FS_BASE}/${id}/query`, {
      f: 'json',
      where: '1=1',
      outFields: '*',
      returnGeometry: 'true',
      ...params,
    });
    expect(status).toBe(200);
    expect(fs.error).toBeUndefined();
    expect(fs.exceededTransferLimit).toBeUndefined();
    return fs.features as Json[];
  };
  const sum = (list: Json[], f: string): number =>
    list.reduce((a: number, c: Json) => a + Number(c.attributes[f]), 0);
  const origin = async (): Promise<{ xmin: number; ymin: number }> => (await get(`${FS_BASE}/0`))[1].extent;

  beforeAll(async () => {
    env = await createEnv(target, { MAP_ASSETS: CITY });
    app = env.app;
    token = await login(app, 'operator', 'operator123');
  }, 60_000);
  afterAll(() => env.cleanup());

  it('describes layers 4 and 5 (fields, layer 0 extent and lastEditDate) in the infos', async () => {
    const [, svc] = await get(FS_BASE, { f: 'json' });
    expect(svc.layers.map((l: Json) => `${l.id}:${l.name}`)).toEqual(
      expect.arrayContaining(['4:assetGridCoarse', '5:assetGridFine']),
    );
    const [, l0] = await get(`${FS_BASE}/0`, { f: 'json' });
    for (const g of GRIDS) {
      const [status, info] = await get(`${FS_BASE}/${g.id}`, { f: 'json' });
      expect(status).toBe(200);
      expect(info).toMatchObject({
        id: g.id,
        type: 'Feature Layer',
        geometryType: 'esriGeometryPoint',
        objectIdField: 'objectid',
        capabilities: 'Query',
        extent: l0.extent,
        editingInfo: { lastEditDate: l0.editingInfo.lastEditDate },
      });
      expect(info.fields.map((f: Json) => f.name)).toEqual(GRID_FIELDS);
      expect(info.fields.find((f: Json) => f.name === 'state').type).toBe('esriFieldTypeString');
      expect(info.fields.find((f: Json) => f.name === 'count').type).toBe('esriFieldTypeInteger');
      expect(info.drawingInfo.renderer.field1).toBe('state');
    }
    const [, all] = await get(`${FS_BASE}/layers`, { f: 'json' });
    expect(all.layers.map((l: Json) => l.id)).toEqual(expect.arrayContaining([0, 1, 2, 3, 4, 5]));
  });

  it.each(GRIDS)('layer $id: cell sums equal the direct counts by status', async ({ id, cellM }) => {
    const list = await cells(id);
    const total = await direct();
    expect(total).toBeGreaterThanOrEqual(Number(CITY));
    expect(list.length).toBeGreaterThan(1);
    expect(sum(list, 'count')).toBe(total);
    const byStatus = async (statuses: string[]) => direct((q) => q.where('status', 'in', statuses));
    expect(sum(list, 'faults')).toBe(await byStatus(['fault']));
    expect(sum(list, 'offline')).toBe(await byStatus(['offline']));
    expect(sum(list, 'pending')).toBe(await byStatus(['pendingUpload', 'pendingAttributes', 'pendingLabel']));
    expect(sum(list, 'lightOn')).toBe(await byStatus(['lightOn']));
    expect(sum(list, 'lightOff')).toBe(await byStatus(['lightOff']));
    // Every cell is non-empty, its state the worst status, its id the cell formula on its (mean) point.
    const o = await origin();
    const ids = new Set<number>();
    for (const c of list) {
      const a = c.attributes;
      expect(a.count).toBeGreaterThan(0);
      expect(a.state).toBe(
        a.faults > 0 ? 'fault' : a.offline > 0 ? 'offline' : a.pending > 0 ? 'pending' : 'ok',
      );
      const ix = Math.floor((c.geometry.x - o.xmin) / cellM);
      const iy = Math.floor((c.geometry.y - o.ymin) / cellM);
      expect(a.objectid).toBe(cellObjectId(ix, iy));
      ids.add(a.objectid);
    }
    expect(ids.size).toBe(list.length);
  });

  it('applies where to the assets before grouping', async () => {
    for (const g of GRIDS) {
      const lamps = await cells(g.id, { where: "kind = 'streetLamp'" });
      expect(sum(lamps, 'count')).toBe(await direct((q) => q.where('kind', '=', 'streetLamp')));
      const notPoles = await cells(g.id, { where: "kind <> 'pole'" });
      expect(sum(notPoles, 'count')).toBe(await direct((q) => q.where('kind', '<>', 'pole')));
      const faults = await cells(g.id, { where: "status = 'fault'" });
      expect(faults.length).toBeGreaterThan(0);
      expect(faults.every((c) => c.attributes.state === 'fault')).toBe(true);
      expect(faults.every((c) => c.attributes.count === c.attributes.faults)).toBe(true);
      expect(sum(faults, 'count')).toBe(await direct((q) => q.where('status', '=', 'fault')));
      // The layers panel's definitionExpression shape (hidden kinds and statuses, a district).
      const [, d] = await get(`${FS_BASE}/0/query`, { f: 'json', where: '1=1', outFields: 'district' });
      const district = d.features[0].attributes.district as string;
      const where = `kind NOT IN ('pole', 'manhole') AND status NOT IN ('completed') AND district = '${district}'`;
      const panel = await cells(g.id, { where });
      const [, c0] = await get(`${FS_BASE}/0/query`, { f: 'json', where, returnCountOnly: 'true' });
      expect(c0.count).toBeGreaterThan(0);
      expect(sum(panel, 'count')).toBe(c0.count);
      // Cells left empty disappear: no cell of the filtered layer is missing from the whole one.
      const all = new Set((await cells(g.id)).map((c) => c.attributes.objectid));
      expect(panel.length).toBeLessThanOrEqual(all.size);
      for (const c of panel) expect(all.has(c.attributes.objectid)).toBe(true);
      expect(await cells(g.id, { where: "kind = 'noSuchKind'" })).toEqual([]);
    }
  });

  it('shows a status change in the next grid query (cache follows lastEditDate)', async () => {
    const o = await origin();
    const asset = await app.ctx.db
      .selectFrom('map_asset')
      .select(['objectid', 'x', 'y'])
      .where('status', 'in', ['lightOn', 'lightOff', 'completed'])
      .orderBy('objectid')
      .executeTakeFirstOrThrow();
    const before: Record<number, Json> = {};
    for (const g of GRIDS) {
      const id = cellObjectId(
        Math.floor((Number(asset.x) - o.xmin) / g.cellM),
        Math.floor((Number(asset.y) - o.ymin) / g.cellM),
      );
      // Warm the cache for the whole layer and for this cell.
      await cells(g.id);
      const [one] = await cells(g.id, { objectIds: String(id) });
      expect(one.attributes.objectid).toBe(id);
      before[g.id] = one.attributes;
    }
    const res = await app.inject(
      authed(token, {
        method: 'PUT',
        url: `/api/map/assets/${asset.objectid}/status`,
        payload: { status: 'fault' },
      }),
    );
    const changed = body(res) as Json;
    expect(changed.code).toBe(200);
    for (const g of GRIDS) {
      const b = before[g.id];
      const [one] = await cells(g.id, { objectIds: String(b.objectid) });
      expect(one.attributes.faults).toBe(b.faults + 1);
      expect(one.attributes.count).toBe(b.count);
      expect(one.attributes.state).toBe('fault');
      expect(sum(await cells(g.id), 'faults')).toBe(await direct((q) => q.where('status', '=', 'fault')));
      const [, info] = await get(`${FS_BASE}/${g.id}`, { f: 'json' });
      expect(info.editingInfo.lastEditDate).toBe(changed.data.lastEditDate);
    }
  });

  it('filters by envelope (on the cell point) and objectIds; count, ids and extent agree', async () => {
    for (const g of GRIDS) {
      const list = await cells(g.id);
      const xs = list.map((c) => c.geometry.x as number);
      const ys = list.map((c) => c.geometry.y as number);
      const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
      const box = {
        xmin: x0 + (x1 - x0) / 4,
        ymin: y0 + (y1 - y0) / 4,
        xmax: x0 + ((x1 - x0) * 3) / 4,
        ymax: y0 + ((y1 - y0) * 3) / 4,
      };
      const want = list
        .filter(
          (c) =>
            c.geometry.x >= box.xmin &&
            c.geometry.x <= box.xmax &&
            c.geometry.y >= box.ymin &&
            c.geometry.y <= box.ymax,
        )
        .map((c) => c.attributes.objectid as number)
        .sort((a, b) => a - b);
      expect(want.length).toBeGreaterThan(0);
      expect(want.length).toBeLessThan(list.length);
      const spatial = {
        geometry: JSON.stringify({ ...box, spatialReference: { wkid: 102100 } }),
        geometryType: 'esriGeometryEnvelope',
        spatialRel: 'esriSpatialRelIntersects',
      };
      const inBox = await cells(g.id, spatial);
      expect(inBox.map((c) => c.attributes.objectid)).toEqual(want);

      const [, count] = await get(`${FS_BASE}/${g.id}/query`, {
        f: 'json',
        ...spatial,
        returnCountOnly: 'true',
      });
      expect(count).toEqual({ count: want.length });
      const [, ids] = await get(`${FS_BASE}/${g.id}/query`, { f: 'json', ...spatial, returnIdsOnly: 'true' });
      expect(ids).toEqual({ objectIdFieldName: 'objectid', objectIds: want });
      const [, ext] = await get(`${FS_BASE}/${g.id}/query`, { f: 'json', returnExtentOnly: 'true' });
      expect(ext.count).toBe(list.length);
      expect(ext.extent).toEqual({
        xmin: x0,
        ymin: y0,
        xmax: x1,
        ymax: y1,
        spatialReference: { wkid: 102100, latestWkid: 3857 },
      });

      const pick = [want[0], want[want.length - 1], list[0].attributes.objectid].join(',');
      const some = await cells(g.id, { objectIds: pick, outFields: 'count,state' });
      expect(some.map((c) => c.attributes.objectid)).toEqual(
        [...new Set(pick.split(',').map(Number))].sort((a, b) => a - b),
      );
      expect(Object.keys(some[0].attributes).sort()).toEqual(['count', 'objectid', 'state']);
      // Same cell, same id: the objectIds query finds the cells of the envelope query again.
      const [, viaPost] = await post(`${FS_BASE}/${g.id}/query`, {
        f: 'json',
        ...spatial,
        outFields: '*',
        token,
      });
      expect(viaPost.features).toEqual(inBox);
    }
  });

  it('pages deterministically (50 per page, by objectid or by count) over every cell once', async () => {
    for (const g of GRIDS) {
      const total = (await cells(g.id)).length;
      for (const order of ['objectid', 'count DESC']) {
        const seen: number[] = [];
        for (let offset = 0; offset < total + 50; offset += 50) {
          const [, fs] = await get(`${FS_BASE}/${g.id}/query`, {
            f: 'json',
            where: '1=1',
            outFields: 'objectid,count',
            orderByFields: order,
            resultOffset: String(offset),
            resultRecordCount: '50',
            returnGeometry: 'false',
          });
          expect(fs.exceededTransferLimit === true).toBe(offset + 50 < total);
          if (offset === 0) expect(fs.features[0].geometry).toBeUndefined();
          seen.push(...fs.features.map((f: Json) => f.attributes.objectid as number));
          if (!fs.features.length) break;
        }
        expect(seen).toHaveLength(total);
        expect(new Set(seen).size).toBe(total);
        if (order === 'objectid') expect(seen).toEqual([...seen].sort((a, b) => a - b));
      }
    }
  });

  it('answers statistics, quantized and lon/lat geometry on the cells', async () => {
    const list = await cells(4);
    const [, stats] = await get(`${FS_BASE}/4/query`, {
      f: 'json',
      outStatistics: JSON.stringify([
        { statisticType: 'count', onStatisticField: 'objectid', outStatisticFieldName: 'cells' },
        { statisticType: 'sum', onStatisticField: 'count', outStatisticFieldName: 'assets' },
        { statisticType: 'max', onStatisticField: 'count', outStatisticFieldName: 'biggest' },
      ]),
      groupByFieldsForStatistics: 'state',
    });
    const want: Record<string, { cells: number; assets: number; biggest: number }> = {};
    for (const c of list) {
      const w = (want[c.attributes.state] ??= { cells: 0, assets: 0, biggest: 0 });
      w.cells++;
      w.assets += c.attributes.count;
      w.biggest = Math.max(w.biggest, c.attributes.count);
    }
    const states = Object.keys(want).sort();
    expect(stats.features.map((f: Json) => f.attributes.state)).toEqual(states);
    for (const f of stats.features) {
      const { state, ...rest } = f.attributes;
      expect(rest).toEqual(want[state]);
    }
    const tolerance = 2;
    const o = (await get(`${FS_BASE}/4`))[1].extent as Json;
    const tile = { xmin: o.xmin - 500, ymin: o.ymin - 500, xmax: o.xmax + 500, ymax: o.ymax + 500 };
    const [, q] = await get(`${FS_BASE}/4/query`, {
      f: 'json',
      objectIds: String(list[0].attributes.objectid),
      quantizationParameters: JSON.stringify({
        mode: 'view',
        originPosition: 'upperLeft',
        tolerance,
        extent: tile,
      }),
    });
    expect(q.transform.translate).toEqual([tile.xmin, tile.ymax, 0, 0]);
    expect(
      Math.abs(tile.xmin + q.features[0].geometry.x * tolerance - list[0].geometry.x),
    ).toBeLessThanOrEqual(tolerance);
    const [, lonlat] = await get(`${FS_BASE}/4/query`, {
      f: 'json',
      objectIds: String(list[0].attributes.objectid),
      outSR: '4326',
    });
    expect(lonlat.features[0].geometry.x).toBeCloseTo(120.1, 0);
    expect(lonlat.features[0].geometry.y).toBeCloseTo(30.2, 0);
  });

  it('answers a text value for a number field with HTTP 200, never a 5xx', async () => {
    for (const g of GRIDS) {
      const [status, res] = await get(`${FS_BASE}/${g.id}/query`, {
        f: 'json',
        where: "powerW = 'abc'",
        returnCountOnly: 'true',
      });
      expect(status).toBe(200);
      // PostgreSQL refuses the literal (Esri 400); SQLite compares and matches nothing.
      if (target === 'postgres') expect(res.error.code).toBe(400);
      else expect(res).toEqual({ count: 0 });
    }
  });

  it.each([
    ['a bad where', { where: "kind = 'pole' OR" }, 'where'],
    ['where on an unknown field', { where: 'foo = 1' }, "unknown field 'foo'"],
    ['where on a grid field', { where: "state = 'fault'" }, "unknown field 'state'"],
    ['an unknown outField', { outFields: 'objectid,symbol' }, "unknown field 'symbol'"],
    ['an unknown order field', { orderByFields: 'kind' }, "unknown field 'kind'"],
    [
      'a sum over a string',
      { outStatistics: '[{"statisticType":"sum","onStatisticField":"state"}]' },
      'numeric',
    ],
  ])('answers %s with an Esri error (HTTP 200)', async (_name, params, detail) => {
    for (const g of GRIDS) {
      const [status, res] = await get(`${FS_BASE}/${g.id}/query`, { f: 'json', ...params });
      expect(status).toBe(200);
      expect(res.error.code).toBe(400);
      expect(res.error.details.join(' ')).toContain(detail);
    }
  });
});
