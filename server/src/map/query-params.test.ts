import { LAYERS } from './layers';
import { EsriError, parseQuery } from './query-params';

const assets = LAYERS[0] ?? (undefined as never);

describe('parseQuery', () => {
  it('reads the snapshot page the 2D view sends', () => {
    const q = parseQuery(
      {
        f: 'json',
        where: '1=1',
        outFields: '*',
        orderByFields: 'objectid',
        resultOffset: '8000',
        resultRecordCount: '8000',
        returnGeometry: 'true',
        spatialRel: 'esriSpatialRelIntersects',
        outSR: '102100',
      },
      assets,
    );
    expect(q).toMatchObject({
      mode: 'features',
      offset: 8000,
      limit: 8000,
      outSr: 'mercator',
      envelope: null,
    });
    expect(q.outFields).toEqual(assets.fields.map((f) => f.name));
    expect(q.orderBy).toEqual([{ field: 'objectid', dir: 'asc' }]);
  });

  it('reads a tile query with an envelope and quantization', () => {
    const extent = { xmin: 0, ymin: 0, xmax: 100, ymax: 100 };
    const q = parseQuery(
      {
        geometry: JSON.stringify({ ...extent, spatialReference: { wkid: 102100 } }),
        geometryType: 'esriGeometryEnvelope',
        resultType: 'tile',
        outFields: 'SYMBOL',
        maxRecordCountFactor: '3',
        quantizationParameters: JSON.stringify({
          mode: 'view',
          originPosition: 'upperLeft',
          tolerance: 2,
          extent,
        }),
      },
      assets,
    );
    expect(q.envelope).toEqual(extent);
    expect(q.limit).toBe(24000);
    expect(q.outFields).toEqual(['objectid', 'symbol']);
    expect(q.quantization).toEqual({ tolerance: 2, originX: 0, originY: 100 });
  });

  it('converts a lon/lat envelope and reads count, ids, extent and statistics modes', () => {
    const q = parseQuery({ geometry: '120,30,120.1,30.1', inSR: '4326', returnCountOnly: 'true' }, assets);
    expect(q.mode).toBe('count');
    expect(q.envelope?.xmin).toBeCloseTo(13358338.9, 0);
    expect(parseQuery({ returnIdsOnly: 'true' }, assets).mode).toBe('ids');
    expect(parseQuery({ returnExtentOnly: 'true' }, assets).mode).toBe('extent');
    const s = parseQuery(
      {
        outStatistics:
          '[{"statisticType":"count","onStatisticField":"objectid","outStatisticFieldName":"n"}]',
        groupByFieldsForStatistics: 'kind,status',
      },
      assets,
    );
    expect(s.mode).toBe('stats');
    expect(s.groupBy).toEqual(['kind', 'status']);
    expect(s.stats).toEqual([{ type: 'count', field: 'objectid', outName: 'n' }]);
  });

  it.each([
    [{ where: 'nope = 1' }, "unknown field 'nope'"],
    [{ outFields: 'objectid,nope' }, "unknown field 'nope'"],
    [{ resultRecordCount: 'x' }, 'integer'],
    [{ maxRecordCountFactor: '9' }, 'between 1 and 5'],
    [{ geometry: '1,2,3' }, 'xmin,ymin,xmax,ymax'],
    [{ geometry: '5,5,1,1' }, 'must not exceed'],
    [{ inSR: '2000', geometry: '1,1,2,2' }, 'not supported'],
    [{ outStatistics: '{}' }, 'list of 1–20'],
    [{ groupByFieldsForStatistics: 'kind' }, "needs 'outStatistics'"],
    [{ quantizationParameters: '{"tolerance":0,"extent":{}}' }, 'tolerance'],
    [{ objectIds: '1,a' }, 'objectIds'],
    [{ resultType: 'x' }, 'resultType'],
  ])('rejects %j', (params, detail) => {
    let err: unknown;
    try {
      parseQuery(params, assets);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EsriError);
    expect((err as EsriError).code).toBe(400);
    expect((err as EsriError).details.join(' ')).toContain(detail);
  });
});
