import { LAYERS, layerInfo, serviceInfo } from './layers';

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

  it('lists the layers in the service info', () => {
    const s = serviceInfo(extent) as { layers: Array<{ id: number; name: string }> };
    expect(s.layers.map((l) => `${l.id}:${l.name}`)).toEqual([
      '0:assets',
      '1:cables',
      '2:districts',
      '3:roads',
    ]);
  });
});
