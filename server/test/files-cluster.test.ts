/**
 * Uploads in a cluster: two app instances on one PostgreSQL database, each with its own DATA_DIR
 * (as on two machines). An avatar, an attachment and a citizen's photo uploaded through one are
 * read back byte-identical through the other, and a photo deleted through either is gone through
 * both, with the database store (PostgreSQL's default) and with an S3-compatible store (s3rver).
 * The disk store shows why: there the second instance answers 404.
 *
 * Then the move command (files/move.ts, `npm run files:move`) on SQLite and PostgreSQL: uploads
 * taken on disk are moved into the database store, a run after a crash midway and a second run
 * change nothing more, and every file reads back identical through a server on the new store.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { build } from 'esbuild';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { CitizenService } from '../src/citizen/service';
import { blobKey, diskUploadsLeft, moveDiskFiles, openBlobStore } from '../src/files';
import { TARGETS, authed, body, createEnv, demoTokens, multipart, png, type TestEnv } from './helpers';
import { startS3, type TestS3 } from './s3-server';

const SERVER_DIR = path.resolve(__dirname, '..');
const DEVICE = 'dev-cluster-aaaaaaaaaaaaaaa';

const jpeg = (): Promise<Buffer> =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 200, g: 120, b: 30 } } })
    .jpeg()
    .toBuffer();

interface Uploaded {
  avatar: string;
  attachment: string;
  attachmentBytes: Buffer;
  photo: string;
}

/** Uploads an avatar, an attachment (kept as sent) and a citizen's photo through `app`; their read addresses. */
async function uploadThree(app: FastifyInstance, token: string): Promise<Uploaded> {
  const up = async (type: string, name: string, mime: string, data: Buffer) => {
    const r = body(
      await app.inject(
        authed(token, { method: 'POST', url: `/api/file/Uploader/${type}`, ...multipart(name, mime, data) }),
      ),
    );
    expect(r.code).toBe(200);
    return r.data.url as string;
  };
  const attachmentBytes = Buffer.from(`meter readings ${randomBytes(8).toString('hex')}\n`.repeat(50));
  const avatar = await up('userAvatar', 'me.png', 'image/png', png());
  const attachment = await up('annex', 'readings.txt', 'text/plain', attachmentBytes);
  const m = multipart('p.jpg', 'image/jpeg', await jpeg());
  const photo = body(
    await app.inject({
      method: 'POST',
      url: '/api/public/photos',
      ...m,
      headers: { ...m.headers, 'x-device-id': DEVICE },
    }),
  );
  expect(photo.code).toBe(200);
  return { avatar, attachment, attachmentBytes, photo: photo.data.url as string };
}

/** The bytes `app` answers for each of the three (status and body). */
async function readThree(app: FastifyInstance, token: string, u: Uploaded) {
  const get = async (url: string) => {
    const r = await app.inject(authed(token, { method: 'GET', url }));
    return { status: r.statusCode, bytes: r.rawPayload };
  };
  return { avatar: await get(u.avatar), attachment: await get(u.attachment), photo: await get(u.photo) };
}

const pgOnly = TARGETS.filter((t) => t === 'postgres');
if (pgOnly.length === 0)
  process.stdout.write('files cluster: skipped (two instances need PostgreSQL: DATABASE_URL is not set)\n');

