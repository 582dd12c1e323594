// Readiness and the graceful shutdown, on real server processes: /api/ready says whether a proxy
// should send traffic (503 while draining); on SIGTERM an upload already in flight completes and is
// kept, the sockets are closed (clients reconnect elsewhere), and the process exits 0. Every wait is
// for an event: an answer, a close, an exit.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import type { RedisBus } from '../src/realtime/bus';
import { LOGIN_QUERY, REDIS_URL, TARGETS, body, createEnv, md5Hex, multipart, png } from './helpers';
import {
  ServerProcess,
  bundleServer,
  freePort,
  killLeftovers,
  portRange,
  removeBundle,
} from './server-process';

describe.each(TARGETS)('readiness (%s)', (target) => {
  it('answers ready with the database, and Redis when configured', async () => {
    const env = await createEnv(target, REDIS_URL ? { REDIS_URL } : {});
    try {
      // not ready until Redis is connected
      if (REDIS_URL) await (env.app.ctx.realtime.bus as RedisBus).whenReady();
      const res = await env.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(200);
      expect(body(res).data).toEqual({ status: 'ready', database: 'ok', redis: REDIS_URL ? 'ok' : 'off' });
      env.app.ctx.lifecycle.draining = true;
      const draining = await env.app.inject({ method: 'GET', url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(body(draining)).toMatchObject({ code: 503, data: { status: 'draining' } });
      // liveness is not readiness: the process still answers
      expect((await env.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await env.cleanup();
    }
  });
});

function send(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  payload?: Buffer,
): Promise<{ status: number; json: { code: number; data: Record<string, unknown> } }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe('graceful shutdown (sqlite, a server process)', () => {
  let dir = '';
  afterAll(async () => {
    killLeftovers();
    await removeBundle();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('SIGTERM: not ready at once, the upload in flight completes and is kept, sockets close, exit 0', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighting-lifecycle-'));
    const env = {
      DATABASE_URL: '',
      DATA_DIR: dir,
      STATIC_ROOT: path.join(dir, 'static'),
      REMOTES_FILE: path.join(dir, 'remotes.json'),
      MAP_ASSETS: '0',
      LOG_FORMAT: 'json',
    };
    const port = await freePort(portRange(8460, 8479));
    // the upload is in flight once the server has logged its arrival
    let arrived: () => void = () => undefined;
    const uploadArrived = new Promise<void>((resolve) => (arrived = resolve));
    const server = new ServerProcess(await bundleServer(), port, env, {
      onLine: (l) => {
        if (l.includes('incoming request') && l.includes('/api/file/Uploader/annexpic')) arrived();
      },
    });
    await server.start();
    const login = await send(
      port,
      'POST',
      `/api/oauth/Login?${LOGIN_QUERY}`,
      { 'content-type': 'application/json' },
      Buffer.from(JSON.stringify({ account: 'admin', password: md5Hex('admin123') })),
    );
    const token = String(login.json.data.token);

    // a socket, signed in
    const ws = new WebSocket(server.url);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve) => ws.once('open', () => resolve()));
    const init = new Promise<void>((resolve) => ws.once('message', () => resolve()));
    ws.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false }));
    await init;

    // an upload whose body is half sent when the signal comes
    const file = png(64 * 1024);
    const form = multipart('late.png', 'image/png', file);
    const half = Math.floor(form.payload.length / 2);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/file/Uploader/annexpic',
          headers: { ...form.headers, 'content-length': String(form.payload.length), authorization: token },
        },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(form.payload.subarray(0, half));
      void uploadArrived.then(() => {
        void server.stop();
        // the rest of the body once the socket has been closed by the shutdown
        void closed.then(() => req.end(form.payload.subarray(half)));
      });
    });
    expect(await closed).not.toBe(1006);
    const uploaded = await answer;
    expect(uploaded.status).toBe(200);
    const saved = JSON.parse(uploaded.text) as { code: number; data: { name: string } };
    expect(saved.code).toBe(200);
    expect(await server.exited()).toBe(0);
    // kept: on disk under its generated name
    expect(fs.existsSync(path.join(dir, 'uploads', 'annexpic', saved.data.name))).toBe(true);
  }, 120_000);
});
