// The citizens' figures (issue 16), against a running server:
// - bytes to show the report page: the phone door (the document, with its inlined JavaScript, as
//   transferred) and the host door (scripts fetched from /login's page to the report page);
// - time until the report page is usable (a fault type can be chosen) under Chromium's slow-3G
//   profile (2 s per request, 50 KB/s down and up, as DevTools' preset), cold and with the service
//   worker's copy;
// - report submit with 3 photos (3 uploads, then the report), p50 / p95 over fresh devices, with the
//   photos a phone sends: camera-size JPEGs compressed by the report page in the browser.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isMain, runAlone } from './alone.mjs';
import { ROOT } from '../../scripts/lib/tools.mjs';

const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN' };
const REPORT = '/bt/gzh/repair/repair-report-nowx';
const kb = (n) => Math.round((n / 1024) * 10) / 10;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Bytes of what a page fetched: [transferred (as encoded on the wire), decoded] per resource type. */
function meter(page) {
  const m = { documentKB: 0, documentRawKB: 0, scriptKB: 0, scriptRawKB: 0, scripts: 0 };
  page.on('requestfinished', async (req) => {
    try {
      const sizes = await req.sizes();
      const body = await (await req.response())?.body();
      if (req.resourceType() === 'document') {
        m.documentKB += sizes.responseBodySize / 1024;
        m.documentRawKB += (body?.length ?? 0) / 1024;
      } else if (req.resourceType() === 'script') {
        m.scriptKB += sizes.responseBodySize / 1024;
        m.scriptRawKB += (body?.length ?? 0) / 1024;
        m.scripts += 1;
      }
    } catch {
      /* a request the page dropped */
    }
  });
  return m;
}

const round = (m) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Math.round(v * 10) / 10]));

async function usableMs(browser, base, { warm }) {
  const ctx = await browser.newContext({ ...PHONE, baseURL: base });
  const page = await ctx.newPage();
  if (warm) {
    // a first visit installs the service worker and its copy of the page
    await page.goto(REPORT);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(async () => !!(await caches.match('/bt/gzh/__shell')));
  }
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  const t0 = Date.now();
  await page.goto(REPORT, { waitUntil: 'commit' });
  const type = page.getByTestId('citizen-type-notLit');
  await type.click({ timeout: 60_000 });
  await page.waitForSelector('[data-testid="citizen-type-notLit"][aria-pressed="true"]');
  const ms = Date.now() - t0;
  await ctx.close();
  return ms;
}

async function bytes(browser, base) {
  const phone = await browser.newContext({ ...PHONE, baseURL: base });
  const p1 = await phone.newPage();
  const lite = meter(p1);
  await p1.goto(REPORT);
  await p1.getByTestId('citizen-type-notLit').waitFor();
  await p1.waitForLoadState('networkidle');
  await phone.close();

  // the host door: from the host's own page (/login) to the report page through its router
  const hostCtx = await browser.newContext({ ...PHONE, baseURL: base });
  const p2 = await hostCtx.newPage();
  const host = meter(p2);
  await p2.goto('/login');
  await p2.getByTestId('login-submit').waitFor();
  await p2.waitForLoadState('networkidle');
  const atLogin = { ...host };
  await p2.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, REPORT);
  await p2.getByTestId('citizen-type-notLit').waitFor();
  await p2.waitForLoadState('networkidle');
  await hostCtx.close();
  return {
    phoneDoor: round(lite),
    hostDoor: {
      total: round(host),
      afterLogin: round({
        scriptKB: host.scriptKB - atLogin.scriptKB,
        scriptRawKB: host.scriptRawKB - atLogin.scriptRawKB,
        scripts: host.scripts - atLogin.scripts,
      }),
    },
  };
}

/**
 * Three 12-megapixel camera photos (4032×3024, JPEG 90: about 3.2 MB each, smooth scenes with sensor
 * noise), compressed by the report page itself in Chromium (spec §9 through compressImage: 1600 px,
 * quality 0.52), read back from the draft it keeps in IndexedDB: exactly what a phone uploads.
 */
