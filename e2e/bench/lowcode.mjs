// The published low-code list at scale (issue 13), on SQLite and (when one answers) PostgreSQL:
// - a model with 100,000 records (loaded straight into the database), its list saved so the server
//   gives the searched and sorted fields their key slots and builds every record's keys (timed);
// - the list call with a keyword filter and a sort, p50 / p95 one request at a time, against
//   /api/health timed the same way in the same run;
// - the export of all 100,000 records (streamed .xlsx): time, bytes, and the server's resident
//   memory before and at its peak while exporting (sampled from /proc every 20 ms);
// - issue 24: the same list call as a user whose data permissions keep a sixth of the records
//   (one scheme on a field of the form), p50 / p95 in the same run, against the unscoped call.
// Runnable alone: `node e2e/bench/lowcode.mjs` prints the JSON.
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { startServer, testDatabaseUrl } from '../../scripts/lib/server.mjs';
import { ROOT } from '../../scripts/lib/tools.mjs';
import { apiToken } from './common.mjs';

const RECORDS = Number(process.env.BENCH_LOWCODE_RECORDS || 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 200);
const serverRequire = createRequire(join(ROOT, 'server', 'package.json'));

const PLACES = ['东城', '西城', '南湖', '北山', '高新', '滨江'];
const KINDS = ['路灯', '灯杆', '变压器', '检查井', '电缆', '控制箱'];

const field = (jnpfKey, vModel, label, config = {}, props = {}) => ({
  __config__: { jnpfKey, label, ...config },
  __vModel__: vModel,
  ...props,
});
const FORM = {
  fields: [
    field('input', 'name', '名称', { required: true }),
    field(
      'select',
      'kind',
      '类型',
      { dataType: 'static' },
      {
        options: KINDS.map((k, i) => ({ id: String(i + 1), fullName: k })),
      },
    ),
    field('inputNumber', 'watts', '功率', {}, { min: 0, max: 100000 }),
    field('datePicker', 'installed', '安装日期'),
    field('textarea', 'note', '备注'),
  ],
};
const LIST = {
  type: 1,
  columnList: [
    { prop: 'name', label: '名称', sortable: true },
    { prop: 'kind', label: '类型' },
    { prop: 'watts', label: '功率', sortable: true },
    { prop: 'installed', label: '安装日期', sortable: true },
    { prop: 'note', label: '备注' },
  ],
  searchList: [
    { prop: 'name', label: '名称' },
    { prop: 'kind', label: '类型' },
    { prop: 'watts', label: '功率' },
  ],
  defaultSidx: 'installed',
  sort: 'desc',
};

/** The i-th record's values (deterministic). */
function record(i) {
  const r = (n) => (i * 2654435761 + n * 97) % 1_000_003;
  return {
    name: `${PLACES[r(1) % 6]}${KINDS[r(2) % 6]}${String(r(3) % 100_000).padStart(5, '0')}号`,
    kind: String((r(4) % 6) + 1),
    watts: r(5) % 1000,
    installed: 1_500_000_000_000 + r(6) * 100_000,
    note: `巡查记录 ${i}：灯具完好，线路无破损，备注文字若干。`,
  };
}

