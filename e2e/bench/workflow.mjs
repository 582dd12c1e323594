// The workflow figures of issue 14 (each on its own scratch server, `server/dist/main.js`):
// - completed flows per second (launch + the two approvers each opening the task and approving),
//   on SQLite and on PostgreSQL (when BENCH_DATABASE_URL or DATABASE_URL answers), against a bare
//   authenticated write route (POST /api/system/Message/Actions/ReadAll) in the same run;
// - the to-do list's p95 with 100,000 tasks in the database (and its ratio to /api/health);
// - the lag between timers' due times and their firing (flow_timer.firedAt − dueAt).
// Runnable alone: `node e2e/bench/workflow.mjs` prints the JSON.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { startServer } from '../../scripts/lib/server.mjs';
import { ROOT } from '../../scripts/lib/tools.mjs';
import { apiToken } from './common.mjs';

const FLOWS = Number(process.env.BENCH_FLOWS || 300);
const CONCURRENCY = Number(process.env.BENCH_FLOW_CONCURRENCY || 8);
const TASKS = Number(process.env.BENCH_TASKS || 100_000);
const TIMERS = Number(process.env.BENCH_TIMERS || 200);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 200);
const E = '/api/workflow/Engine';
const requireServer = createRequire(join(ROOT, 'server', 'package.json'));

const round1 = (x) => Math.round(x * 10) / 10;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))];

function client(base) {
  const call = async (token, method, url, body) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: token } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = await res.json();
    if (json.code !== 200) throw new Error(`${method} ${url}: ${json.code} ${json.msg}`);
    return json.data;
  };
  const login = (account, password) => apiToken(base, account, password);
  return { call, login };
}

/** start → the manager → the administrator (two approvals), on the leave form. */
const TWO_APPROVALS = {
  type: 'start',
  nodeId: 'start',
  prevId: null,
  properties: { title: '发起人', initiator: [], initiatePos: [], initiateRole: [], formOperates: [] },
  childNode: {
    type: 'approver',
    nodeId: 'a1',
    prevId: 'start',
    properties: {
      title: '经理',
      assigneeType: 6,
      approvers: ['u-manager'],
      counterSign: 0,
      rejectStep: '0',
      formOperates: [],
    },
    childNode: {
      type: 'approver',
      nodeId: 'a2',
      prevId: 'a1',
      properties: {
        title: '管理员',
        assigneeType: 6,
        approvers: ['u-admin'],
        counterSign: 0,
        rejectStep: '0',
        formOperates: [],
      },
    },
  },
};
const TIMED = {
  type: 'start',
  nodeId: 'start',
  prevId: null,
  properties: { title: '发起人', initiator: [], initiatePos: [], initiateRole: [], formOperates: [] },
  childNode: {
    type: 'timer',
    nodeId: 'wait',
    prevId: 'start',
    properties: { title: '等待', day: 0, hour: 0, minute: 0, second: 2 },
    childNode: {
      type: 'approver',
      nodeId: 'a1',
      prevId: 'wait',
      properties: {
        title: '经理',
        assigneeType: 6,
        approvers: ['u-manager'],
        counterSign: 0,
        rejectStep: '0',
        formOperates: [],
      },
    },
  },
};
const LEAVE = JSON.stringify({ leaveType: 'sick', leaveDays: 1, startTime: 1, endTime: 2, reason: '测' });

async function releaseFlow(api, admin, code, tpl) {
  const { id } = await api.call(admin, 'POST', `${E}/FlowEngine`, {
    fullName: code,
    enCode: code,
    formId: 'ff-leaveApply',
    flowTemplateJson: JSON.stringify(tpl),
  });
  await api.call(admin, 'POST', `${E}/FlowEngine/Release/${id}`);
  return id;
}

async function pool(n, worker) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) {
        const i = next++;
        await worker(i);
      }
    }),
  );
}

