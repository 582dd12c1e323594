import { DEFAULT_MAP_ASSETS, mapAssetsFromEnv } from './seed';

describe('mapAssetsFromEnv', () => {
  it('reads the city size, 0 meaning no demo city', () => {
    expect(mapAssetsFromEnv({})).toBe(DEFAULT_MAP_ASSETS);
    expect(DEFAULT_MAP_ASSETS).toBe(300_000);
    expect(mapAssetsFromEnv({ MAP_ASSETS: '3000' })).toBe(3000);
    expect(mapAssetsFromEnv({ MAP_ASSETS: '0' })).toBe(0);
    expect(mapAssetsFromEnv({ MAP_ASSETS: 'lots' })).toBe(DEFAULT_MAP_ASSETS);
    expect(mapAssetsFromEnv({ MAP_ASSETS: '-5' })).toBe(DEFAULT_MAP_ASSETS);
    expect(mapAssetsFromEnv({ MAP_ASSETS: '99999999' })).toBe(2_000_000);
  });
});
