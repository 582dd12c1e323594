/**
 * Files (spec §7): uploads by type with their size limits, types told by content, images re-encoded
 * without metadata, annexes downloaded as attachments, and traversal attempts refused. A refused
 * upload stores nothing (no row, no file on disk).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import {
  TARGETS,
  authed,
  body,
  createEnv,
  demoTokens,
  multipart,
  png,
  rowCount,
  tokenWithoutGrants,
  type TestEnv,
} from './helpers';

const MB = 1024 * 1024;

/** A JPEG with GPS and camera details in its EXIF, as a phone writes it. */
function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#39c' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '30/1 15/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '120/1 10/1 0/1',
      },
    })
    .toBuffer();
}

describe.each(TARGETS)('files (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let operator: string;
  let admin: string;
  let manager: string;

  const upload = async (type: string, name: string, mime: string, data: Buffer, token = operator) =>
    body(
      await app.inject(
        authed(token, { method: 'POST', url: `/api/file/Uploader/${type}`, ...multipart(name, mime, data) }),
      ),
    );
  /** Every stored upload's bytes: on disk, and in the database's blob table (the default on PostgreSQL). */
  const stored = async (): Promise<string[]> => {
    const root = path.join(env.dir, 'uploads');
    const onDisk = fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, encoding: 'utf8' }) : [];
    const inDb = await app.ctx.db.selectFrom('file_blob').select('key').execute();
    return [...onDisk, ...inDb.map((r) => `db:${r.key}`)].sort();
  };

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
    ({ operator, admin, manager } = await demoTokens(app));
  }, 60_000);
  afterAll(() => env.cleanup());

  it('re-encodes images of every type so no EXIF (GPS, camera) leaves the server', async () => {
    const jpeg = await photoWithGps();
    expect((await sharp(jpeg).metadata()).exif).toBeTruthy();
    for (const type of ['annexpic', 'annex', 'workFlow']) {
      const up = await upload(type, 'IMG_0001.jpg', 'image/jpeg', jpeg);
      expect(up.code).toBe(200);
      expect(up.data.name).toMatch(/^[0-9a-f]{32}\.jpg$/);
      expect(up.data.url).toBe(`/api/file/Image/${type}/${up.data.name}`);
      const img = await app.inject(authed(operator, { method: 'GET', url: up.data.url }));
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(img.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif, meta.xmp]).toEqual([
        'jpeg',
        40,
        30,
        undefined,
        undefined,
      ]);
      expect(img.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
  });

  it('limits sizes per type, and a refused upload stores nothing', async () => {
    const rows = await rowCount(app.ctx.db, 'file');
    const files = await stored();
    expect(await upload('quill', 'a.png', 'image/png', png(2 * MB + 1))).toEqual({
      code: 400,
      msg: '文件大小超过2MB',
      data: null,
    });
    expect(await upload('annexpic', 'a.png', 'image/png', png(10 * MB + 1))).toMatchObject({
      code: 400,
      msg: '文件大小超过10MB',
    });
    expect(await upload('annex', 'a.txt', 'text/plain', Buffer.alloc(20 * MB + 1, 0x61))).toMatchObject({
      code: 400,
      msg: '文件大小超过20MB',
    });
    expect(await upload('annex', 'a.txt', 'text/plain', Buffer.alloc(0))).toMatchObject({
      code: 400,
      msg: 'file: must not be empty',
    });
    expect(await rowCount(app.ctx.db, 'file')).toBe(rows);
    expect(await stored()).toEqual(files);
    // within the limits
    expect((await upload('annexpic', 'a.png', 'image/png', png(3 * MB))).code).toBe(200);
    expect((await upload('annex', 'a.txt', 'text/plain', Buffer.alloc(12 * MB, 0x61))).code).toBe(200);
  });

  it('tells the type by content, not by the name or the declared type', async () => {
    const rows = await rowCount(app.ctx.db, 'file');
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    expect(await upload('annex', '验收报告.pdf', 'application/pdf', exe)).toMatchObject({
      code: 400,
      msg: 'file: 不支持的文件类型',
    });
    expect(
      (await upload('annex', 'a.svg', 'image/svg+xml', Buffer.from('<svg onload="alert(1)"/>'))).code,
    ).toBe(400);
    expect((await upload('annexpic', 'a.png', 'image/png', Buffer.from('GIF89a-not-really'))).code).toBe(400);
    expect(await rowCount(app.ctx.db, 'file')).toBe(rows);
    const pdf = await upload(
      'annex',
      'setup.exe',
      'application/x-msdownload',
      Buffer.from('%PDF-1.7\n%%EOF\n'),
    );
    expect(pdf.code).toBe(200);
    expect(pdf.data.name).toMatch(/\.pdf$/);
    expect(pdf.data.originalName).toBe('setup.exe');
  });

  it('serves annexes as attachments only, with a token', async () => {
    const up = await upload(
      'annex',
      '..\\..\\巡检\u202e记录.csv',
      'text/csv',
      Buffer.from('编号,状态\n1,正常\n'),
    );
    expect(up.code).toBe(200);
    expect(up.data.originalName).toBe('巡检记录.csv');
    expect(up.data.url).toBe(`/api/file/Download/annex/${up.data.name}`);
    expect(
      (await app.inject(authed(operator, { method: 'GET', url: `/api/file/Image/annex/${up.data.name}` })))
        .statusCode,
    ).toBe(404);
    expect(body(await app.inject({ method: 'GET', url: up.data.url })).code).toBe(602);
    const dl = await app.inject(authed(operator, { method: 'GET', url: up.data.url }));
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/octet-stream');
    expect(String(dl.headers['content-disposition'])).toMatch(/^attachment; /);
    expect(dl.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    // an image downloaded is an attachment too
    const pic = await upload('annexpic', 'a.png', 'image/png', png());
    const dlPic = await app.inject(
      authed(operator, { method: 'GET', url: `/api/file/Download/annexpic/${pic.data.name}` }),
    );
    expect(String(dlPic.headers['content-disposition'])).toMatch(/^attachment; /);
  });

  it('serves a form’s picture only to who may read its record; avatars to anyone; the browser by its cookie', async () => {
    const pic = await upload('annexpic', '现场.png', 'image/png', png(), admin);
    const url = pic.data.url as string;
    const get = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
    const as = (token: string) => app.inject(authed(token, { method: 'GET', url }));
    // nobody signed in sees it, whatever the name
    expect(body(await get()).code).toBe(602);
    // held by no record yet: any member of staff (as before)
    expect((await as(manager)).statusCode).toBe(200);
    // saved with a record of 报修登记 (a page the operator holds, the manager does not)
    const saved = body(
      await app.inject(
        authed(admin, {
          method: 'POST',
          url: '/api/visualdev/OnlineDev/vd-repair',
          payload: {
            data: JSON.stringify({
              reporter: '王工',
              address: '人民路 12 号',
              faultType: 'dt-faultType:lampOff',
              photos: [{ name: '现场.png', url, fileId: pic.data.fileId }],
            }),
          },
        }),
      ),
    );
    expect(saved.code).toBe(200);
    expect(body(await as(manager))).toMatchObject({ code: 403, msg: '权限不足: 无权查看该文件' });
    expect(
      body(await app.inject(authed(manager, { method: 'GET', url: url.replace('/Image/', '/Download/') })))
        .code,
    ).toBe(403);
    const seen = await as(operator);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect(seen.headers['cache-control']).toBe('private, no-cache');
    // the browser's own request (an <img>) carries the session in the file cookie of any signed-in answer
    const setCookie = String(seen.headers['set-cookie']);
    expect(setCookie).toMatch(/^lighting_file=[0-9a-f]{64}; Path=\/api\/file; HttpOnly; SameSite=Strict$/);
    const cookie = setCookie.split(';')[0] ?? '';
    const byCookie = await get({ cookie });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.headers['set-cookie']).toBeUndefined();
    expect((await get({ cookie, 'if-none-match': String(byCookie.headers.etag) })).statusCode).toBe(304);
    // the cookie opens the file reads only
    expect(
      body(await app.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: { cookie } })).code,
    ).toBe(602);
    // a user's picture is public
    const avatar = await upload('userAvatar', 'me.png', 'image/png', png(), manager);
    const anon = await app.inject({ method: 'GET', url: avatar.data.url });
    expect(anon.statusCode).toBe(200);
    expect(anon.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves a file a flow’s form holds to who may see the task', async () => {
    const nobody = await tokenWithoutGrants(app, admin, 'nofiles');
    const doc = await upload(
      'workFlow',
      '勘察报告.pdf',
      'application/pdf',
      Buffer.from('%PDF-1.7\n%%EOF\n'),
      admin,
    );
    const url = doc.data.url as string;
    const as = async (token: string) => {
      const res = await app.inject(authed(token, { method: 'GET', url }));
      return res.statusCode === 200 ? 200 : body(res).code;
    };
    expect(await as(nobody)).toBe(200);
    // the operator launched a task whose form now holds it
    const task = await app.ctx.db
      .selectFrom('flow_task')
      .select(['id', 'data'])
      .where('creatorUserId', '=', 'u-operator')
      .executeTakeFirstOrThrow();
    const data = { ...(JSON.parse(task.data) as object), annex: [{ name: '勘察报告.pdf', url }] };
    await app.ctx.db
      .updateTable('flow_task')
      .set({ data: JSON.stringify(data) })
      .where('id', '=', task.id)
      .execute();
    expect(await as(nobody)).toBe(403);
    expect(await as(operator)).toBe(200);
  });

  it('POST /api/file/Uploader without a type stores a workFlow file', async () => {
    const res = body(
      await app.inject(
        authed(operator, {
          method: 'POST',
          url: '/api/file/Uploader',
          ...multipart('说明.txt', 'text/plain', Buffer.from('夜间巡检')),
        }),
      ),
    );
    expect(res.code).toBe(200);
    expect(res.data.url).toBe(`/api/file/Download/workFlow/${res.data.name}`);
  });

  it('refuses traversal attempts in the type and the name, whatever the encoding', async () => {
    const real = await upload('annex', 'a.txt', 'text/plain', Buffer.from('secret-ish'));
    const attempts = [
      `annex/..%2f..%2f..%2fetc%2fpasswd`,
      `annex/..%2F${real.data.name}`,
      `annex/%2e%2e%2f${real.data.name}`,
      `annex/%252e%252e%252f${real.data.name}`,
      `annex/%2Fetc%2Fpasswd`,
      `annex/${real.data.name}%00.png`,
      `annex/%E2%80%A4%E2%80%A4%2F${real.data.name}`, // one-dot leaders
      `annex/%EF%BC%8E%EF%BC%8E%EF%BC%8F${real.data.name}`, // full-width ．．／
      `..%2fannex/${real.data.name}`,
      `%2e%2e/${real.data.name}`,
      `annex%2f..%2f..%2fuploads/${real.data.name}`,
      `annex/${real.data.name.toUpperCase()}`,
    ];
    for (const a of attempts)
      for (const route of ['Download', 'Image']) {
        const res = await app.inject(authed(operator, { method: 'GET', url: `/api/file/${route}/${a}` }));
        expect([a, route, res.statusCode < 500, [400, 404].includes(body(res).code)]).toEqual([
          a,
          route,
          true,
          true,
        ]);
        expect(res.body).not.toContain('secret-ish');
        expect(res.body).not.toContain('root:');
      }
    // the type cannot be a path either, for uploads
    for (const t of ['..%2f..', '%2Ftmp', 'annex%00'])
      expect(
        body(
          await app.inject(
            authed(operator, {
              method: 'POST',
              url: `/api/file/Uploader/${t}`,
              ...multipart('a.txt', 'text/plain', Buffer.from('x')),
            }),
          ),
        ).code,
      ).toBe(400);
    // and the real one still reads
    const ok = await app.inject(authed(operator, { method: 'GET', url: real.data.url }));
    expect(ok.body).toBe('secret-ish');
  });
});