/** Completed flows per second, and the bare write route's requests per second, on one server. */
async function throughput(env, port) {
  const server = await startServer({ PORT: String(port), MAP_ASSETS: '0', ...env });
  try {
    const api = client(server.url.replace(/\/$/, ''));
    const [admin, operator, manager] = [
      await api.login('admin', 'admin123'),
      await api.login('operator', 'operator123'),
      await api.login('manager', 'manager123'),
    ];
    const flowId = await releaseFlow(api, admin, `bench${randomBytes(3).toString('hex')}`, TWO_APPROVALS);
    const one = async () => {
      const { id } = await api.call(operator, 'POST', `${E}/FlowTask`, { flowId, data: LEAVE, status: 0 });
      for (const token of [manager, admin]) {
        const page = await api.call(token, 'GET', `${E}/FlowBefore/${id}`);
        await api.call(token, 'POST', `${E}/FlowBefore/Audit/${page.operator.id}`, {});
      }
    };
    await pool(20, one); // warm up
    let t = performance.now();
    await pool(FLOWS, one);
    const flowsPerSecond = FLOWS / ((performance.now() - t) / 1000);
    const writes = FLOWS * 5;
    await pool(50, () => api.call(operator, 'POST', '/api/system/Message/Actions/ReadAll'));
    t = performance.now();
    await pool(writes, () => api.call(operator, 'POST', '/api/system/Message/Actions/ReadAll'));
    const writesPerSecond = writes / ((performance.now() - t) / 1000);
    return {
      flows: FLOWS,
      concurrency: CONCURRENCY,
      completedFlowsPerSecond: round1(flowsPerSecond),
      requestsPerFlow: 5,
      flowRequestsPerSecond: round1(flowsPerSecond * 5),
      bareWriteRequestsPerSecond: round1(writesPerSecond),
      ratio: Math.round(((flowsPerSecond * 5) / writesPerSecond) * 100) / 100,
    };
  } finally {
    await server.stop();
  }
}

/** Adds `n` waiting tasks (one operator row each, spread over every user) to the SQLite file. */
function seedTasks(file, n) {
  const Database = requireServer('libsql');
  const db = new Database(file);
  const users = db
    .prepare(`SELECT "id" FROM "user" ORDER BY "id"`)
    .all()
    .map((u) => u.id);
  const now = Date.now();
  const chunk = 400;
  db.exec('BEGIN');
  for (let start = 0; start < n; start += chunk) {
    const rows = Math.min(chunk, n - start);
    const tasks = [];
    const ops = [];
    const nodes = [];
    for (let k = 0; k < rows; k++) {
      const i = start + k;
      const id = `bt-${i}`;
      const who = users[i % users.length];
      tasks.push(
        id,
        'fe-leave',
        'fe-leave-v1',
        1,
        `请假申请 ${i}`,
        1,
        1 + (i % 3),
        LEAVE,
        '{}',
        '[]',
        'u-operator',
        now - i * 1000,
        now - i * 1000,
        now - i * 1000,
        2,
        '直属主管审批',
      );
      ops.push(`bo-${i}`, id, 'manager', 2, who, 0, 0, now - i * 1000);
      nodes.push(`bn-${i}`, id, 'manager', 'approver', '直属主管审批', 1, 2, now - i * 1000, '[]');
    }
    const q = (cols, count) =>
      Array(count)
        .fill(`(${Array(cols).fill('?').join(',')})`)
        .join(',');
    db.prepare(
      `INSERT INTO "flow_task" ("id","flowId","versionId","flowVersion","fullName","status","flowUrgent","data","candidates","copyIds","creatorUserId","createdAt","startTime","updatedAt","version","thisStep") VALUES ${q(16, rows)}`,
    ).run(tasks);
    db.prepare(
      `INSERT INTO "flow_operator" ("id","taskId","nodeId","round","userId","state","sortOrder","createdAt") VALUES ${q(8, rows)}`,
    ).run(ops);
    db.prepare(
      `INSERT INTO "flow_task_node" ("id","taskId","nodeId","nodeType","title","state","round","enteredAt","joined") VALUES ${q(9, rows)}`,
    ).run(nodes);
  }
  db.exec('COMMIT');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const total = db.prepare('SELECT count(*) AS n FROM "flow_task"').get().n;
  const mine = db
    .prepare(`SELECT count(*) AS n FROM "flow_operator" WHERE "userId" = 'u-manager' AND "state" = 0`)
    .get().n;
  db.close();
  return { total, mine };
}

