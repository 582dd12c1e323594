import { ASSET_KINDS, ASSET_STATUSES, LAMP_KINDS, isAssetKind, isAssetStatus, isLampKind } from './assets';

describe('asset kinds and statuses', () => {
  it('lists each kind and status once', () => {
    expect(new Set(ASSET_KINDS).size).toBe(ASSET_KINDS.length);
    expect(new Set(ASSET_STATUSES).size).toBe(ASSET_STATUSES.length);
  });
  it('lamps are kinds, and only they are lamp kinds', () => {
    for (const k of LAMP_KINDS) expect(isAssetKind(k)).toBe(true);
    expect(isLampKind('streetLamp')).toBe(true);
    expect(isLampKind('pole')).toBe(false);
  });
  it('refuses what is not on the lists', () => {
    expect(isAssetKind('lamp')).toBe(false);
    expect(isAssetKind(3)).toBe(false);
    expect(isAssetStatus('fault')).toBe(true);
    expect(isAssetStatus('broken')).toBe(false);
  });
});
