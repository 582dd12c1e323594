// What the citizen tests need from outside the browser: the server's database (the image code a
// person would read, the QR signing key), a signed pole code, a fake camera video showing it, and a
// phone-sized context with a verified session.
import { createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';

const serverRequire = createRequire(join(__dirname, '..', '..', 'server', 'package.json'));
/** The worker's server data folder (set by the `server` fixture in fixtures.ts). */
const dataDir = () => process.env.E2E_DATA_DIR ?? join(__dirname, '..', '.data');

interface Db {
  prepare(sql: string): {
    get(...args: unknown[]): Record<string, unknown> | undefined;
    all(...args: unknown[]): Record<string, unknown>[];
  };
  close(): void;
}

/** Reads one row from the e2e server's SQLite database (read-only). */
export function dbGet(sql: string, ...args: unknown[]): Record<string, unknown> | undefined {
  const Database = serverRequire('libsql') as new (file: string, o: { readonly: boolean }) => Db;
  const db = new Database(join(dataDir(), 'lighting.db'), { readonly: true });
  try {
    return db.prepare(sql).get(...args);
  } finally {
    db.close();
  }
}

/** The text of the image code issued for `timestamp` (what the citizen reads off the picture). */
export function imageCode(timestamp: string): string {
  return String(dbGet('select code from captcha where timestamp = ?', timestamp)?.code ?? '');
}

/** The signed token of a pole's plate (the server creates its key on the first QR it reads). */
export async function signedPole(page: Page, code: string): Promise<string> {
  await page.request.get(`/api/public/sites?qr=${code}.${'A'.repeat(22)}`);
  const secret = String(dbGet("select value from public_secret where name = 'qr'")?.value ?? '');
  const sig = createHmac('sha256', secret)
    .update(`qr1:${code}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
  return `${code}.${sig}`;
}

/** A pole of the demo city not used by another test (each test takes its own offset). */
export function pole(offset: number): string {
  return String(
    dbGet("select code from map_asset where kind = 'pole' order by objectid limit 1 offset ?", offset)?.code,
  );
}

/**
 * A Y4M video (what Chromium's fake camera plays) showing the QR code of `text`, black on white,
 * centred in 640×480: made with the server's own QR library.
 */
export function qrVideo(text: string, file: string): string {
  const QRCode = serverRequire('qrcode') as {
    create(t: string, o: object): { modules: { size: number; get(r: number, c: number): number } };
  };
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const W = 640;
  const H = 480;
  const n = qr.modules.size;
  const unit = Math.floor(360 / (n + 8));
  const side = unit * (n + 8);
  const x0 = Math.floor((W - side) / 2);
  const y0 = Math.floor((H - side) / 2);
  const y = Buffer.alloc(W * H, 235);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c))
        for (let dy = 0; dy < unit; dy++)
          y.fill(
            16,
            (y0 + (r + 4) * unit + dy) * W + x0 + (c + 4) * unit,
            (y0 + (r + 4) * unit + dy) * W + x0 + (c + 5) * unit,
          );
  const uv = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, uv, uv]);
  const frames = Array.from({ length: 10 }, () => frame);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...frames]),
  );
  return file;
}

export const PHONE = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
} as const;

/** yyyy-MM-dd HH:mm in China time (the phone's time zone in these tests), as the pages write dates. */
export function chinaTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** A stored Web Mercator point as WGS84 [lng, lat]. */
export function lngLat(x: number, y: number): [number, number] {
  const R = 6378137;
  return [(x / R) * (180 / Math.PI), (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * (180 / Math.PI)];
}

/** A phone context whose citizen has verified `phone` (through the API, with the image code). */
export async function verifiedPhone(
  browser: Browser,
  baseURL: string,
  phone: string,
): Promise<BrowserContext> {
  const ctx = await browser.newContext({ ...PHONE, baseURL });
  const page = await ctx.newPage();
  const ts = String(Date.now());
  await page.request.get(`/api/public/session/image-code/${ts}`);
  const res = await page.request.post('/api/public/session/phone', {
    data: { phone, code: imageCode(ts), timestamp: ts },
  });
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  await ctx.addInitScript((t) => localStorage.setItem('lighting_citizenToken__String', t), token);
  await page.close();
  return ctx;
}

/** A small real JPEG (a screenshot of the page) for the photo input. */
export async function jpeg(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  return {
    name: 'lamp.jpg',
    mimeType: 'image/jpeg',
    buffer: await page.screenshot({ type: 'jpeg', quality: 60 }),
  };
}
