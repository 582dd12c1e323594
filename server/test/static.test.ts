import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { body, createEnv, type TestEnv } from './helpers';

/** Static serving does not depend on the database: SQLite only. */
describe('static serving', () => {
  let env: TestEnv;
  let app: FastifyInstance;
  let root: string;
  const write = (rel: string, content: string | Buffer): void => {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    env = await createEnv('sqlite', { CORS_ORIGINS: '*' });
    app = env.app;
    root = env.config.staticRoot;
    write('host/dist/index.html', '<!doctype html><title>host</title>');
    write('host/dist/main.a1b2c3d4.js', `console.log(${JSON.stringify('x'.repeat(4000))});`);
    write('host/dist/favicon.ico', 'icon');
    write('remote-map/dist/index.html', '<!doctype html><title>map kiosk</title>');
    write('remote-map/dist/mf-manifest.json', '{"name":"map"}');
    write('remote-map/dist/remoteEntry.js', 'var map;');
    write('remote-map/dist/123.abcdef12.js', 'chunk');
    write('remote-map/dist/static/js/456-0123456789abcdef.js', 'chunk2');
    fs.mkdirSync(path.join(root, 'remote-chat'), { recursive: true });
    fs.writeFileSync(env.config.remotesFile, '{"remotes":[]}');
  });
  afterAll(async () => {
    await env.cleanup();
  });

  it('serves the host index with no-cache, and falls back to it for client routes', async () => {
    for (const url of ['/', '/home', '/permission/user', '/bt/gzyp/statistic?x=1']) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.body).toContain('<title>host</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('opens an address whose last segment holds a dot (a copied model’s page) as a page, never a missing file', async () => {
    const nav = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'sec-fetch-dest': 'document' };
    for (const url of ['/dynamicModel/repairReport.copy1', '/dynamicModel/repairReport.copy1?x=1']) {
      const res = await get(url, nav);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.body).toContain('<title>host</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // the same in a remote's kiosk app
    const kiosk = await get('/remotes/map/dynamicModel/lamp.copy2', nav);
    expect(kiosk.statusCode).toBe(200);
    expect(kiosk.body).toContain('map kiosk');
    // a script or a style asking for a file that is not there is still told so
    expect((await get('/dynamicModel/repairReport.copy1', { 'sec-fetch-dest': 'script' })).statusCode).toBe(
      404,
    );
    expect((await get('/missing.a1b2c3d4.js', { accept: '*/*' })).statusCode).toBe(404);
    expect((await get('/remotes/map/gone.abcdef12.js', { accept: '*/*' })).statusCode).toBe(404);
  });

  it('serves the wall display (the type 6 menu link) without a Referer carrying its token', async () => {
    const res = await get('/dv/view/screen-city?token=abc');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>host</title>');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect((await get('/home')).headers['referrer-policy']).toBeUndefined();
  });

  it('hashed assets are immutable; other files no-cache; missing files 404', async () => {
    const js = await get('/main.a1b2c3d4.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect((await get('/favicon.ico')).headers['cache-control']).toBe('no-cache');
    expect((await get('/missing.js')).statusCode).toBe(404);
  });

  it('compresses with gzip and brotli', async () => {
    const gz = await get('/main.a1b2c3d4.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('console.log');
    const br = await get('/main.a1b2c3d4.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('serves remotes with CORS, their manifests no-cache, and their own kiosk index for routes', async () => {
    const m = await get('/remotes/map/mf-manifest.json', { origin: 'http://other.example' });
    expect(m.statusCode).toBe(200);
    expect(m.headers['cache-control']).toBe('no-cache');
    expect(m.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(m.body)).toEqual({ name: 'map' });
    expect((await get('/remotes/map/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/remotes/map/123.abcdef12.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/remotes/map/static/js/456-0123456789abcdef.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const url of ['/remotes/map/', '/remotes/map/bt/map/fault']) {
      const res = await get(url);
      expect(res.body).toContain('map kiosk');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/remotes/map')).statusCode).toBe(302);
    const pre = await app.inject({
      method: 'OPTIONS',
      url: '/remotes/map/mf-manifest.json',
      headers: { origin: 'http://x', 'access-control-request-method': 'GET' },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    // The host's own files carry no CORS header.
    expect(
      (await get('/main.a1b2c3d4.js', { origin: 'http://x' })).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('503 with the build hint for an unbuilt remote; 404 for an unknown one; no path escapes', async () => {
    const res = await get('/remotes/chat/');
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    expect((await get('/remotes/nope/x.js')).statusCode).toBe(404);
    for (const url of [
      '/remotes/map/..%2F..%2Fhost%2Fdist%2Findex.html',
      '/..%2f..%2fetc%2fpasswd',
      '/help/..%2F..%2Fpackage.json',
    ]) {
      const r = await get(url);
      expect([url, r.statusCode]).toEqual([url, 400]);
    }
  });

  it('config.json is the runtime config', async () => {
    const res = await get('/config.json');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(res.body)).toEqual({
      apiBase: '/api',
      socketUrl: '/api/message/websocket',
      timeout: 60000,
      title: '城市照明综合管理平台',
      dashboardUrl: '/dv',
      version: '1.0',
    });
  });

  it('remotes.json is re-read on every request', async () => {
    const first = await get('/remotes.json');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(first.body)).toEqual({ remotes: [] });
    const next = {
      remotes: [{ name: 'map', entry: 'https://cdn.example/map/mf-manifest.json', routes: ['bt/map/'] }],
    };
    fs.writeFileSync(env.config.remotesFile, JSON.stringify(next));
    expect(JSON.parse((await get('/remotes.json')).body)).toEqual(next);
    fs.writeFileSync(env.config.remotesFile, '{broken');
    expect((await get('/remotes.json')).statusCode).toBe(500);
    fs.writeFileSync(env.config.remotesFile, '{"remotes":[]}');
  });

  it('serves the help pages', async () => {
    const res = await get('/help/index.html');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('锁屏');
    expect(res.body).not.toMatch(/https?:\/\//);
    expect((await get('/help/')).body).toBe(res.body);
    expect((await get('/help')).statusCode).toBe(302);
    // in the console's three languages, window title included
    const en = await get('/help/index.en.html');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<title>Operator guide - City Lighting Management Platform</title>');
    expect(en.body.replace(/<style>[\s\S]*<\/style>/, '')).not.toMatch(/[\u4e00-\u9fff]/);
    const zhtw = await get('/help/index.zh-TW.html');
    expect(zhtw.body).toContain('<title>操作手冊 - 城市照明綜合管理平台</title>');
    expect(zhtw.body).toContain('<html lang="zh-TW">');
    // one style sheet for the three
    const css = await get('/help/help.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('keeps /api answers as envelopes', async () => {
    const res = await get('/api/unknown');
    expect(res.statusCode).toBe(404);
    expect(body(res).code).toBe(404);
  });

  it('answers 503 (never crashes) when the host is not built', async () => {
    fs.renameSync(path.join(root, 'host/dist'), path.join(root, 'host/dist-away'));
    try {
      const res = await get('/home');
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
      expect((await get('/api/health')).statusCode).toBe(200);
    } finally {
      fs.renameSync(path.join(root, 'host/dist-away'), path.join(root, 'host/dist'));
    }
  });
});
