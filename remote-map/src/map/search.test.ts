import { hitOfChoice, searchOptions } from './search';
import type { AssetHit } from './api';

const hit = (objectid: number, code: string, kind = 'streetLamp'): AssetHit => ({
  objectid,
  code,
  kind,
  status: 'lightOn',
  x: 1,
  y: 2,
  district: '东城区',
  road: '人民路',
});

describe('asset search', () => {
  it('puts the code in the box, never the objectid, and finds the asset of a choice', () => {
    const hits = [hit(198580, 'SL-000123'), hit(7, 'SL-000124', 'pole')];
    const options = searchOptions(hits, (k) => `<${k}>`);
    expect(options).toEqual([
      { value: 'SL-000123', label: 'SL-000123 · <streetLamp>' },
      { value: 'SL-000124', label: 'SL-000124 · <pole>' },
    ]);
    for (const o of options) expect(o.value).not.toMatch(/^\d+$/);
    expect(hitOfChoice(hits, 'SL-000123')?.objectid).toBe(198580);
    expect(hitOfChoice(hits, '198580')).toBeNull();
  });
});
