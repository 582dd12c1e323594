import fs from 'node:fs';
import path from 'node:path';
import { createEnv, type TestEnv } from '../test/helpers';
import {
  publicPageDir,
  ARCGIS_ASSETS_DIR,
  ARCGIS_ASSETS_URL,
  arcgisAssetFile,
  cacheControlFor,
  corsOriginFor,
  IMMUTABLE,
  isDocumentRequest,
  looksLikeFile,
  safeRelativePath,
  servesPage,
} from './static';

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

  it('gives a browser opening an address with a dot the page, and a script asking for a missing file a 404', () => {
    const page = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'sec-fetch-dest': 'document' };
    const script = { accept: '*/*', 'sec-fetch-dest': 'script' };
    expect(isDocumentRequest(page)).toBe(true);
    expect(isDocumentRequest({ accept: 'text/html' })).toBe(true);
    expect(isDocumentRequest(script)).toBe(false);
    expect(isDocumentRequest({ accept: 'text/html', 'sec-fetch-dest': 'image' })).toBe(false);
    expect(isDocumentRequest({})).toBe(false);
    // a copied model's published page
    expect(servesPage('dynamicModel/repairReport.copy1', false, page)).toBe(true);
    expect(servesPage('dynamicModel/repairReport.copy1', false, script)).toBe(false);
    expect(servesPage('main.a1b2c3d4.js', true, page)).toBe(false);
    expect(servesPage('missing.js', false, script)).toBe(false);
    expect(servesPage('bt/map/fault', false, script)).toBe(true);
    expect(servesPage('', false, {})).toBe(true);
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

describe('@arcgis/core assets', () => {
  it('names files only, never outside the folder', () => {
    expect(arcgisAssetFile('esri/themes/light/main.css')).toBe('esri/themes/light/main.css');
    expect(arcgisAssetFile('esri/themes/')).toBeNull();
    expect(arcgisAssetFile('')).toBeNull();
    expect(arcgisAssetFile('../../package.json')).toBeNull();
    expect(arcgisAssetFile('a/%2E%2E/%2E%2E/x.js')).toBeNull();
  });

  let env: TestEnv;
  beforeAll(async () => {
    env = await createEnv('sqlite');
    const dir = path.join(env.config.staticRoot, ARCGIS_ASSETS_DIR, 'esri', 'core', 'workers');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'RemoteClient.js'), 'self.x=1;');
  });
  afterAll(async () => {
    await env.cleanup();
  });

  it("serves them from the map remote's node_modules without sign-in", async () => {
    const ok = await env.app.inject({ url: `${ARCGIS_ASSETS_URL}esri/core/workers/RemoteClient.js` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/javascript/);
    expect(ok.body).toBe('self.x=1;');
    expect((await env.app.inject({ url: `${ARCGIS_ASSETS_URL}esri/missing.js` })).statusCode).toBe(404);
    expect((await env.app.inject({ url: `${ARCGIS_ASSETS_URL}esri/core/` })).statusCode).toBe(404);
    expect((await env.app.inject({ url: `${ARCGIS_ASSETS_URL}..%2F..%2Fpackage.json` })).statusCode).toBe(
      404,
    );
  });
});

describe('the public pages (/bt/gzh) and the remote serving them', () => {
  const reg = [
    { name: 'citizen', entry: '/remotes/citizen/mf-manifest.json', routes: ['bt/gzh/', 'bt/citizen/'] },
    { name: 'far', entry: 'https://cdn.example.org/far/mf-manifest.json', routes: ['bt/far/'] },
  ];
  it('answers a document under bt/gzh with the light page of the local remote the registry names', () => {
    expect(publicPageDir(reg, 'bt/gzh', '/srv')).toBe(path.join('/srv', 'remote-citizen', 'dist', 'lite'));
    expect(publicPageDir(reg, 'bt/gzh/repair/repair-report', '/srv')).toBe(
      path.join('/srv', 'remote-citizen', 'dist', 'lite'),
    );
  });
  it('leaves other paths, and a remote served elsewhere, to the host', () => {
    expect(publicPageDir(reg, 'bt/citizen/feedback', '/srv')).toBeNull();
    expect(publicPageDir(reg, 'bt/gzhx', '/srv')).toBeNull();
    const away = [{ ...reg[0]!, entry: 'https://cdn.example.org/citizen/mf-manifest.json' }];
    expect(publicPageDir(away, 'bt/gzh', '/srv')).toBeNull();
    expect(publicPageDir([], 'bt/gzh', '/srv')).toBeNull();
  });
});
