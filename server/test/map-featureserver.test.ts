/**
 * The lighting map's FeatureServer endpoint against the SDK's real request shapes (snapshot pages and
 * tile queries of the 2D view), the spatial index, deterministic paging, statistics and Esri errors.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { envelopeCondition, FS_BASE } from '../src/map/featureserver';
import { LAYERS } from '../src/map/layers';
import { addGeographyIfMissing } from '../src/map/seed';
import { TARGETS, createEnv, login, type TestEnv } from './helpers';
import { featureServerCalls, type Json } from './map-helpers';

const CITY = '3200';

describe.each(TARGETS)('map FeatureServer (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let token: string;
  const layer0 = LAYERS[0];
  if (!layer0) throw new Error('layer 0 missing');

  const { get, post, assetCount: count } = featureServerCalls(() => ({ app, token }));

  beforeAll(async () => {
    env = await createEnv(target, { MAP_ASSETS: CITY });
    app = env.app;
    token = await login(app, 'operator', 'operator123');
  }, 60_000);
  afterAll(() => env.cleanup());

  it('serves the service and layer infos the SDK reads', async () => {
    const [status, svc] = await get(FS_BASE, { f: 'json' });
    expect(status).toBe(200);
    expect(svc.layers.map((l: Json) => l.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(svc.spatialReference).toEqual({ wkid: 102100, latestWkid: 3857 });
    const [, info] = await get(`${FS_BASE}/0`, { f: 'json' });
    expect(info).toMatchObject({
      type: 'Feature Layer',
      geometryType: 'esriGeometryPoint',
      objectIdField: 'objectid',
      capabilities: 'Query',
      maxRecordCount: 8000,
      supportedQueryFormats: 'JSON',
      advancedQueryCapabilities: {
        supportsPagination: true,
        supportsOrderBy: true,
        supportsStatistics: true,
        supportsReturningQueryExtent: true,
        supportsDistinct: true,
        supportsQueryWithResultType: true,
        supportsMaxRecordCountFactor: true,
      },
    });
    expect(info.extent.spatialReference.wkid).toBe(102100);
    expect(info.extent.xmin).toBeLessThan(info.extent.xmax);
    expect(info.fields.map((f: Json) => f.name)).toContain('symbol');
    expect(info.editingInfo.lastEditDate).toBeGreaterThan(0);
    for (const id of [1, 2, 3, 6, 7]) {
      const [, l] = await get(`${FS_BASE}/${id}`, { f: 'json' });
      expect(l.type).toBe('Feature Layer');
      expect(l.extent.spatialReference.wkid).toBe(102100);
    }
  });

  it('serves the base geography: water and parks as polygons, found through the spatial index', async () => {
    const [, water] = await get(`${FS_BASE}/6/query`, { f: 'json', where: '1=1', outFields: '*' });
    expect(water.geometryType).toBe('esriGeometryPolygon');
    expect(water.features).toHaveLength(1);
    expect(water.features[0].attributes).toMatchObject({ name: '清江', kind: 'river' });
    expect(water.features[0].geometry.rings[0].length).toBeGreaterThan(10);
    const [, l0] = await get(`${FS_BASE}/0`, { f: 'json' });
    // the river runs south of every asset: an envelope over the assets finds no water
    const assets = { ...l0.extent, spatialReference: { wkid: 102100 } };
    const [, none] = await get(`${FS_BASE}/6/query`, {
      f: 'json',
      where: '1=1',
      geometry: JSON.stringify({ ...assets, ymin: assets.ymin + 1 }),
      geometryType: 'esriGeometryEnvelope',
      returnCountOnly: 'true',
    });
    expect(none.count).toBe(0);
    const [, parks] = await get(`${FS_BASE}/7/query`, {
      f: 'json',
      where: '1=1',
      // the riverside park lies between the streets and the river
      geometry: JSON.stringify({ ...assets, ymin: assets.ymin - 500 }),
      geometryType: 'esriGeometryEnvelope',
      outFields: 'objectid,name',
      returnGeometry: 'false',
    });
    expect(parks.features.map((f: Json) => f.attributes.name)).toContain('滨江公园');
  });

  it('quantizes polygons as the 2D view asks in tile queries: integer steps, a transform, a centroid', async () => {
    const [, l2] = await get(`${FS_BASE}/2`, { f: 'json' });
    const e = l2.extent;
    const tolerance = 9.5546;
    const [, r] = await get(`${FS_BASE}/2/query`, {
      f: 'json',
      where: '1=1',
      outFields: 'objectid,name',
      returnCentroid: 'true',
      resultType: 'tile',
      quantizationParameters: JSON.stringify({
        extent: { ...e, spatialReference: { wkid: 102100 } },
        mode: 'view',
        originPosition: 'upperLeft',
        tolerance,
      }),
    });
    expect(r.transform).toEqual({
      originPosition: 'upperLeft',
      scale: [tolerance, tolerance, 0, 0],
      translate: [e.xmin, e.ymax, 0, 0],
    });
    expect(r.features.length).toBeGreaterThan(0);
    for (const f of r.features) {
      const ring = f.geometry.rings[0] as number[][];
      for (const p of ring) for (const v of p) expect(Number.isInteger(v)).toBe(true);
      // the steps add up to a closed ring inside the extent
      const sum = ring.slice(1).reduce((a, p) => [a[0]! + p[0]!, a[1]! + p[1]!], [0, 0]);
      expect(sum).toEqual([0, 0]);
      expect(ring[0]![0]).toBeGreaterThanOrEqual(0);
      expect(ring[0]![1]).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(f.centroid.x) && Number.isInteger(f.centroid.y)).toBe(true);
    }
  });

  it('adds water and parks once to a city seeded before they existed, only when it is the same city', async () => {
    const db = app.ctx.db;
    const parks = await db.selectFrom('map_park').selectAll().orderBy('objectid').execute();
    await db.deleteFrom('map_water').execute();
    await db.deleteFrom('map_park').execute();
    if (target === 'sqlite') {
      await sql`DELETE FROM map_water_rtree`.execute(db);
      await sql`DELETE FROM map_park_rtree`.execute(db);
    }
    // another size is another city: nothing is drawn over the stored one
    expect(await addGeographyIfMissing(db, 6400)).toBe(false);
    expect(await addGeographyIfMissing(db, Number(CITY))).toBe(true);
    expect(await addGeographyIfMissing(db, Number(CITY))).toBe(false);
    expect(await db.selectFrom('map_park').selectAll().orderBy('objectid').execute()).toEqual(parks);
    const [, found] = await get(`${FS_BASE}/6/query`, { f: 'json', where: '1=1', returnCountOnly: 'true' });
    expect(found.count).toBe(1);
  });

  it('requires a signed-in user: header, token query parameter or form body', async () => {
    expect(
      (await get(`${FS_BASE}/0/query`, { f: 'json', where: '1=1', returnCountOnly: 'true' }, null))[1],
    ).toEqual({
      error: { code: 499, message: 'Token Required', details: [] },
    });
    expect(
      (
        await get(
          `${FS_BASE}/0/query`,
          { f: 'json', where: '1=1', returnCountOnly: 'true', token: 'x'.repeat(32) },
          null,
        )
      )[1].error.code,
    ).toBe(498);
    const total = await count();
    expect(
      (await get(`${FS_BASE}/0/query`, { f: 'json', where: '1=1', returnCountOnly: 'true', token }, null))[1],
    ).toEqual({
      count: total,
    });
    expect(
      (await post(`${FS_BASE}/0/query`, { f: 'json', where: '1=1', returnCountOnly: 'true', token }))[1],
    ).toEqual({
      count: total,
    });
    expect(
      (await post(`${FS_BASE}/0/query`, { f: 'json', where: '1=1', returnCountOnly: 'true' }))[1].error.code,
    ).toBe(499);
  });

  it('answers the snapshot pages of the 2D view: deterministic, concatenating to the whole layer', async () => {
    const total = await count();
    const page = 1000;
    const seen: number[] = [];
    for (let offset = 0; offset < total + page; offset += page) {
      const [status, fs] = await get(`${FS_BASE}/0/query`, {
        f: 'json',
        where: '1=1',
        outFields: '*',
        orderByFields: 'objectid',
        resultOffset: String(offset),
        resultRecordCount: String(page),
        returnGeometry: 'true',
        spatialRel: 'esriSpatialRelIntersects',
        outSR: '102100',
        token,
      });
      expect(status).toBe(200);
      if (offset === 0) {
        expect(fs.objectIdFieldName).toBe('objectid');
        expect(fs.geometryType).toBe('esriGeometryPoint');
        expect(fs.spatialReference.wkid).toBe(102100);
        expect(fs.fields.map((f: Json) => f.name)).toEqual(layer0.fields.map((f) => f.name));
        const f0 = fs.features[0];
        expect(f0.attributes.symbol).toBe(`${f0.attributes.kind}|${f0.attributes.status}`);
        expect(typeof f0.geometry.x).toBe('number');
      }
      const ids = fs.features.map((f: Json) => f.attributes.objectid as number);
      seen.push(...ids);
      expect(fs.exceededTransferLimit === true).toBe(offset + page < total);
      if (!ids.length) break;
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('answers tile queries (envelope, quantization) with exactly the assets in the tile', async () => {
    const [, info] = await get(`${FS_BASE}/0`, { f: 'json' });
    const e = info.extent;
    const w = (e.xmax - e.xmin) / 3;
    const h = (e.ymax - e.ymin) / 3;
    const tile = { xmin: e.xmin + w, ymin: e.ymin + h, xmax: e.xmin + 2 * w, ymax: e.ymin + 2 * h };
    const tolerance = 0.5;
    const params = {
      f: 'json',
      geometry: JSON.stringify({ ...tile, spatialReference: { wkid: 102100 } }),
      geometryType: 'esriGeometryEnvelope',
      inSR: '102100',
      spatialRel: 'esriSpatialRelIntersects',
      outFields: 'objectid,symbol',
      returnGeometry: 'true',
      outSR: '102100',
      resultType: 'tile',
      maxRecordCountFactor: '3',
      quantizationParameters: JSON.stringify({
        mode: 'view',
        originPosition: 'upperLeft',
        tolerance,
        extent: { ...tile, spatialReference: { wkid: 102100, latestWkid: 3857 } },
      }),
      token,
    };
    const [status, fs] = await get(`${FS_BASE}/0/query`, params);
    expect(status).toBe(200);
    expect(fs.transform).toEqual({
      originPosition: 'upperLeft',
      scale: [tolerance, tolerance, 0, 0],
      translate: [tile.xmin, tile.ymax, 0, 0],
    });
    const direct = await app.ctx.db
      .selectFrom('map_asset')
      .select(['objectid', 'x', 'y'])
      .where('x', '>=', tile.xmin)
      .where('x', '<=', tile.xmax)
      .where('y', '>=', tile.ymin)
      .where('y', '<=', tile.ymax)
      .orderBy('objectid')
      .execute();
    expect(direct.length).toBeGreaterThan(10);
    expect(fs.features.map((f: Json) => f.attributes.objectid)).toEqual(direct.map((d) => d.objectid));
    const byId = new Map(direct.map((d) => [d.objectid, d]));
    for (const f of fs.features) {
      const d = byId.get(f.attributes.objectid);
      expect(Math.abs(tile.xmin + f.geometry.x * tolerance - Number(d?.x))).toBeLessThanOrEqual(tolerance);
      expect(Math.abs(tile.ymax - f.geometry.y * tolerance - Number(d?.y))).toBeLessThanOrEqual(tolerance);
    }
    // The same query as a form POST (the SDK posts when the URL is long) gives the same answer.
    const [, viaPost] = await post(`${FS_BASE}/0/query`, params);
    expect(viaPost).toEqual(fs);
    // A tile with more than resultRecordCount features says so.
    const [, cut] = await get(`${FS_BASE}/0/query`, { ...params, resultRecordCount: '5' });
    expect(cut.features).toHaveLength(5);
    expect(cut.exceededTransferLimit).toBe(true);
  });

  it('uses the spatial index for envelope queries (query plan)', async () => {
    const env0 = { xmin: 13370000, ymin: 3530000, xmax: 13371000, ymax: 3531000 };
    if (target === 'sqlite') {
      const plan = await sql<{
        detail: string;
      }>`EXPLAIN QUERY PLAN SELECT "objectid" FROM "map_asset" WHERE ${envelopeCondition(layer0, env0, false)}`.execute(
        app.ctx.db,
      );
      const text = plan.rows.map((r) => r.detail).join('\n');
      expect(text).toMatch(/map_asset_rtree VIRTUAL TABLE INDEX/);
      expect(text).not.toMatch(/SCAN map_asset(?!_rtree)/);
    } else {
      const text = await app.ctx.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const plan = await sql<{
          'QUERY PLAN': string;
        }>`EXPLAIN SELECT "objectid" FROM "map_asset" WHERE ${envelopeCondition(layer0, env0, true)}`.execute(
          trx,
        );
        return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(text).toMatch(/map_asset_gist/);
    }
  });

  it('filters with where, objectIds, and answers ids, extent and statistics that agree with direct counts', async () => {
    const where = "kind = 'streetLamp' AND status IN ('fault', 'offline')";
    const [, c] = await get(`${FS_BASE}/0/query`, { f: 'json', where, returnCountOnly: 'true', token });
    const direct = await count((q) =>
      q.where('kind', '=', 'streetLamp').where('status', 'in', ['fault', 'offline']),
    );
    expect(direct).toBeGreaterThan(0);
    expect(c).toEqual({ count: direct });

    const [, ids] = await get(`${FS_BASE}/0/query`, { f: 'json', where, returnIdsOnly: 'true', token });
    expect(ids.objectIds).toHaveLength(direct);
    const [, some] = await get(`${FS_BASE}/0/query`, {
      f: 'json',
      objectIds: ids.objectIds.slice(0, 3).join(','),
      outFields: 'code,status',
      token,
    });
    expect(some.features.map((f: Json) => f.attributes.objectid)).toEqual(ids.objectIds.slice(0, 3));

    const [, ext] = await get(`${FS_BASE}/0/query`, { f: 'json', where, returnExtentOnly: 'true', token });
    expect(ext.count).toBe(direct);
    expect(ext.extent.spatialReference.wkid).toBe(102100);

    const [, stats] = await get(`${FS_BASE}/0/query`, {
      f: 'json',
      where: '1=1',
      outStatistics: JSON.stringify([
        { statisticType: 'count', onStatisticField: 'objectid', outStatisticFieldName: 'n' },
      ]),
      groupByFieldsForStatistics: 'status',
      token,
    });
    const grouped = await app.ctx.db
      .selectFrom('map_asset')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    const want = Object.fromEntries(grouped.map((g) => [g.status, Number(g.n)]));
    expect(
      Object.fromEntries(stats.features.map((f: Json) => [f.attributes.status, f.attributes.n])),
    ).toEqual(want);

    const [, lon] = await get(`${FS_BASE}/0/query`, { f: 'json', objectIds: '1', outSR: '4326', token });
    expect(lon.features[0].geometry.x).toBeCloseTo(120.05, 1);
    expect(lon.features[0].geometry.y).toBeCloseTo(30.2, 1);

    const [, roads] = await get(`${FS_BASE}/3/query`, {
      f: 'json',
      where: "roadClass = 'main'",
      outFields: '*',
      token,
    });
    expect(roads.features.length).toBeGreaterThan(0);
    expect(roads.features[0].geometry.paths[0].length).toBeGreaterThanOrEqual(2);
    const [, districts] = await get(`${FS_BASE}/2/query`, {
      f: 'json',
      where: '1=1',
      outFields: 'name',
      token,
    });
    expect(districts.features).toHaveLength(6);
    expect(districts.features[0].geometry.rings[0].length).toBe(5);
  });

  it.each([
    ['an unknown field', { where: 'foo = 1' }, "unknown field 'foo'"],
    ['SQL in where', { where: '1=1; DELETE FROM map_asset' }, 'unexpected character'],
    ['a bad geometry', { geometry: '{"xmin":1', geometryType: 'esriGeometryEnvelope' }, 'not valid JSON'],
    ['a polygon filter', { geometry: '{"rings":[]}', geometryType: 'esriGeometryPolygon' }, 'not supported'],
    ['an unknown SR', { outSR: '2000' }, 'not supported'],
    ['a negative offset', { resultOffset: '-1' }, 'resultOffset'],
    [
      'a bad statistic',
      { outStatistics: '[{"statisticType":"median","onStatisticField":"objectid"}]' },
      'statisticType',
    ],
    ['a bad order', { orderByFields: 'objectid; drop' }, 'orderByFields'],
    ['a bad boolean', { returnGeometry: 'maybe' }, 'returnGeometry'],
    ['a bad format', { f: 'html' }, "'f'"],
  ])('answers %s with an Esri error and changes nothing', async (_name, params, detail) => {
    const before = await count();
    const [status, res] = await get(`${FS_BASE}/0/query`, { f: 'json', ...params, token });
    expect(status).toBe(200);
    expect(res.error.code).toBe(400);
    expect(res.error.details.join(' ')).toContain(detail);
    expect(await count()).toBe(before);
  });

  it('answers an unknown layer with an Esri error', async () => {
    const [status, res] = await get(`${FS_BASE}/9/query`, { f: 'json', token });
    expect(status).toBe(200);
    expect(res.error.code).toBe(400);
  });
});
