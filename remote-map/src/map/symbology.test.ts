import {
  ALERT_WHERE,
  ASSET_KINDS,
  DENSITY_COLOR,
  STATUS_COLORS,
  alertLayer,
  clusterTotal,
  isReddish,
  ASSET_STATUSES,
  ASSET_MIN_SCALE,
  FINE_GRID_MIN_SCALE,
  assetRenderer,
  drawnAt,
  HIGHLIGHT_COLOR,
  highlightSymbol,
  KIND_MARKERS,
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

  it('draws the grid in one neutral colour sized by its count: density, never a state', () => {
    const r = gridRenderer('coarse', 'assets');
    expect(r.type).toBe('simple');
    expect(r.label).toBe('assets');
    expect(r.symbol.color.slice(0, 3)).toEqual(DENSITY_COLOR);
    expect(isReddish(r.symbol.color)).toBe(false);
    const sizes = r.visualVariables[0]?.stops ?? [];
    expect(r.visualVariables[0]?.field).toBe('count');
    expect(sizes.length).toBeGreaterThan(1);
    for (let i = 1; i < sizes.length; i += 1) {
      expect(sizes[i]!.value).toBeGreaterThan(sizes[i - 1]!.value);
      expect(sizes[i]!.size).toBeGreaterThan(sizes[i - 1]!.size);
    }
    // a 1 km cell holds more assets than a 250 m one: its stops reach further
    const fine = gridRenderer('fine', 'assets').visualVariables[0]?.stops ?? [];
    expect(sizes.at(-1)!.value).toBeGreaterThan(fine.at(-1)!.value);
  });

  it('keeps red for faults alone in the overview, gathered in clusters labelled with their count', () => {
    const fault = alertLayer('fault', 'faults');
    const offline = alertLayer('offline', 'offline');
    expect(isReddish(fault.renderer.symbol.color)).toBe(true);
    expect(isReddish(offline.renderer.symbol.color)).toBe(false);
    expect(isReddish(gridRenderer('fine', '').symbol.color)).toBe(false);
    // at street level too, only the fault status is red
    for (const st of ASSET_STATUSES) expect(isReddish(STATUS_COLORS[st])).toBe(st === 'fault');
    expect(ALERT_WHERE.fault).toBe("status = 'fault'");
    for (const l of [fault, offline]) {
      expect(l.featureReduction.type).toBe('cluster');
      expect(l.featureReduction.labelingInfo[0]?.labelExpressionInfo.expression).toContain('cluster_count');
      // the count is drawn with the default font (our glyphs), no family or weight to fetch
      expect(l.featureReduction.labelingInfo[0]?.symbol.font).toEqual({ size: 10, weight: 'normal' });
    }
  });

  it('adds the cluster labels up as the operator reads them: a lone asset counts one', () => {
    expect(clusterTotal([])).toBe(0);
    expect(
      clusterTotal([
        { attributes: { cluster_count: 12 } },
        { attributes: { cluster_count: 3 } },
        { attributes: { objectid: 7 } },
        { attributes: null },
      ]),
    ).toBe(17);
    expect(isReddish([230, 30, 30])).toBe(true);
    expect(isReddish([240, 120, 40])).toBe(false);
  });

  it('highlights in a colour of its own: not a status colour, not reddish, a ring round the largest marker', () => {
    for (const c of Object.values(STATUS_COLORS)) expect(c).not.toEqual(HIGHLIGHT_COLOR);
    expect(isReddish(HIGHLIGHT_COLOR)).toBe(false);
    const ring = highlightSymbol('point') as { size: number; outline: { width: number } };
    for (const m of Object.values(KIND_MARKERS)) expect(ring.size).toBeGreaterThan(m.size + 4);
    expect(ring.outline.width).toBeGreaterThan(1);
    const band = highlightSymbol('polyline') as { type: string; width: number };
    expect(band.type).toBe('simple-line');
    // wider than the widest cable symbol (a fault cable is 2.5 px)
    expect(band.width).toBeGreaterThan(2.5 * 2);
  });
});
