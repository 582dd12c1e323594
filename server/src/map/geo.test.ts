import {
  envelopeFromMercator,
  envelopeOfPaths,
  envelopeToMercator,
  intersects,
  lonLatToMercator,
  mercatorToLonLat,
  pathLengthM,
  srKind,
} from './geo';

describe('geo', () => {
  it('converts lon/lat to Web Mercator and back', () => {
    const [x, y] = lonLatToMercator(120.15, 30.27);
    expect(x).toBeCloseTo(13375036.8, 0);
    expect(y).toBeCloseTo(3538303.3, 0);
    const [lon, lat] = mercatorToLonLat(x, y);
    expect(lon).toBeCloseTo(120.15, 9);
    expect(lat).toBeCloseTo(30.27, 9);
  });

  it('knows the spatial references it speaks', () => {
    expect(srKind(102100)).toBe('mercator');
    expect(srKind(3857)).toBe('mercator');
    expect(srKind(4326)).toBe('wgs84');
    expect(srKind(2000)).toBeNull();
  });

  it('converts envelopes both ways', () => {
    const e = { xmin: 120, ymin: 30, xmax: 120.1, ymax: 30.1 };
    const m = envelopeToMercator(e, 'wgs84');
    const back = envelopeFromMercator(m, 'wgs84');
    expect(back.xmin).toBeCloseTo(120, 9);
    expect(back.ymax).toBeCloseTo(30.1, 9);
    expect(envelopeToMercator(e, 'mercator')).toBe(e);
  });

  it('computes extents, intersections and ground lengths', () => {
    const env = envelopeOfPaths([
      [
        [0, 0],
        [10, 5],
      ],
      [[-3, 8]],
    ]);
    expect(env).toEqual({ xmin: -3, ymin: 0, xmax: 10, ymax: 8 });
    expect(intersects(env, { xmin: 10, ymin: 8, xmax: 20, ymax: 20 })).toBe(true);
    expect(intersects(env, { xmin: 10.01, ymin: 0, xmax: 20, ymax: 20 })).toBe(false);
    expect(
      pathLengthM(
        [
          [0, 0],
          [100, 0],
        ],
        60,
      ),
    ).toBeCloseTo(50, 6);
  });
});
