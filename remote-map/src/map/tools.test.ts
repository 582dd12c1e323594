import { formatQuantity, topologyQuery, trackGraphics } from './tools';
import { comparePreset, swipePercent } from './compare';

describe('map tools', () => {
  it('asks downstream for feeders and cables, upstream for the rest', () => {
    expect(topologyQuery({ layer: 0, objectid: 1, kind: 'transformer' })).toEqual({
      direction: 'down',
      objectid: 1,
    });
    expect(topologyQuery({ layer: 0, objectid: 2, kind: 'controlBox' })).toEqual({
      direction: 'down',
      objectid: 2,
    });
    expect(topologyQuery({ layer: 1, objectid: 3 })).toEqual({ direction: 'down', cableId: 3 });
    expect(topologyQuery({ layer: 0, objectid: 4, kind: 'streetLamp', status: 'fault' })).toEqual({
      direction: 'up',
      objectid: 4,
    });
  });

  it('formats measurements', () => {
    expect(formatQuantity({ value: 1234.567, unit: 'meters' })).toBe('1,234.6 m');
    expect(formatQuantity({ value: 2.345, unit: 'square-kilometers' })).toBe('2.35 km²');
    expect(formatQuantity(null)).toBe('');
  });

  it('draws a track in time order with start and end', () => {
    const g = trackGraphics([
      { t: 2, x: 5, y: 5 },
      { t: 1, x: 0, y: 0 },
    ]);
    expect(g).toHaveLength(3);
    expect(g[0]?.geometry).toEqual({
      type: 'polyline',
      paths: [
        [
          [0, 0],
          [5, 5],
        ],
      ],
    });
    expect(g[1]?.attributes).toEqual({ t: 1 });
    expect(trackGraphics([])).toEqual([]);
  });

  it('compare presets and the swipe divider', () => {
    expect(comparePreset('layerFaults').hiddenStatuses).not.toContain('fault');
    expect(comparePreset('layerFaults').hiddenStatuses).toHaveLength(7);
    expect(comparePreset('lamps').hiddenKinds).not.toContain('streetLamp');
    expect(comparePreset('layerAssets').hiddenKinds).toEqual([]);
    expect(swipePercent(150, 100, 200)).toBe(25);
    expect(swipePercent(0, 100, 200)).toBe(2);
    expect(swipePercent(10, 0, 0)).toBe(50);
  });
});