async function api(base, token, method, path, body) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`);
  return json.data;
}

/** The model (no list yet: no key slots, so loading its records needs no keys). */
async function makeModel(base, token) {
  const { id } = await api(base, token, 'POST', '/visualdev/Base', {
    fullName: '路灯台账压测',
    enCode: `bench.lamps${Date.now().toString(36)}`,
    category: 'dt-visualDevCategory:asset',
    type: 2,
    formData: JSON.stringify(FORM),
  });
  return id;
}

function loadSqlite(file, modelId, n) {
  const Database = serverRequire('libsql');
  const db = new Database(file);
  const now = Date.now();
  db.exec('BEGIN');
  const chunk = 500;
  for (let start = 0; start < n; start += chunk) {
    const rows = Math.min(chunk, n - start);
    const values = [];
    for (let k = 0; k < rows; k++) {
      const i = start + k;
      values.push(`bench-${i}`, modelId, 1, JSON.stringify(record(i)), 'u-admin', now - i * 1000);
    }
    db.prepare(
      `INSERT INTO "lowcode_record" ("id","modelId","version","data","createdBy","createdAt") VALUES ${Array(rows).fill('(?,?,?,?,?,?)').join(',')}`,
    ).run(values);
  }
  db.exec('COMMIT');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
}

async function loadPostgres(url, schema, modelId, n) {
  const pg = serverRequire('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`SET search_path TO "${schema}"`);
  const now = Date.now();
  for (let start = 0; start < n; start += 5000) {
    const ids = [];
    const data = [];
    const created = [];
    for (let i = start; i < Math.min(n, start + 5000); i++) {
      ids.push(`bench-${i}`);
      data.push(JSON.stringify(record(i)));
      created.push(now - i * 1000);
    }
    await client.query(
      `INSERT INTO "lowcode_record" ("id","modelId","version","data","createdBy","createdAt")
       SELECT id, $1, 1, d::jsonb, 'u-admin', c FROM unnest($2::text[], $3::text[], $4::bigint[]) AS t(id, d, c)`,
      [modelId, ids, data, created],
    );
  }
  await client.query('ANALYZE "lowcode_record"');
  await client.end();
}

async function timeRequests(url, headers) {
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.json();
    if (body.code !== 200) throw new Error(`${url}: ${body.code} ${body.msg}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.ceil(times.length * p) - 1)];
  return { p50: at(0.5), p95: at(0.95) };
}

const rssOf = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
};
const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const ms = (x) => Math.round(x * 10) / 10;

/**
 * The list as the seeded district operator (east), granted the page and one data-permission scheme
 * over its records: the list call timed the same way (issue 24).
 */
async function scopedList(base, token, menuId, query) {
  await api(base, token, 'POST', '/system/Base/ModuleDataAuthorize', {
    moduleId: menuId,
    enCode: 'watts',
    fullName: '功率',
    conditionSymbol: '<',
    conditionText: 'text',
  });
  await api(base, token, 'POST', '/system/Base/ModuleDataAuthorizeScheme', {
    moduleId: menuId,
    enCode: 'small',
    fullName: '小功率',
    // a sixth of the records, unrelated to the list's name filter (the records' fields are not)
    conditionJson: JSON.stringify([{ logic: 'and', groups: [{ field: 'watts', op: '<', value: 167 }] }]),
  });
  const role = '/system/Permission/Authority/Data/Role/role-district';
  const { ids } = await api(base, token, 'GET', role);
  await api(base, token, 'PUT', role, {
    ...ids,
    module: [...ids.module, 'menu-onlineDev', menuId],
    resource: [...ids.resource, `${menuId}:d:small`],
  });
  const east = await apiToken(base, 'east', 'east123');
  const headers = { authorization: east };
  const check = await (await fetch(`${base}${query}`, { headers })).json();
  if (check.code !== 200) throw new Error(`scoped list: ${check.code} ${check.msg}`);
  const t = await timeRequests(`${base}${query}`, headers);
  return { matching: check.data.pagination.total, ...t };
}

