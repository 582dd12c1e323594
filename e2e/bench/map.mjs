// The lighting map's figures (issue 5), in one browser and one run:
// - map ready (every feature of the view drawn: view and layer views no longer updating, the base
//   geography and its labels included) through our FeatureServer, with the bytes the base geography
//   and the label glyphs took, against the same assets as a client-side source in the same page, for two views:
//   the initial whole-city view (server grid cells + faulty assets; the baseline clusters on the
//   client) and a street-level view at the city centre (every asset of the view one by one);
// - memory of the kiosk page (/remotes/map/) before and after simulated hours of live updates:
//   many status changes pushed through the API in fast time (BENCH_MAP_RATE=10 pushes them at a
//   real 10 a second instead), heap measured through CDP after GC six times over the run. The first
//   samples include the overlay's pool of reused graphics, as big as the most changes drawn at once
//   (fast time draws many more at once than real time); `steadyGrowthMB` is what came after.
// Run alone: `node e2e/bench/map.mjs` (starts a server on a scratch database; MAP_ASSETS sets the
// city size, default the server's 300k) or against a running one with BENCH_BASE_URL. Prints JSON.
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer } from '../../scripts/lib/server.mjs';
import { chromiumLaunch } from '../chromium.mjs';
import { apiToken } from './common.mjs';

const FS = '/api/map/rest/services/lighting/FeatureServer';
const progress = (msg) => process.stderr.write(`[bench map] ${msg}\n`);

async function signIn(page, path) {
  await page.goto(path);
  await page.getByTestId('login-account').fill('admin');
  await page.getByTestId('login-password').fill('admin123');
  await page.getByTestId('login-submit').click();
}

const hook = (page, timeout) => page.waitForFunction(() => Boolean(window.__lightingMap), null, { timeout });

/**
 * Bytes the page took so far for the base geography (FeatureServer layers 2, 3, 6, 7) and for the
 * label glyphs (…/fonts/…pbf): on the wire (transferSize, compressed) and decoded, with the count.
 */
function baseBytes(page, fs) {
  return page.evaluate((fsPath) => {
    const sum = (filter) => {
      const list = performance.getEntriesByType('resource').filter((e) => filter(e.name));
      return {
        requests: list.length,
        transferKB: Math.round(list.reduce((n, e) => n + e.transferSize, 0) / 1024),
        decodedKB: Math.round(list.reduce((n, e) => n + e.decodedBodySize, 0) / 1024),
      };
    };
    return {
      geography: sum((u) => new RegExp(`${fsPath}/[2367]/query`).test(u)),
      glyphs: sum((u) => /\/fonts\/[^/]+\/\d+-\d+\.pbf/.test(u)),
    };
  }, fs);
}

