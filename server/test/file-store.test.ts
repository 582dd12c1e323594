/**
 * The blob store's contract (files/blob-store.ts), run against each backend: the disk, the
 * database's table (on SQLite and on PostgreSQL) and an S3-compatible store (s3rver, a real S3 API
 * server run in-process). Every backend keeps bytes of any value under a key, overwrites, answers
 * null / false for a missing key, deletes (twice is fine), and with putWithRow never leaves bytes
 * whose row could not be written.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { loadConfig } from '../src/config';
import {
  BLOB_TYPES,
  blobKey,
  openBlobStore,
  putWithRow,
  type BlobStore,
  type StoredBlob,
} from '../src/files';
import { DiskBlobStore } from '../src/files/blob-disk';
import { TARGETS, createEnv, rowCount, type TestEnv } from './helpers';
import { startS3, type TestS3 } from './s3-server';

const hex32 = (): string => randomBytes(16).toString('hex');

async function bytesOf(blob: StoredBlob): Promise<Buffer> {
  if (Buffer.isBuffer(blob.body)) return blob.body;
  const chunks: Buffer[] = [];
  for await (const c of blob.body as Readable) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

interface Backend {
  name: string;
  open(): Promise<{ store: BlobStore; env: TestEnv; done(): Promise<void> }>;
}

const BACKENDS: Backend[] = [
  ...TARGETS.map((target) => ({
    name: `disk (${target})`,
    async open() {
      const env = await createEnv(target, { FILE_STORE: 'disk' });
      return { store: env.app.ctx.files.blobs, env, done: () => env.cleanup() };
    },
  })),
  ...TARGETS.map((target) => ({
    name: `database (${target})`,
    async open() {
      const env = await createEnv(target, { FILE_STORE: 'database' });
      return { store: env.app.ctx.files.blobs, env, done: () => env.cleanup() };
    },
  })),
  {
    name: `s3 (s3rver, ${TARGETS[0]})`,
    async open() {
      const s3: TestS3 = await startS3();
      const env = await createEnv(TARGETS[0] ?? 'sqlite', s3.env);
      return {
        store: env.app.ctx.files.blobs,
        env,
        async done() {
          await env.cleanup();
          await s3.stop();
        },
      };
    },
  },
];

describe.each(BACKENDS)('blob store: $name', (backend) => {
  let store: BlobStore;
  let env: TestEnv;
  let done: () => Promise<void>;

  beforeAll(async () => {
    ({ store, env, done } = await backend.open());
  }, 60_000);
  afterAll(() => done());

  it('is the configured kind', () => {
    expect(store.kind).toBe(backend.name.split(' ')[0]);
  });

  it('keeps bytes of every value under each type, and reads them back whole', async () => {
    const all = Buffer.from(Array.from({ length: 256 * 4 }, (_, i) => i % 256));
    for (const type of BLOB_TYPES) {
      const key = blobKey(type, `${hex32()}.bin`);
      expect(await store.exists(key)).toBe(false);
      await store.put(key, all);
      expect(await store.exists(key)).toBe(true);
      expect(await store.sizeOf(key)).toBe(all.length);
      const blob = await store.get(key);
      expect(blob?.size).toBe(all.length);
      expect((await bytesOf(blob as StoredBlob)).equals(all)).toBe(true);
    }
  });

  it('keeps the largest upload (20 MB) and an empty one', async () => {
    const big = randomBytes(20 * 1024 * 1024);
    const key = blobKey('annex', `${hex32()}.zip`);
    await store.put(key, big);
    expect((await bytesOf((await store.get(key)) as StoredBlob)).equals(big)).toBe(true);
    const empty = blobKey('annex', `${hex32()}.txt`);
    await store.put(empty, Buffer.alloc(0));
    expect(await store.sizeOf(empty)).toBe(0);
    expect((await bytesOf((await store.get(empty)) as StoredBlob)).length).toBe(0);
  });

  it('overwrites, and deletes (a missing key is null, and deleting it again is fine)', async () => {
    const key = blobKey('quill', `${hex32()}.png`);
    await store.put(key, Buffer.from('first'));
    await store.put(key, Buffer.from('second, longer'));
    expect((await bytesOf((await store.get(key)) as StoredBlob)).toString()).toBe('second, longer');
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.sizeOf(key)).toBeNull();
    expect(await store.exists(key)).toBe(false);
    await store.remove(key);
    // a key never written
    expect(await store.get(blobKey('IM', `${hex32()}.gif`))).toBeNull();
  });

  it('writes bytes and their row together: a row that cannot be written leaves no bytes', async () => {
    const db = env.app.ctx.db;
    const key = blobKey('annex', `${hex32()}.txt`);
    const rows = await rowCount(db, 'file');
    await expect(
      putWithRow(db, store, key, Buffer.from('orphan?'), async (d) => {
        // a row the database refuses (its owner does not exist)
        await d
          .insertInto('file')
          .values({
            id: hex32(),
            type: 'annex',
            name: key.slice('annex/'.length),
            originalName: 'x.txt',
            mime: 'text/plain',
            size: 7,
            ownerId: 'no-such-user',
            createdAt: 0,
          })
          .execute();
      }),
    ).rejects.toThrow();
    expect(await rowCount(db, 'file')).toBe(rows);
    expect(await store.exists(key)).toBe(false);
    // and a row that is written names bytes that are there
    const ok = blobKey('annex', `${hex32()}.txt`);
    expect(await putWithRow(db, store, ok, Buffer.from('kept'), async () => 'written')).toBe('written');
    expect((await bytesOf((await store.get(ok)) as StoredBlob)).toString()).toBe('kept');
  });
});

describe('the disk store', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighting-disk-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes through a temporary name: no partial file under the stored name, none left behind', async () => {
    const store = new DiskBlobStore(dir);
    const key = blobKey('annexpic', `${hex32()}.png`);
    await store.put(key, Buffer.from('whole'));
    const folder = path.join(dir, 'uploads', 'annexpic');
    expect(fs.readdirSync(folder)).toEqual([key.slice('annexpic/'.length)]);
    // a put that fails at the rename (a folder stands where the file would go) leaves no temporary file
    const blocked = blobKey('annexpic', `${hex32()}.png`);
    fs.mkdirSync(store.pathOf(blocked));
    await expect(store.put(blocked, Buffer.from('x'))).rejects.toThrow();
    expect(fs.readdirSync(folder).sort()).toEqual(
      [key.slice('annexpic/'.length), blocked.slice('annexpic/'.length)].sort(),
    );
    expect(store.pathOf(key)).toBe(path.join(dir, 'uploads', key));
  });

  it('is chosen by default without PostgreSQL, and the database store on PostgreSQL', () => {
    const db = {} as never;
    expect(openBlobStore(loadConfig({ DATA_DIR: dir }).fileStore, db, dir).kind).toBe('disk');
    expect(
      openBlobStore(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/d' }).fileStore, db, dir).kind,
    ).toBe('database');
  });
});
