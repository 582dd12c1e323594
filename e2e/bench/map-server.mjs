// Lighting map server figures (issue 5): p95 of a tile query and of a snapshot page (8000 features)
// through our FeatureServer endpoint at 300k assets, and the city's seed time.
//
//   node e2e/bench/map-server.mjs            starts scratch servers itself (server/dist must be built)
//   MAP_BENCH_BASE=http://127.0.0.1:8230 node e2e/bench/map-server.mjs   measures a running server
//
// Prints one JSON object. `benchMapServer(base)` measures the queries against a running server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { waitForHealth } from '../../scripts/lib/server.mjs';
import { ROOT } from '../../scripts/lib/tools.mjs';
import { apiToken } from './common.mjs';

const FS = 'api/map/rest/services/lighting/FeatureServer';

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round1 = (n) => Math.round(n * 10) / 10;

/** Runs `jobs` (async functions returning a number of features) `concurrency` at a time; returns latencies. */
async function timed(jobs, concurrency) {
  const latencies = [];
  let features = 0;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const t0 = performance.now();
      const n = await job();
      features += n;
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    p50Ms: round1(pct(latencies, 50)),
    p95Ms: round1(pct(latencies, 95)),
    maxMs: round1(latencies.at(-1) ?? 0),
    avgFeatures: Math.round(features / Math.max(1, latencies.length)),
  };
}

/** p95 of tile queries and snapshot pages against a running, seeded server at `base`. */
export async function benchMapServer(base) {
  const token = await apiToken(base);
  const headers = { authorization: token, 'accept-encoding': 'gzip, deflate, br' };
  const getJson = async (path, params) => {
    const res = await fetch(new URL(`${path}?${new URLSearchParams(params)}`, base), { headers });
    const j = await res.json();
    if (j.error) throw new Error(`${path}: ${JSON.stringify(j.error)}`);
    return j;
  };
  const info = await getJson(`${FS}/0`, { f: 'json' });
  const { count } = await getJson(`${FS}/0/query`, { f: 'json', where: '1=1', returnCountOnly: 'true' });
  const e = info.extent;

  // Tiles as the 2D view asks for them at zoom 16 (512 px tiles ≈ 1.22 km, tolerance = one pixel),
  // over the whole city, with the view's quantization and the kind × status renderer field.
  const tileSize = 512 * 2.388657133911758;
  const tiles = [];
  for (let x = e.xmin; x < e.xmax; x += tileSize)
    for (let y = e.ymin; y < e.ymax; y += tileSize)
      tiles.push({ xmin: x, ymin: y, xmax: x + tileSize, ymax: y + tileSize });
  // A deterministic sample spread over the city.
  const step = Math.max(1, Math.floor(tiles.length / 120));
  const sample = tiles.filter((_, i) => i % step === 0);
  const tileJobs = sample.map((t) => async () => {
    const j = await getJson(`${FS}/0/query`, {
      f: 'json',
      geometry: JSON.stringify({ ...t, spatialReference: { wkid: 102100 } }),
      geometryType: 'esriGeometryEnvelope',
      inSR: '102100',
      spatialRel: 'esriSpatialRelIntersects',
      outFields: 'objectid,symbol',
      returnGeometry: 'true',
      outSR: '102100',
      resultType: 'tile',
      maxRecordCountFactor: '3',
      resultRecordCount: '24000',
      quantizationParameters: JSON.stringify({
        mode: 'view',
        originPosition: 'upperLeft',
        tolerance: 2.388657133911758,
        extent: { ...t, spatialReference: { wkid: 102100, latestWkid: 3857 } },
      }),
    });
    return j.features.length;
  });
  const tile = await timed(tileJobs, 4);

  // Snapshot mode: the whole layer in pages of 8000 ordered by objectid, four at a time; with every
  // field (outFields=*) and with the renderer's fields only (what a layer with outFields
  // ['objectid', 'symbol'] asks for).
  const pages = [];
  for (let offset = 0; offset < count; offset += 8000) pages.push(offset);
  const snapshot = async (outFields) => {
    const jobs = pages.map((offset) => async () => {
      const j = await getJson(`${FS}/0/query`, {
        f: 'json',
        where: '1=1',
        outFields,
        orderByFields: 'objectid',
        resultOffset: String(offset),
        resultRecordCount: '8000',
        returnGeometry: 'true',
        spatialRel: 'esriSpatialRelIntersects',
        outSR: '102100',
      });
      return j.features.length;
    });
    const t0 = performance.now();
    const r = await timed(jobs, 4);
    return { ...r, pages: pages.length, wholeLayerMs: Math.round(performance.now() - t0) };
  };
  const snapshotPage = await snapshot('*');
  const snapshotPageRendererFields = await snapshot('objectid,symbol');
  return {
    // The machine's state during the run: these latencies scale with CPU contention.
    machine: { cpus: cpus().length, loadavg1m: round1(loadavg()[0] ?? 0) },
    assets: count,
    tile: { ...tile, tilesInCity: tiles.length },
    snapshotPage,
    snapshotPageRendererFields,
  };
}

/**
 * Starts a scratch server with `assets` assets and returns its start-up time (ms) and a stop function.
 * Like scripts/lib/server.mjs startServer, with a longer health wait: seeding 300k assets on a busy
 * machine can take longer than its 60 s.
 */
async function startScratch(assets, port) {
  const data = mkdtempSync(join(tmpdir(), 'map-bench-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'server', 'dist', 'main.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: data,
      DATABASE_URL: '',
      MAP_ASSETS: String(assets),
    },
  });
  const url = `http://127.0.0.1:${port}/`;
  const up = await waitForHealth(url, 600_000);
  const ms = Math.round(performance.now() - t0);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(data, { recursive: true, force: true });
  };
  if (!up) {
    await stop();
    throw new Error(`server did not start on ${url}`);
  }
  return { ms, url, stop };
}

async function main() {
  if (process.env.MAP_BENCH_BASE) {
    console.log(JSON.stringify({ mapServer: await benchMapServer(process.env.MAP_BENCH_BASE) }, null, 2));
    return;
  }
  const assets = Number(process.env.MAP_ASSETS ?? 300000);
  const port = Number(process.env.MAP_BENCH_PORT ?? 18231);
  // Seed time: start-up with the city minus start-up without it (both on fresh SQLite databases).
  const empty = await startScratch(0, port);
  await empty.stop();
  const full = await startScratch(assets, port);
  try {
    const figures = await benchMapServer(full.url);
    console.log(
      JSON.stringify(
        {
          mapServer: {
            ...figures,
            startupMs: { withoutCity: empty.ms, withCity: full.ms },
            seedMs: full.ms - empty.ms,
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await full.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
