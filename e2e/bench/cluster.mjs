// The cluster's figures (issue 27 item 5): the mixed workload's throughput and latency through
// HAProxy with 1 and with 2 server instances, in the same run, each on a fresh PostgreSQL schema
// with the deployment's own launcher (deploy/cluster.mjs, server/dist/main.js).
//
//   BENCH_CLUSTER_DATABASE_URL=postgres://… node e2e/bench/cluster.mjs
//
// Needs PostgreSQL (BENCH_CLUSTER_DATABASE_URL or DATABASE_URL), Redis on 127.0.0.1:6379 and
// haproxy; prints why it skipped otherwise. The workload, per operation chosen by a fixed sequence:
// 40 % GET CurrentUser, 30 % a low-code record created (with its request key), 20 % a created record
// read, 5 % an image uploaded and read back, 5 % a sign-in; BENCH_CLUSTER_OPS operations (2,000) by
// BENCH_CLUSTER_CONCURRENCY clients (16). On this 2-core machine the proxy, the database, Redis and
// the clients share the cores with the instances: the figure says what a second process adds here,
// not what a second machine would.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { ROOT } from '../../scripts/lib/tools.mjs';
import { apiToken } from './common.mjs';

// pg is the server's dependency (the bench drops the schemas it made)
const pg = createRequire(join(ROOT, 'server', 'package.json'))('pg');

const USERS = [
  ['admin', 'admin123'],
  ['operator', 'operator123'],
];
/** A real 1×1 PNG (uploads are decoded and re-encoded). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const haproxyBin = process.env.HAPROXY || (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');

/** Starts the launcher; resolves { url, stop } once it says ready. */
function startCluster(instances, port, env) {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'deploy', 'cluster.mjs'), '--instances', String(instances), '--port', String(port)],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).on('line', (l) => {
      let e;
      try {
        e = JSON.parse(l);
      } catch {
        return;
      }
      if (e.event === 'ready')
        resolve({
          url: e.url,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', done);
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`cluster launcher exited (${code}) before ready`)));
  });
}

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : null;

/** The mixed workload against `base`: { ops, failed, seconds, perSecond, p50, p99 } (ms). */
async function workload(base, ops, concurrency) {
  const tokens = [];
  for (const [account, password] of USERS) tokens.push(await apiToken(base, account, password));
  const created = [];
  const latencies = [];
  let failed = 0;
  let next = 0;
  const one = async (i) => {
    const token = tokens[i % tokens.length];
    const auth = { authorization: token };
    const kind = i % 20;
    const t0 = performance.now();
    let ok = false;
    try {
      if (kind < 8) {
        const res = await fetch(`${base}/api/oauth/CurrentUser`, { headers: auth });
        ok = (await res.json()).code === 200;
      } else if (kind < 14) {
        const key = `bench-${i}-${Math.random().toString(36).slice(2, 10)}`;
        const res = await fetch(`${base}/api/visualdev/OnlineDev/vd-repair`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            idemKey: key,
            data: JSON.stringify({ reporter: 'bench', address: key, faultType: 'dt-faultType:lampOff' }),
          }),
        });
        const j = await res.json();
        ok = j.code === 200;
        if (ok) created.push([token, j.data.id]);
      } else if (kind < 18) {
        const pick = created[i % Math.max(1, created.length)];
        const res = await fetch(`${base}/api/visualdev/OnlineDev/vd-repair/${pick ? pick[1] : 'none'}`, {
          headers: { authorization: pick ? pick[0] : token },
        });
        ok = pick ? (await res.json()).code === 200 : true;
      } else if (kind === 18) {
        const form = new FormData();
        form.append('file', new Blob([PNG], { type: 'image/png' }), 'b.png');
        const res = await fetch(`${base}/api/file/Uploader/annexpic`, {
          method: 'POST',
          headers: auth,
          body: form,
        });
        const j = await res.json();
        ok = j.code === 200 && (await fetch(`${base}${j.data.url}`, { headers: auth })).ok;
      } else {
        const [account, password] = USERS[i % USERS.length];
        ok = Boolean(await apiToken(base, account, password)); // throws when refused
      }
    } catch {
      ok = false;
    }
    latencies.push(performance.now() - t0);
    if (!ok) failed++;
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < ops; i = next++) await one(i);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const round = (x) => (x === null ? null : Math.round(x * 10) / 10);
  return {
    ops,
    failed,
    seconds: round(seconds),
    perSecond: round(ops / seconds),
    p50: round(pct(sorted, 0.5)),
    p99: round(pct(sorted, 0.99)),
  };
}

export async function benchCluster() {
  const databaseUrl =
    process.env.BENCH_CLUSTER_DATABASE_URL ||
    process.env.BENCH_FAULTS_DATABASE_URL ||
    process.env.DATABASE_URL ||
    '';
  if (!/^postgres/.test(databaseUrl)) return 'skipped: no PostgreSQL (BENCH_CLUSTER_DATABASE_URL)';
  if (spawnSync(haproxyBin, ['-v']).status !== 0) return 'skipped: haproxy not installed';
  const ops = Number(process.env.BENCH_CLUSTER_OPS || 2000);
  const concurrency = Number(process.env.BENCH_CLUSTER_CONCURRENCY || 16);
  const out = { workload: `${ops} operations by ${concurrency} clients through HAProxy`, runs: {} };
  for (const instances of [1, 2]) {
    const schema = `bench_cluster_${instances}_${Date.now().toString(36)}`;
    const dir = mkdtempSync(join(tmpdir(), 'lighting-bench-cluster-'));
    const cluster = await startCluster(instances, 8540 + instances * 10, {
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      REDIS_PREFIX: schema,
      DATA_DIR: join(dir, 'data'),
      MAP_ASSETS: '0',
      LOG_LEVEL: 'warn',
    });
    try {
      out.runs[`${instances} instance${instances > 1 ? 's' : ''}`] = await workload(
        cluster.url,
        ops,
        concurrency,
      );
    } finally {
      await cluster.stop();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const [one, two] = Object.values(out.runs);
  out.throughputRatio = Math.round((two.perSecond / one.perSecond) * 100) / 100;
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchCluster(), null, 2));
}
