#!/usr/bin/env node
// Several server instances behind HAProxy on one machine, supervised (README, "Several instances"):
//
//   DATABASE_URL=postgres://… REDIS_URL=redis://… node deploy/cluster.mjs --instances 3 --port 8080
//
// - Needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL): the instances share the database, the
//   uploads (stored in PostgreSQL or the configured object store), the rate limits and the pushes.
// - Instance i listens on 127.0.0.1:(port + 1 + i); HAProxy (from Debian's `haproxy` package, or
//   HAPROXY=path) listens on --host:--port with deploy/haproxy.cfg.
// - The first instance migrates and seeds the database; the others start once it listens.
// - An instance that dies is started again (a supervisor's job: systemd's Restart=always does the
//   same on a machine per instance).
// - SIGTERM or SIGINT: every instance drains (SHUTDOWN_DRAIN_MS, default here 1500: the health
//   check sees it out first), then HAProxy stops.
// - Prints one JSON line per event on stdout ({event: 'ready', url}, {event: 'up', instance, pid,
//   port}, {event: 'exit', instance, code, signal}), so a script (the cluster test) can follow it.
// - Each instance has a data folder of its own (<DATA_DIR or server/data>/instance-<i>), as it
//   would on a machine of its own: nothing an instance keeps on its disk is shared.
// - Each instance's log lines go to <logs>/instance-<i>.log (--logs, default a new folder in the
//   system's temporary folder, named in the 'ready' line).
// Uses server/dist/main.js (built by npm start or npm run build), or --main <file>.
import { spawn, spawnSync } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');

const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    main: { type: 'string', default: join(ROOT, 'server', 'dist', 'main.js') },
    logs: { type: 'string' },
  },
});
const instances = Number(args.instances);
const port = Number(args.port);
if (!Number.isInteger(instances) || instances < 1 || instances > 32) fail('--instances: 1 to 32');
if (!Number.isInteger(port) || port < 1 || port + instances >= 65536) fail('--port: a free port');
if (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? ''))
  fail('DATABASE_URL: postgres://… (the instances share one PostgreSQL database)');
if (!process.env.REDIS_URL) fail('REDIS_URL: redis://… (the instances share pushes and limits)');
if ((process.env.FILE_STORE ?? 'database') === 'disk')
  fail('FILE_STORE=disk: each instance would keep the uploads it took; use database or s3');
const haproxy = process.env.HAPROXY || (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');
if (spawnSync(haproxy, ['-v']).status !== 0)
  fail(`${haproxy} not found: install Debian's haproxy package, or set HAPROXY`);

function fail(msg) {
  process.stderr.write(`cluster: ${msg}\n`);
  process.exit(2);
}

// the one reading the events may be gone (its terminal closed): the instances are still stopped
process.stdout.on('error', () => undefined);
const say = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);

/** deploy/haproxy.cfg with its LISTEN address and one `server` line per instance. */
function haproxyConfig(template, listen, ports) {
  const servers = ports.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check`).join('\n');
  return template.replace(/^(\s*bind )LISTEN$/m, `$1${listen}`).replace(/^SERVERS$/m, servers);
}

const env = {
  ...process.env,
  HOST: '127.0.0.1',
  TRUST_PROXY: '1',
  SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS ?? '1500',
  LOG_FORMAT: process.env.LOG_FORMAT ?? 'json',
};
const dataRoot = resolve(process.env.DATA_DIR ?? join(ROOT, 'server', 'data'));
const logs = resolve(args.logs ?? mkdtempSync(join(tmpdir(), 'lighting-cluster-logs-')));
mkdirSync(logs, { recursive: true });
const ports = Array.from({ length: instances }, (_, i) => port + 1 + i);
const children = new Array(instances).fill(null);
let stopping = false;

/** Starts instance i; resolves once it answers (whatever its LOG_LEVEL prints). */
function start(i) {
  const child = spawn(process.execPath, [args.main], {
    env: { ...env, PORT: String(ports[i]), DATA_DIR: join(dataRoot, `instance-${i}`) },
    stdio: ['ignore', 'pipe', 'inherit'],
    // a process group of its own: a Ctrl-C or a group signal reaches this supervisor only, which
    // then stops each instance once (a second signal would make an instance exit at once)
    detached: true,
  });
  children[i] = child;
  child.stdout.pipe(createWriteStream(join(logs, `instance-${i}.log`), { flags: 'a' }));
  let up = false;
  const exited = new Promise((resolveExit) =>
    child.once('exit', (code, signal) => {
      say({ event: 'exit', instance: i, code, signal });
      resolveExit(code ?? signal);
      if (up && !stopping) start(i).catch((e) => say({ event: 'error', instance: i, message: String(e) }));
    }),
  );
  return (async () => {
    for (;;) {
      const answered = await fetch(`http://127.0.0.1:${ports[i]}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (answered) break;
      const gone = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 100))]);
      if (gone !== null) throw new Error(`instance ${i} exited (${gone}) before it answered`);
    }
    up = true;
    say({ event: 'up', instance: i, pid: child.pid, port: ports[i] });
  })();
}

const dir = mkdtempSync(join(tmpdir(), 'lighting-cluster-'));
const cfg = join(dir, 'haproxy.cfg');
writeFileSync(
  cfg,
  haproxyConfig(readFileSync(join(HERE, 'haproxy.cfg'), 'utf8'), `${args.host}:${port}`, ports),
);

let proxy = null;
async function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  say({ event: 'stopping', signal });
  await Promise.all(
    children.map(
      (c) =>
        new Promise((done) => {
          if (!c || c.exitCode !== null || c.signalCode !== null) return done();
          c.once('exit', done);
          c.kill('SIGTERM');
        }),
    ),
  );
  if (proxy && proxy.exitCode === null) {
    const gone = new Promise((done) => proxy.once('exit', done));
    proxy.kill('SIGTERM');
    await gone;
  }
  rmSync(dir, { recursive: true, force: true });
  say({ event: 'stopped' });
  process.exit(0);
}
process.on('SIGTERM', () => void stopAll('SIGTERM'));
process.on('SIGINT', () => void stopAll('SIGINT'));

try {
  await start(0);
  await Promise.all(ports.slice(1).map((_, k) => start(k + 1)));
} catch (e) {
  stopping = true;
  children.forEach((c) => c?.kill('SIGKILL'));
  fail(String(e instanceof Error ? e.message : e));
}
proxy = spawn(haproxy, ['-f', cfg, '-db'], { stdio: ['ignore', 'inherit', 'inherit'], detached: true });
proxy.once('exit', (code) => {
  if (!stopping) {
    say({ event: 'error', message: `haproxy exited (${code})` });
    void stopAll('haproxy');
  }
});
// ready once the proxy answers and sees an instance ready
const url = `http://${args.host === '0.0.0.0' ? '127.0.0.1' : args.host}:${port}`;
for (;;) {
  try {
    const res = await fetch(`${url}/api/ready`);
    if (res.ok) break;
  } catch {
    /* the proxy is starting */
  }
  await new Promise((r) => setTimeout(r, 100));
}
say({ event: 'ready', url, instances, ports, logs });