async function phonePhotos(browser, base) {
  const sharp = createRequire(join(ROOT, 'server', 'package.json'))('sharp');
  const camera = [];
  for (let i = 0; i < 3; i++) {
    const w = 126;
    const h = 95;
    let seed = 12345 + i * 777;
    const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
    const small = Buffer.alloc(w * h * 3);
    for (let j = 0; j < small.length; j++) small[j] = Math.floor(rnd() * 255);
    const px = await sharp(small, { raw: { width: w, height: h, channels: 3 } })
      .resize(4032, 3024, { kernel: 'cubic' })
      .raw()
      .toBuffer();
    for (let j = 0; j < px.length; j++)
      px[j] = Math.max(0, Math.min(255, px[j] + Math.floor((rnd() - 0.5) * 24)));
    camera.push(
      await sharp(px, { raw: { width: 4032, height: 3024, channels: 3 } })
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
  }
  const ctx = await browser.newContext({ ...PHONE, baseURL: base });
  const page = await ctx.newPage();
  try {
    await page.goto(REPORT);
    await page
      .getByTestId('citizen-photo-input')
      .setInputFiles(
        camera.map((buffer, i) => ({ name: `IMG_000${i}.jpg`, mimeType: 'image/jpeg', buffer })),
      );
    await page.getByTestId('citizen-photo').nth(2).waitFor({ timeout: 60_000 });
    const sent = await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open('lighting-citizen');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const get = open.result.transaction('kv').objectStore('kv').get('draft:report');
            get.onerror = () => reject(get.error);
            get.onsuccess = async () => {
              const photos = get.result?.photos ?? [];
              resolve(
                await Promise.all(photos.map(async (p) => [...new Uint8Array(await p.blob.arrayBuffer())])),
              );
            };
          };
        }),
    );
    if (sent.length !== 3) throw new Error(`the page kept ${sent.length} photos`);
    return { camera, sent: sent.map((b) => Buffer.from(b)) };
  } finally {
    await ctx.close();
  }
}

async function submits(browser, base, runs) {
  const { camera, sent: imgs } = await phonePhotos(browser, base);
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const device = `bench-device-${Date.now().toString(36)}-${i}`;
    const headers = { 'x-device-id': device };
    const t0 = performance.now();
    const names = [];
    for (const img of imgs) {
      const form = new FormData();
      form.append('file', new Blob([img], { type: 'image/jpeg' }), 'p.jpg');
      const r = await (
        await fetch(new URL('/api/public/photos', base), { method: 'POST', headers, body: form })
      ).json();
      if (r.code !== 200) throw new Error(`photo: ${r.msg}`);
      names.push(r.data.name);
    }
    const res = await fetch(new URL('/api/public/reports', base), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        idemKey: `${device}-report`,
        category: 'notLit',
        locationSource: 'code',
        assetCode: `PL-${String(200 + i * 7).padStart(6, '0')}`,
        photos: names,
      }),
    });
    const r = await res.json();
    if (r.code !== 200) throw new Error(`report: ${r.msg}`);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return {
    runs,
    cameraKB: camera.map((b) => kb(b.length)),
    photoKB: imgs.map((b) => kb(b.length)),
    p50ms: Math.round(pct(ms, 50)),
    p95ms: Math.round(pct(ms, 95)),
  };
}

export async function benchCitizen(base, browser, rounds = 3) {
  const cold = [];
  const warm = [];
  for (let i = 0; i < rounds; i++) cold.push(await usableMs(browser, base, { warm: false }));
  for (let i = 0; i < rounds; i++) warm.push(await usableMs(browser, base, { warm: true }));
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  return {
    reportPageBytes: await bytes(browser, base),
    slow3gUsableMs: {
      profile: SLOW_3G,
      cold: median(cold),
      warm: median(warm),
      coldRuns: cold,
      warmRuns: warm,
      goalMs: 5000,
    },
    // 15 runs: the per-address photo limit (60 an hour) allows 20 submits of 3 photos
    submit3Photos: await submits(browser, base, 15),
  };
}

// Alone: `node e2e/bench/citizen.mjs` starts a scratch server (a 3,000-asset city) and prints JSON.
if (isMain(import.meta.url)) await runAlone('citizen', '8192', benchCitizen);