/** The measurements on one running server whose model holds the records. */
async function measure(server, base, token, modelId) {
  const headers = { authorization: token };
  // the list saved: slots given, 100,000 records' keys built in the save's transaction
  const model = await api(base, token, 'GET', `/visualdev/Base/${modelId}`);
  let t = performance.now();
  await api(base, token, 'PUT', `/visualdev/Base/${modelId}`, {
    fullName: model.fullName,
    enCode: model.enCode,
    category: model.category,
    type: 2,
    columnData: JSON.stringify(LIST),
  });
  const keyBuildMs = performance.now() - t;
  const released = await api(base, token, 'POST', `/visualdev/Base/${modelId}/Actions/Release`, {
    parentId: 'menu-onlineDev',
  });

  const query = `/api/visualdev/OnlineDev/${modelId}/List?currentPage=3&pageSize=20&sidx=watts&sort=desc&queryJson=${encodeURIComponent(JSON.stringify({ name: '东城' }))}`;
  const check = await (await fetch(`${base}${query}`, { headers })).json();
  await timeRequests(`${base}/api/health`, headers);
  const list = await timeRequests(`${base}${query}`, headers);
  const health = await timeRequests(`${base}/api/health`, headers);
  // issue 24: the same list as the district operator, whose role is granted the page with one
  // data-permission scheme (功率 < 167: a sixth of the records), against the unscoped one above
  const scoped = await scopedList(base, token, released.menuId, query);

  // the export: streamed to nowhere, the server's memory sampled meanwhile
  const pid = server.child.pid;
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  t = performance.now();
  const res = await fetch(`${base}/api/visualdev/OnlineDev/${modelId}/Actions/Export`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  });
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const exportMs = performance.now() - t;
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(pid));
  return {
    records: RECORDS,
    keyBuildMs: Math.round(keyBuildMs),
    listMatching: check.data.pagination.total,
    requests: REQUESTS,
    listP50Ms: ms(list.p50),
    listP95Ms: ms(list.p95),
    healthP50Ms: ms(health.p50),
    healthP95Ms: ms(health.p95),
    ratio: ms(list.p95 / health.p95),
    scopedListMatching: scoped.matching,
    scopedListP50Ms: ms(scoped.p50),
    scopedListP95Ms: ms(scoped.p95),
    scopedVsUnscopedP95: ms(scoped.p95 / list.p95),
    exportRows: Number(res.headers.get('x-total-count')),
    exportMs: Math.round(exportMs),
    exportMB: mb(bytes),
    serverRssBeforeMB: mb(before),
    serverRssPeakMB: mb(peak),
    serverRssGrowthMB: mb(peak - before),
  };
}

async function onSqlite(port) {
  const data = mkdtempSync(join(tmpdir(), 'lighting-bench-lowcode-'));
  try {
    const env = { PORT: String(port), DATA_DIR: data, DATABASE_URL: '', MAP_ASSETS: '0' };
    const first = await startServer(env);
    const base0 = first.url.replace(/\/$/, '');
    const modelId = await makeModel(base0, await apiToken(base0));
    await first.stop();
    loadSqlite(join(data, 'lighting.db'), modelId, RECORDS);
    const server = await startServer(env);
    try {
      const base = server.url.replace(/\/$/, '');
      return await measure(server, base, await apiToken(base), modelId);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

async function onPostgres(port, url) {
  const data = mkdtempSync(join(tmpdir(), 'lighting-bench-lowcode-pg-'));
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const env = {
    PORT: String(port),
    DATA_DIR: data,
    DATABASE_URL: url,
    DATABASE_SCHEMA: schema,
    MAP_ASSETS: '0',
  };
  try {
    const server = await startServer(env);
    try {
      const base = server.url.replace(/\/$/, '');
      const token = await apiToken(base);
      const modelId = await makeModel(base, token);
      await loadPostgres(url, schema, modelId, RECORDS);
      return await measure(server, base, token, modelId);
    } finally {
      await server.stop();
    }
  } finally {
    const pg = serverRequire('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
    rmSync(data, { recursive: true, force: true });
  }
}

export async function benchLowcode({ port = Number(process.env.BENCH_LOWCODE_PORT || 8193) } = {}) {
  const url = await testDatabaseUrl();
  return {
    sqlite: await onSqlite(port),
    postgres: url ? await onPostgres(port, url) : 'skipped (no PostgreSQL answers)',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await benchLowcode(), null, 2));
}
