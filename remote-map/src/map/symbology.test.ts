import {
  ASSET_KINDS,
  ASSET_STATUSES,
  ASSET_MIN_SCALE,
  FINE_GRID_MIN_SCALE,
  assetRenderer,
  drawnAt,
  gridRenderer,
  isAssetKind,
  markerSymbol,
  symbolValue,
} from './symbology';

describe('symbology', () => {
  it('has one renderer entry per kind × status, keyed like the server symbol field', () => {
    const r = assetRenderer('symbol', (k, s) => `${k}/${s}`);
    expect(r.field).toBe('symbol');
    expect(r.uniqueValueInfos).toHaveLength(ASSET_KINDS.length * ASSET_STATUSES.length);
    expect(new Set(r.uniqueValueInfos.map((i) => i.value)).size).toBe(96);
    const fault = r.uniqueValueInfos.find((i) => i.value === 'streetLamp|fault');
    expect(fault?.label).toBe('streetLamp/fault');
    expect(fault?.symbol.color).toEqual([230, 30, 30, 1]);
  });

  it('shape says the kind, colour the status', () => {
    expect(markerSymbol('transformer', 'lightOn').style).toBe('square');
    expect(markerSymbol('streetLamp', 'lightOn').style).toBe('circle');
    expect(markerSymbol('streetLamp', 'lightOn').color).not.toEqual(
      markerSymbol('streetLamp', 'lightOff').color,
    );
    expect(markerSymbol('pole', 'fault').outline.color).toEqual([230, 30, 30, 1]);
    expect(symbolValue('pole', 'offline')).toBe('pole|offline');
    expect(isAssetKind('pole')).toBe(true);
    expect(isAssetKind('lamp')).toBe(false);
  });

  it('draws assets when zoomed in, the 250 m grid in between, the 1 km grid for the city', () => {
    expect(drawnAt(2000)).toBe('assets');
    expect(drawnAt(ASSET_MIN_SCALE)).toBe('assets');
    expect(drawnAt(ASSET_MIN_SCALE + 1)).toBe('fine');
    expect(drawnAt(FINE_GRID_MIN_SCALE)).toBe('fine');
    expect(drawnAt(FINE_GRID_MIN_SCALE + 1)).toBe('coarse');
    expect(drawnAt(200_000)).toBe('coarse');
  });

  it('colours a grid cell by its worst state and sizes it by its count', () => {
    const r = gridRenderer('coarse', (s) => `state:${s}`);
    expect(r.field).toBe('state');
    expect(r.uniqueValueInfos.map((i) => i.value)).toEqual(['fault', 'offline', 'pending', 'ok']);
    expect(r.uniqueValueInfos[0]?.symbol.color.slice(0, 3)).toEqual([230, 30, 30]);
    expect(r.uniqueValueInfos[0]?.label).toBe('state:fault');
    const sizes = r.visualVariables[0]?.stops ?? [];
    expect(sizes.length).toBeGreaterThan(1);
    for (let i = 1; i < sizes.length; i += 1) {
      expect(sizes[i]!.value).toBeGreaterThan(sizes[i - 1]!.value);
      expect(sizes[i]!.size).toBeGreaterThan(sizes[i - 1]!.size);
    }
    // a 1 km cell holds more assets than a 250 m one: its stops reach further
    const fine = gridRenderer('fine', String).visualVariables[0]?.stops ?? [];
    expect(sizes.at(-1)!.value).toBeGreaterThan(fine.at(-1)!.value);
  });
});