async function timeRequests(url, headers) {
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const body = await (await fetch(url, { headers })).json();
    if (body.code !== 200) throw new Error(`${url}: ${body.code} ${body.msg}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 0.5), p95: pct(times, 0.95) };
}

/** The to-do list with TASKS tasks, and the timers' lag, on one SQLite server. */
async function todoAndTimers(port) {
  const data = mkdtempSync(join(tmpdir(), 'lighting-bench-flow-'));
  try {
    const first = await startServer({
      PORT: String(port),
      DATA_DIR: data,
      DATABASE_URL: '',
      MAP_ASSETS: '0',
    });
    await first.stop();
    const seeded = seedTasks(join(data, 'lighting.db'), TASKS);
    const server = await startServer({
      PORT: String(port),
      DATA_DIR: data,
      DATABASE_URL: '',
      MAP_ASSETS: '0',
    });
    try {
      const base = server.url.replace(/\/$/, '');
      const api = client(base);
      const manager = await api.login('manager', 'manager123');
      const headers = { authorization: manager };
      const list = `${base}${E}/FlowBefore/List/1?currentPage=2&pageSize=20`;
      await timeRequests(`${base}/api/health`, headers);
      const todo = await timeRequests(list, headers);
      const health = await timeRequests(`${base}/api/health`, headers);

      // timers: TIMERS tasks each waiting 2 s on a timer node; lag = firedAt − dueAt
      const admin = await api.login('admin', 'admin123');
      const operator = await api.login('operator', 'operator123');
      const flowId = await releaseFlow(api, admin, 'benchTimers', TIMED);
      const ids = [];
      await pool(TIMERS, async () =>
        ids.push((await api.call(operator, 'POST', `${E}/FlowTask`, { flowId, data: LEAVE, status: 0 })).id),
      );
      const Database = requireServer('libsql');
      const db = new Database(join(data, 'lighting.db'), { readonly: true });
      const pending = db.prepare(
        `SELECT count(*) AS n FROM "flow_timer" WHERE "kind" = 'timer' AND "state" = 0`,
      );
      const until = Date.now() + 120_000;
      while (pending.get().n > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
      const lags = db
        .prepare(`SELECT "firedAt" - "dueAt" AS lag FROM "flow_timer" WHERE "kind" = 'timer' AND "state" = 1`)
        .all()
        .map((r) => Number(r.lag))
        .sort((a, b) => a - b);
      db.close();
      return {
        todoList: {
          tasks: seeded.total,
          managersWaitingRows: seeded.mine,
          requests: REQUESTS,
          todoP50Ms: round1(todo.p50),
          todoP95Ms: round1(todo.p95),
          healthP95Ms: round1(health.p95),
          ratio: round1(todo.p95 / health.p95),
        },
        timerLag: {
          timers: TIMERS,
          fired: lags.length,
          pollMs: Number(process.env.FLOW_TIMER_POLL_MS || 1000),
          lagP50Ms: lags.length ? pct(lags, 0.5) : null,
          lagP95Ms: lags.length ? pct(lags, 0.95) : null,
          lagMaxMs: lags.length ? lags[lags.length - 1] : null,
        },
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

/** A fresh schema on the PostgreSQL server, or null when none answers. */
async function postgresSchema(url) {
  if (!url) return null;
  const pg = requireServer('pg');
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
  } catch {
    return null;
  }
  const schema = `bench_wf_${randomBytes(4).toString('hex')}`;
  return {
    schema,
    async drop() {
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    },
  };
}

export async function benchWorkflow({ port = Number(process.env.BENCH_WORKFLOW_PORT || 8197) } = {}) {
  const sqliteDir = mkdtempSync(join(tmpdir(), 'lighting-bench-flow-'));
  let sqlite;
  try {
    sqlite = await throughput({ DATA_DIR: sqliteDir, DATABASE_URL: '' }, port);
  } finally {
    rmSync(sqliteDir, { recursive: true, force: true });
  }
  const pgUrl =
    process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const pg = await postgresSchema(pgUrl);
  let postgres = 'skipped (no PostgreSQL answered)';
  if (pg) {
    const dir = mkdtempSync(join(tmpdir(), 'lighting-bench-flow-'));
    try {
      postgres = await throughput({ DATA_DIR: dir, DATABASE_URL: pgUrl, DATABASE_SCHEMA: pg.schema }, port);
    } finally {
      await pg.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { completedFlows: { sqlite, postgres }, ...(await todoAndTimers(port)) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await benchWorkflow(), null, 2));
}
