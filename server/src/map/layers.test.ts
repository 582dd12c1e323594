import { LAYERS, layerById, layerInfo, serviceInfo, sourceLayerId, whereFieldsOf } from './layers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- layer info JSON is inspected loosely
type Json = any;

describe('layer infos', () => {
  const extent = { xmin: 1, ymin: 2, xmax: 3, ymax: 4 };

  it('describes read-only, paged, queryable layers with their extent SR and lastEditDate', () => {
    for (const l of LAYERS) {
      const info = layerInfo(l, extent, 42);
      expect(info).toMatchObject({
        id: l.id,
        type: 'Feature Layer',
        capabilities: 'Query',
        objectIdField: 'objectid',
        extent: { ...extent, spatialReference: { wkid: 102100, latestWkid: 3857 } },
        editingInfo: { lastEditDate: 42 },
      });
      expect(l.fields[0]).toMatchObject({ name: 'objectid', type: 'esriFieldTypeOID' });
    }
    expect(LAYERS[0]?.fields.map((f) => f.name)).toContain('symbol');
  });

  it('defines the grid layers on map_asset with their cell size, fields and a state renderer', () => {
    for (const [id, cellM] of [
      [4, 1000],
      [5, 250],
    ] as const) {
      const l = layerById(id);
      expect(l).toMatchObject({
        table: 'map_asset',
        geometryType: 'esriGeometryPoint',
        aggregate: { cellM },
      });
      if (!l) continue;
      expect(l.fields.map((f) => f.name)).toEqual([
        'objectid',
        'count',
        'faults',
        'offline',
        'pending',
        'lightOn',
        'lightOff',
        'state',
      ]);
      expect(sourceLayerId(l)).toBe(0);
      expect(whereFieldsOf(l)).toContain('kind');
      expect(whereFieldsOf(l)).not.toContain('state');
      const info = layerInfo(l, { xmin: 1, ymin: 2, xmax: 3, ymax: 4 }, 7) as Record<string, Json>;
      expect(info.drawingInfo.renderer).toMatchObject({ type: 'uniqueValue', field1: 'state' });
    }
    const assets = layerById(0);
    if (assets) {
      expect(sourceLayerId(assets)).toBe(0);
      expect(whereFieldsOf(assets)).toContain('symbol');
    }
  });

  it('lists the layers in the service info', () => {
    const s = serviceInfo(extent) as { layers: Array<{ id: number; name: string }> };
    expect(s.layers.map((l) => `${l.id}:${l.name}`)).toEqual([
      '0:assets',
      '1:cables',
      '2:districts',
      '3:roads',
      '4:assetGridCoarse',
      '5:assetGridFine',
      '6:water',
      '7:parks',
    ]);
  });
});