async function heapAfterGc(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

/**
 * @param {string} base  server origin, e.g. http://127.0.0.1:8240
 * @param {{ changes?: number, rate?: number, batch?: number, timeoutMs?: number }} [o]
 */
export async function benchMap(base, o = {}) {
  // an hour of a busy city at 10 status changes a second, pushed in fast time
  const changes = o.changes ?? Number(process.env.BENCH_MAP_CHANGES || 36000);
  // changes a second; 0: as fast as the server takes them
  const rate = o.rate ?? Number(process.env.BENCH_MAP_RATE || 0);
  // six heap samples over the run (every 6,000 changes for the hour)
  const batch = o.batch ?? 20;
  const sampleEvery = Math.max(batch, Math.round(changes / 6 / batch) * batch);
  const timeout = o.timeoutMs ?? 600_000;
  base = base.replace(/\/$/, '');
  const token = await apiToken(base);
  const count = (
    await (await fetch(`${base}${FS}/0/query?f=json&where=1%3D1&returnCountOnly=true&token=${token}`)).json()
  ).count;
  const browser = await chromium.launch(chromiumLaunch);
  const out = { assets: count };
  try {
    // 1. map ready through our endpoint (console page, signed in, caches cold per context)
    const ctx = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await ctx.newPage();
    page.setDefaultTimeout(timeout);
    await signIn(page, `${base}/login`);
    await page.waitForURL(/\/home/);
    const t0 = Date.now();
    await page.goto(`${base}/bt/map/assets`);
    await hook(page, timeout);
    await page.evaluate(() => window.__lightingMap.whenDrawn());
    const endpointMs = Date.now() - t0;
    // the city view's queries per layer (0: the faulty/offline assets; 4/5: the grid; 2/3: base)
    const queries = await page.evaluate((fs) => {
      const byLayer = {};
      for (const e of performance.getEntriesByType('resource')) {
        const m = e.name.match(new RegExp(`${fs}/(\\d+)/query`));
        if (m) byLayer[m[1]] = (byLayer[m[1]] ?? 0) + 1;
      }
      return byLayer;
    }, FS);
    // cold: nothing of the base geography or the glyphs in the browser's cache yet
    const cityBytes = await baseBytes(page, FS);
    // again with the SDK's code in the HTTP cache: from the map's creation to its view drawn,
    // the same span the client-side source is measured over
    await page.reload();
    await hook(page, timeout);
    await page.evaluate(() => window.__lightingMap.whenDrawn());
    const warmMs = await page.waitForFunction(() => window.__lightingMap.firstDrawnMs(), null, { timeout });
    const inPageMs = Math.round(await warmMs.jsonValue());
    const drawing = await page.evaluate(() => window.__lightingMap.drawing());
    const counted = await page.evaluate(() => window.__lightingMap.gridTotal());
    out.mapReady = {
      city: { coldNavigationMs: endpointMs, inPageMs, drawing, counted, queries, basemap: cityBytes },
    };
    progress(
      `city view through the endpoint: cold ${endpointMs} ms, in page ${inPageMs} ms (${drawing}, ${counted} counted)`,
    );
    // street level at the city's centre (1:8,000): every asset of the view drawn one by one
    const ext = (
      await (
        await fetch(`${base}${FS}/0/query?f=json&where=1%3D1&returnExtentOnly=true&token=${token}`)
      ).json()
    ).extent;
    const at = { x: (ext.xmin + ext.xmax) / 2, y: (ext.ymin + ext.ymax) / 2, scale: 8000 };
    const streetMs = await page.evaluate(async (p) => {
      const t = performance.now();
      await window.__lightingMap.goTo(p.x, p.y, p.scale);
      await window.__lightingMap.whenDrawn();
      return Math.round(performance.now() - t);
    }, at);
    const streetDrawn = await page.evaluate(() => window.__lightingMap.drawnCount());
    out.mapReady.street = {
      ...at,
      ms: streetMs,
      drawing: await page.evaluate(() => window.__lightingMap.drawing()),
      drawn: streetDrawn,
      // cumulative since the (warm) reload: the city view's and the street's
      basemapSinceReload: await baseBytes(page, FS),
    };
    progress(`street view through the endpoint: ${streetMs} ms (${streetDrawn} drawn)`);
    // 2. the same assets as a client-side source, same browser, same page, same views
    for (const [name, view, ms] of [
      ['city', {}, inPageMs],
      ['street', at, streetMs],
    ]) {
      try {
        const r = await page.evaluate((v) => window.__lightingMap.clientSourceBaseline(v), view);
        out.mapReady[name].clientSource = r;
        out.mapReady[name].speedup = Number((r.totalMs / ms).toFixed(1));
      } catch (e) {
        out.mapReady[name].clientSource = { error: String(e).slice(0, 300) };
      }
      progress(`client-side source, ${name}: ${JSON.stringify(out.mapReady[name].clientSource)}`);
    }
    await ctx.close();

    // 3. kiosk memory under live updates in fast time
    const kctx = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const kiosk = await kctx.newPage();
    kiosk.setDefaultTimeout(timeout);
    await signIn(kiosk, `${base}/remotes/map/`);
    await hook(kiosk, timeout);
    await kiosk.evaluate(() => window.__lightingMap.whenDrawn());
    const cdp = await kctx.newCDPSession(kiosk);
    const before = await heapAfterGc(cdp);
    const ids = (
      await (
        await fetch(
          `${base}${FS}/0/query?f=json&where=${encodeURIComponent("kind = 'streetLamp'")}&returnIdsOnly=true&token=${token}`,
        )
      ).json()
    ).objectIds.slice(0, 3000);
    const statuses = ['fault', 'offline', 'lightOn', 'lightOff'];
    const t1 = Date.now();
    let sent = 0;
    const samples = [];
    for (let i = 0; i < changes; i += batch) {
      if (i > 0 && i % sampleEvery === 0) {
        await kiosk.evaluate(() => window.__lightingMap.whenDrawn());
        samples.push({ changes: i, heapMB: Number(((await heapAfterGc(cdp)) / 1048576).toFixed(1)) });
        progress(`kiosk after ${i} changes: ${JSON.stringify(samples.at(-1))}`);
      }
      if (rate > 0) {
        const due = t1 + (i / rate) * 1000 - Date.now();
        if (due > 0) await new Promise((r) => setTimeout(r, due));
      }
      await Promise.all(
        Array.from({ length: Math.min(batch, changes - i) }, (_, j) => {
          const n = i + j;
          const id = ids[n % ids.length];
          return fetch(`${base}/api/map/assets/${id}/status`, {
            method: 'PUT',
            headers: { Authorization: token, 'content-type': 'application/json' },
            body: JSON.stringify({ status: statuses[Math.floor(n / ids.length + n) % statuses.length] }),
          }).then(() => (sent += 1));
        }),
      );
    }
    const pushMs = Date.now() - t1;
    // let the page settle (overlay reloads) before measuring
    await kiosk.evaluate(() => window.__lightingMap.whenDrawn());
    const after = await heapAfterGc(cdp);
    out.kioskMemory = {
      statusChanges: sent,
      pushMs,
      heapBeforeMB: Number((before / 1048576).toFixed(1)),
      heapAfterMB: Number((after / 1048576).toFixed(1)),
      growthMB: Number(((after - before) / 1048576).toFixed(1)),
      rate: rate || 'fast',
      steadyGrowthMB: samples.length ? Number((after / 1048576 - samples[0].heapMB).toFixed(1)) : null,
      samples,
    };
    await kctx.close();
  } finally {
    await browser.close();
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let base = process.env.BENCH_BASE_URL;
  let server = null;
  let data = null;
  if (!base) {
    data = mkdtempSync(join(tmpdir(), 'lighting-map-bench-'));
    server = await startServer({ PORT: process.env.BENCH_PORT || '8192', DATA_DIR: data, DATABASE_URL: '' });
    base = server.url;
  }
  try {
    console.log(JSON.stringify({ map: await benchMap(base) }, null, 2));
  } finally {
    await server?.stop();
    if (data) rmSync(data, { recursive: true, force: true });
  }
}
