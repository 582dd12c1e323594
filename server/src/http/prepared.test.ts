import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PreparedJson, pickEncoding } from './prepared';

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['GZIP;Q=0.8', 'gzip'],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('PreparedJson', () => {
  it('serializes once and compresses to bodies that decode to the same bytes', () => {
    const value = {
      code: 200,
      msg: 'Success',
      data: { list: Array.from({ length: 200 }, (_, i) => `菜单${i}`) },
    };
    const p = new PreparedJson(value);
    expect(JSON.parse(p.raw.toString('utf8'))).toEqual(value);
    expect(brotliDecompressSync(p.body('br')).equals(p.raw)).toBe(true);
    expect(gunzipSync(p.body('gzip')).equals(p.raw)).toBe(true);
    // Made once.
    expect(p.body('br')).toBe(p.body('br'));
  });
});