describe.each(pgOnly)('uploads across two instances (%s)', (target) => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3.stop());

  describe.each(['database', 's3'])('on the %s store', (kind) => {
    let env: TestEnv;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let token: string;
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighting-b-'));

    beforeAll(async () => {
      env = await createEnv(target, kind === 's3' ? s3.env : {});
      a = env.app;
      b = await env.makeApp({ DATA_DIR: otherDir });
      ({ operator: token } = await demoTokens(a));
    }, 120_000);
    afterAll(async () => {
      await env.cleanup();
      fs.rmSync(otherDir, { recursive: true, force: true });
    });

    it('reads through one instance what the other took, byte for byte', async () => {
      expect(a.ctx.files.blobs.kind).toBe(kind);
      expect(b.ctx.files.blobs.kind).toBe(kind);
      for (const [from, to] of [
        [a, b],
        [b, a],
      ] as const) {
        const u = await uploadThree(from, token);
        const here = await readThree(from, token, u);
        const there = await readThree(to, token, u);
        for (const k of ['avatar', 'attachment', 'photo'] as const) {
          expect([k, there[k].status]).toEqual([k, 200]);
          expect(there[k].bytes.equals(here[k].bytes)).toBe(true);
        }
        expect(there.attachment.bytes.equals(u.attachmentBytes)).toBe(true);
        // nothing of it on either machine's disk
        for (const dir of [env.dir, otherDir]) expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false);
      }
    });

    it('deletes through either: a photo swept by one is gone through both', async () => {
      for (const [from, sweeper] of [
        [a, b],
        [b, a],
      ] as const) {
        const u = await uploadThree(from, token);
        expect((await from.inject({ method: 'GET', url: u.photo })).statusCode).toBe(200);
        expect(await new CitizenService(sweeper).sweepUnusedPhotos(Date.now() + 1)).toBeGreaterThanOrEqual(1);
        for (const app of [a, b])
          expect((await app.inject({ method: 'GET', url: u.photo })).statusCode).toBe(404);
        const name = u.photo.slice(u.photo.lastIndexOf('/') + 1);
        expect(await a.ctx.files.blobs.exists(blobKey('citizen', name))).toBe(false);
      }
    });
  });

  it('on the disk store the other instance cannot read them (why a cluster needs the others)', async () => {
    const env = await createEnv(target, { FILE_STORE: 'disk' });
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighting-b-'));
    try {
      const b = await env.makeApp({ DATA_DIR: otherDir });
      const { operator } = await demoTokens(env.app);
      const u = await uploadThree(env.app, operator);
      const there = await readThree(b, operator, u);
      expect([there.avatar.status, there.attachment.status, there.photo.status]).toEqual([404, 404, 404]);
    } finally {
      await env.cleanup();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

/** The files:move command bundled as `npm run build` bundles it (src/files-move.ts). */
async function bundleMoveCommand(): Promise<{ file: string; remove(): void }> {
  const pkg = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
    .filter((n) => n !== '@lighting/shared')
    .flatMap((n) => [n, `${n}/*`]);
  const dir = fs.mkdtempSync(path.join(SERVER_DIR, 'test', '.move-build-'));
  const file = path.join(dir, 'files-move.js');
  await build({
    entryPoints: [path.join(SERVER_DIR, 'src/files-move.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external,
    logLevel: 'silent',
  });
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

function run(
  file: string,
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}

describe.each(TARGETS)('files:move (%s)', (target) => {
  let env: TestEnv;
  let token: string;

  beforeAll(async () => {
    env = await createEnv(target, { FILE_STORE: 'disk' });
    ({ operator: token } = await demoTokens(env.app));
  }, 120_000);
  afterAll(() => env.cleanup());

  it('moves every upload from disk into the store once, also after a crash midway', async () => {
    const u = await uploadThree(env.app, token);
    const before = await readThree(env.app, token, u);
    const uploads = path.join(env.dir, 'uploads');
    const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
    const to = openBlobStore({ kind: 'database' }, env.app.ctx.db, env.dir);
    // as a crash would leave it: the avatar already copied (its disk copy not yet deleted), the
    // attachment half there, and a put on disk that never finished
    const avatarKey = blobKey('userAvatar', nameOf(u.avatar));
    await to.put(avatarKey, fs.readFileSync(path.join(uploads, avatarKey)));
    await to.put(blobKey('annex', nameOf(u.attachment)), Buffer.from('half'));
    fs.writeFileSync(path.join(uploads, 'annex', '.tmp-0123456789abcdef'), 'unfinished');

    expect(await diskUploadsLeft(env.dir)).toBe(true);
    expect(await moveDiskFiles(env.dir, to)).toEqual({ moved: 2, alreadyThere: 1, skipped: 1, failed: 0 });
    // an unfinished put is no upload left behind
    expect(await diskUploadsLeft(env.dir)).toBe(false);
    expect(await moveDiskFiles(env.dir, to)).toEqual({ moved: 0, alreadyThere: 0, skipped: 1, failed: 0 });
    // only the unfinished put is left on disk
    expect(
      fs.readdirSync(uploads, { recursive: true, encoding: 'utf8' }).filter((f) => f.includes('.')),
    ).toEqual([path.join('annex', '.tmp-0123456789abcdef')]);
    // a server on the store reads each identical to what it was on disk
    const moved = await env.makeApp({ FILE_STORE: 'database' });
    const after = await readThree(moved, token, u);
    for (const k of ['avatar', 'attachment', 'photo'] as const) {
      expect([k, after[k].status]).toEqual([k, 200]);
      expect(after[k].bytes.equals(before[k].bytes)).toBe(true);
    }
  });

  it('runs as a command: prints the counts, then finds nothing more to move', async () => {
    const u = await uploadThree(env.app, token);
    const cmd = await bundleMoveCommand();
    try {
      const vars = {
        DATA_DIR: env.dir,
        DATABASE_URL: env.config.databaseUrl ?? '',
        DATABASE_SCHEMA: env.config.databaseSchema ?? '',
        FILE_STORE: 'database',
        LOG_LEVEL: 'silent',
      };
      const first = await run(cmd.file, vars);
      expect([first.code, first.err.includes('failed')]).toEqual([0, false]);
      expect(JSON.parse(first.out)).toMatchObject({
        store: 'database',
        moved: 3,
        alreadyThere: 0,
        failed: 0,
      });
      const again = await run(cmd.file, vars);
      expect(JSON.parse(again.out)).toMatchObject({
        store: 'database',
        moved: 0,
        alreadyThere: 0,
        failed: 0,
      });
      // the disk store itself is not a place to move to
      const refused = await run(cmd.file, { ...vars, FILE_STORE: 'disk' });
      expect([refused.code, refused.err.trim()]).toEqual([
        2,
        'files:move: the configured store is the disk itself: set FILE_STORE',
      ]);
      const reader = await env.makeApp({ FILE_STORE: 'database' });
      const read = await readThree(reader, token, u);
      expect([read.avatar.status, read.attachment.status, read.photo.status]).toEqual([200, 200, 200]);
      expect(read.attachment.bytes.equals(u.attachmentBytes)).toBe(true);
    } finally {
      cmd.remove();
    }
  });
});
