import { cacheControlFor, corsOriginFor, IMMUTABLE, looksLikeFile, safeRelativePath } from './static';

describe('static helpers', () => {
  it.each([
    ['index.html', 'no-cache'],
    ['/x/mf-manifest.json', 'no-cache'],
    ['remoteEntry.js', 'no-cache'],
    ['123.a1b2c3d4.js', IMMUTABLE],
    ['vendors-abcdef0123.css', IMMUTABLE],
    ['main.js', 'no-cache'],
    ['logo.png', 'no-cache'],
    ['app.ABCDEFGH.js', 'no-cache'],
  ])('%s → %s', (name, cc) => {
    expect(cacheControlFor(name)).toBe(cc);
  });

  it('tells files from client routes', () => {
    expect(looksLikeFile('static/js/a.js')).toBe(true);
    expect(looksLikeFile('bt/map/fault')).toBe(false);
    expect(looksLikeFile('')).toBe(false);
  });

  it('refuses paths that climb out', () => {
    expect(safeRelativePath('a/b.js')).toBe('a/b.js');
    expect(safeRelativePath('a//b%20c.js')).toBe('a/b c.js');
    expect(safeRelativePath('../x')).toBeNull();
    expect(safeRelativePath('a/..%2F..%2Fx')).toBeNull();
    expect(safeRelativePath('%E0%A4%A')).toBeNull();
    expect(safeRelativePath('a%00b')).toBeNull();
  });

  it('CORS origin', () => {
    expect(corsOriginFor(['*'], 'http://x')).toBe('*');
    expect(corsOriginFor(['http://x'], 'http://x')).toBe('http://x');
    expect(corsOriginFor(['http://x'], 'http://y')).toBeNull();
    expect(corsOriginFor(['http://x'], undefined)).toBeNull();
  });
});
