// The chat figures of issue 15:
// - 2,000 sockets on loopback (1,000 pairs of users): delivery latency p50/p99 from a send to the
//   receiver's frame at a steady message rate, the sender's ack latency, server memory per socket
//   (RSS growth of the server process while sockets 101–2,000 signed in, after 100 warmed it up);
// - the fault-injection run's counts (server/test/chat-faults.test.ts, run through jest with
//   FAULT_REPORT): sent, acknowledged, stored, delivered, lost, duplicated.
// Runnable alone: `node e2e/bench/chat.mjs` prints the JSON.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer } from '../../scripts/lib/server.mjs';
import { ROOT } from '../../scripts/lib/tools.mjs';
import { seedUsers } from './system.mjs';

const requireServer = createRequire(join(ROOT, 'server', 'package.json'));
const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS || 2000);
const RATE = Number(process.env.BENCH_CHAT_RATE || 50); // messages per second, all pairs together
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS || 10);

const rssKb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
};

function quantiles(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p) =>
    s.length ? Math.round(s[Math.min(s.length - 1, Math.ceil(s.length * p) - 1)] * 10) / 10 : null;
  return { n: s.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

/** Gives each of the first `n` bench users a token, as a sign-in would (no password hashing). */
function tokensFor(file, n) {
  const Database = requireServer('libsql');
  const db = new Database(file);
  const users = db.prepare(`SELECT "id" FROM "user" WHERE "id" LIKE 'bench-%' ORDER BY "id" LIMIT ?`).all(n);
  const now = Date.now();
  const insert = db.prepare(
    `INSERT INTO "token" ("token","userId","createdAt","expiresAt","revokedAt","revokeReason","ip") VALUES (?,?,?,?,NULL,NULL,'127.0.0.1')`,
  );
  db.exec('BEGIN');
  const out = users.map((u) => {
    const token = randomBytes(32).toString('hex');
    insert.run(token, u.id, now, now + 3_600_000);
    return { userId: u.id, token };
  });
  db.exec('COMMIT');
  db.close();
  return out;
}

export async function benchChatSockets({ port = Number(process.env.BENCH_CHAT_PORT || 8193) } = {}) {
  const WebSocket = requireServer('ws');
  const data = mkdtempSync(join(tmpdir(), 'lighting-bench-chat-'));
  const env = {
    PORT: String(port),
    DATA_DIR: data,
    DATABASE_URL: '',
    MAP_ASSETS: '0',
    CHAT_SEND_BURST: '1000',
    CHAT_SEND_PER_SECOND: '1000',
  };
  const sockets = [];
  let server = null;
  try {
    const first = await startServer(env);
    await first.stop();
    seedUsers(join(data, 'lighting.db'), SOCKETS);
    const users = tokensFor(join(data, 'lighting.db'), SOCKETS);
    server = await startServer(env);
    const url = `ws://127.0.0.1:${port}/api/message/websocket`;
    await fetch(`http://127.0.0.1:${port}/api/health`);
    const rssBefore = rssKb(server.child.pid);

    const sentAt = new Map();
    const delivery = [];
    const ack = [];
    let received = 0;
    const open = (u) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(url);
        ws.on('error', reject);
        ws.on('open', () =>
          ws.send(JSON.stringify({ method: 'OnConnection', token: u.token, mobileDevice: false })),
        );
        ws.on('message', (raw) => {
          const now = performance.now();
          const f = JSON.parse(String(raw));
          if (f.method === 'initMessage') resolve(ws);
          else if (f.method === 'receiveMessage') {
            const t = sentAt.get(f.message.clientMsgId);
            if (t !== undefined) delivery.push(now - t);
            received++;
          } else if (f.method === 'sendMessage') {
            const t = sentAt.get(f.clientMsgId);
            if (t !== undefined) ack.push(now - t);
          }
        });
      });
    // The first 100 sockets warm the server up (code compiled, pools and buffers allocated, the
    // start-up garbage collected): memory per socket is measured over the other 1,900, or the start's
    // own garbage being collected shows as a negative figure.
    const WARM = Math.min(100, users.length);
    sockets.push(...(await Promise.all(users.slice(0, WARM).map(open))));
    const rssWarm = rssKb(server.child.pid);
    const t0 = performance.now();
    for (let i = WARM; i < users.length; i += 100)
      sockets.push(...(await Promise.all(users.slice(i, Math.min(i + 100, users.length)).map(open))));
    const connectMs = Math.round(performance.now() - t0);
    const rssAfter = rssKb(server.child.pid);

    // Pairs (i, i + half): senders round-robin at RATE messages a second for SECONDS.
    const half = Math.floor(users.length / 2);
    const total = RATE * SECONDS;
    let sent = 0;
    await new Promise((resolve) => {
      const tickMs = 20;
      const perTick = Math.max(1, Math.round((RATE * tickMs) / 1000));
      const timer = setInterval(() => {
        for (let k = 0; k < perTick && sent < total; k++, sent++) {
          const i = sent % half;
          const clientMsgId = `b${sent}`;
          sentAt.set(clientMsgId, performance.now());
          sockets[i].send(
            JSON.stringify({
              method: 'SendMessage',
              toUserId: users[i + half].userId,
              messageType: 'text',
              messageContent: `bench ${sent} [微笑]`,
              clientMsgId,
            }),
          );
        }
        if (sent >= total) {
          clearInterval(timer);
          resolve();
        }
      }, tickMs);
    });
    // Wait (bounded) for the last deliveries.
    const until = Date.now() + 30_000;
    while (received < total && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    return {
      // the machine's 1-minute load when the messages were sent (latency figures mean little on a
      // busy machine: compare runs at a similar load)
      loadAverage: Math.round(loadavg()[0] * 10) / 10,
      sockets: sockets.length,
      connectMs,
      serverRssMb: {
        idle: Math.round(rssBefore / 1024),
        warm: Math.round(rssWarm / 1024),
        after: Math.round(rssAfter / 1024),
      },
      memoryPerSocketKb: Math.round(((rssAfter - rssWarm) / (sockets.length - WARM)) * 10) / 10,
      messages: total,
      ratePerSecond: RATE,
      delivered: received,
      deliveryMs: quantiles(delivery),
      ackMs: quantiles(ack),
    };
  } finally {
    sockets.forEach((s) => s.terminate());
    if (server) await server.stop();
    rmSync(data, { recursive: true, force: true });
  }
}

/**
 * Runs the fault-injection test: SQLite, and PostgreSQL when BENCH_FAULTS_DATABASE_URL (set by
 * scripts/bench.mjs when PostgreSQL answers) or DATABASE_URL names one — with two instances when Redis
 * answers on 127.0.0.1:6379 (the server tests' global setup finds it).
 */
export function benchChatFaults() {
  const databaseUrl = process.env.BENCH_FAULTS_DATABASE_URL ?? process.env.DATABASE_URL ?? '';
  const out = join(mkdtempSync(join(tmpdir(), 'lighting-bench-faults-')), 'faults.json');
  const r = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'jest'),
    ['-c', 'server/jest.config.cjs', '--rootDir', 'server', '--runInBand', 'test/chat-faults.test.ts'],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, FAULT_REPORT: out },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const counts = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : [];
  rmSync(join(out, '..'), { recursive: true, force: true });
  return { passed: r.status === 0, runs: counts };
}

export async function benchChat() {
  return { sockets: await benchChatSockets(), faults: benchChatFaults() };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchChat(), null, 2));
}
