// The system-administration figure of issue 4: the user list at scale.
// Seeds 100,000 users into a scratch SQLite database (batch inserts in one transaction), starts the
// server on it, signs in as admin and times a filtered, paged user-list call against /api/health.
// Runnable alone: `node e2e/bench/system.mjs` prints the JSON.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer } from '../../scripts/lib/server.mjs';
import { ROOT } from '../../scripts/lib/tools.mjs';
import { apiToken } from './common.mjs';

const USERS = Number(process.env.BENCH_USERS || 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 200);
// One request at a time: the figure is the latency of the call, not the throughput of the server.
const CONCURRENCY = 1;

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '涛',
  '明',
  '超',
  '霞',
];

/** Adds `n` users to the SQLite file in one transaction (500 rows per INSERT). */
function seedUsers(file, n) {
  const Database = createRequire(join(ROOT, 'server', 'package.json'))('libsql');
  const db = new Database(file);
  const orgs = db.prepare(`SELECT "id" FROM "organize" WHERE "category" = 'department'`).all();
  const positions = db.prepare(`SELECT "id" FROM "position"`).all();
  const now = Date.now();
  const cols = [
    'id',
    'account',
    'realName',
    'passwordHash',
    'gender',
    'mobile',
    'email',
    'organizeId',
    'positionId',
    'quickQuery',
    'sortCode',
    'createdAt',
  ];
  const chunk = 500;
  db.exec('BEGIN');
  for (let start = 0; start < n; start += chunk) {
    const rows = Math.min(chunk, n - start);
    const values = [];
    for (let k = 0; k < rows; k++) {
      const i = start + k;
      const no = String(i).padStart(6, '0');
      values.push(
        `bench-${no}`,
        `bench${no}`,
        `${SURNAMES[i % SURNAMES.length]}${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]}${GIVEN[i % 7]}`,
        '!',
        (i % 2) + 1,
        `13${5 + (i % 5)}${String(10_000_000 + i).slice(-8)}`,
        `bench${no}@example.com`,
        orgs[(i * 7 + Math.floor(i / 5)) % orgs.length].id,
        positions[(i * 3 + Math.floor(i / 11)) % positions.length].id,
        `b${no}`,
        100_000 + i,
        now - i * 1000,
      );
    }
    const row = `(${cols.map(() => '?').join(',')})`;
    db.prepare(
      `INSERT INTO "user" (${cols.map((c) => `"${c}"`).join(',')}) VALUES ${Array(rows).fill(row).join(',')}`,
    ).run(values);
  }
  db.exec('COMMIT');
  // As a long-running database would be: the bulk load checkpointed out of the WAL (no ANALYZE).
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const total = db.prepare('SELECT count(*) AS n FROM "user"').get().n;
  db.close();
  return total;
}

async function timeRequests(url, headers) {
  const times = [];
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const t = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.json();
      if (body.code !== 200) throw new Error(`${url}: ${body.code} ${body.msg}`);
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.ceil(times.length * p) - 1)];
  return { p50: at(0.5), p95: at(0.95) };
}

export { seedUsers };

export async function benchUsers({ port = Number(process.env.BENCH_SYSTEM_PORT || 8192) } = {}) {
  const data = mkdtempSync(join(tmpdir(), 'lighting-bench-users-'));
  try {
    // First start creates, migrates and seeds the database; then the users go in while it is stopped.
    const first = await startServer({
      PORT: String(port),
      DATA_DIR: data,
      DATABASE_URL: '',
      MAP_ASSETS: '0',
    });
    await first.stop();
    const total = seedUsers(join(data, 'lighting.db'), USERS);
    const server = await startServer({
      PORT: String(port),
      DATA_DIR: data,
      DATABASE_URL: '',
      MAP_ASSETS: '0',
    });
    try {
      const base = server.url.replace(/\/$/, '');
      const token = await apiToken(base);
      const headers = { authorization: token };
      const query = `/api/system/Permission/Users?keyword=${encodeURIComponent('王')}&organizeId=org-maint&currentPage=3&pageSize=20`;
      const check = await (await fetch(`${base}${query}`, { headers })).json();
      // Warm both routes, then time them the same way.
      await timeRequests(`${base}/api/health`, headers);
      const users = await timeRequests(`${base}${query}`, headers);
      const health = await timeRequests(`${base}/api/health`, headers);
      const [usersP95Ms, healthP95Ms] = [users.p95, health.p95];
      return {
        users: total,
        matching: check.data.pagination.total,
        requests: REQUESTS,
        usersP50Ms: Math.round(users.p50 * 10) / 10,
        usersP95Ms: Math.round(usersP95Ms * 10) / 10,
        healthP50Ms: Math.round(health.p50 * 10) / 10,
        healthP95Ms: Math.round(healthP95Ms * 10) / 10,
        ratio: Math.round((usersP95Ms / healthP95Ms) * 10) / 10,
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

export async function benchSystem() {
  return { userList: await benchUsers() };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await benchUsers(), null, 2));
}
