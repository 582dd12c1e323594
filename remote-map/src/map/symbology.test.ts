import {
  ASSET_KINDS,
  ASSET_STATUSES,
  assetRenderer,
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
});
