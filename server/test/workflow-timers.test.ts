/**
 * Durable timers: a burst of due timer nodes fired by two instances at once (each exactly once),
 * and a server killed with SIGKILL in the middle of a burst, then restarted (PostgreSQL: two server
 * processes, one of them killed): none lost, none fired twice. The processes are the real server
 * (src/main.ts bundled); the test waits on their log lines, never on a clock.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { NodeState, OperatorState } from '@lighting/shared/flowcore';
import { schedulerOf } from '../src/workflow/routes';
import { FlowScheduler } from '../src/workflow/scheduler';
import { workflowOf } from '../src/workflow/service';
import { TARGETS, body, createEnv, login, sendAs, type TestEnv } from './helpers';
import { ServerProcess, bundleServer, killLeftovers, removeBundle } from './server-process';
import { TIMER_FLOW } from './timer-flow';

const E = '/api/workflow/Engine';
/** Ports of this test's server processes (the workflow helper's range). */
const PORTS = [8231, 8232];

/** Creates and releases the timer flow, then launches `n` tasks; returns their ids. */
async function burst(app: FastifyInstance, n: number, code: string): Promise<string[]> {
  const admin = await login(app, 'admin', 'admin123');
  const operator = await login(app, 'operator', 'operator123');
  const c = body(
    await sendAs(app, admin, 'POST', `${E}/FlowEngine`, {
      fullName: '定时测试',
      enCode: code,
      formId: 'ff-leaveApply',
      flowTemplateJson: JSON.stringify(TIMER_FLOW),
    }),
  );
  expect(c.code).toBe(200);
  expect(body(await sendAs(app, admin, 'POST', `${E}/FlowEngine/Release/${c.data.id}`)).code).toBe(200);
  const data = JSON.stringify({ leaveType: 'sick', leaveDays: 1, startTime: 1, endTime: 2, reason: 'x' });
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = body(
      await sendAs(app, operator, 'POST', `${E}/FlowTask`, { flowId: c.data.id, data, status: 0 }),
    );
    expect(r.code).toBe(200);
    ids.push(r.data.id);
  }
  return ids;
}

/** Every task moved past its timer exactly once: one fired timer, one row for the manager. */
async function checkOnce(app: FastifyInstance, ids: string[]): Promise<void> {
  const db = app.ctx.db;
  const timers = await db
    .selectFrom('flow_timer')
    .select(['taskId', 'state'])
    .where('taskId', 'in', ids)
    .where('kind', '=', 'timer')
    .execute();
  expect(timers).toHaveLength(ids.length);
  expect(timers.filter((t) => t.state !== 1)).toEqual([]);
  const ops = await db
    .selectFrom('flow_operator')
    .select(['taskId', 'state'])
    .where('taskId', 'in', ids)
    .execute();
  expect(ops).toHaveLength(ids.length);
  expect(new Set(ops.map((o) => o.taskId)).size).toBe(ids.length);
  expect(ops.every((o) => o.state === OperatorState.WAITING)).toBe(true);
  const waits = await db
    .selectFrom('flow_task_node')
    .select('state')
    .where('taskId', 'in', ids)
    .where('nodeId', '=', 'wait')
    .execute();
  expect(waits.every((w) => w.state === NodeState.DONE)).toBe(true);
}

describe.each(TARGETS)('workflow timers on %s', (target) => {
  let env: TestEnv;
  /** the apps' clock: the tasks are launched in the past, so their timers are due now */
  const past = Date.now() - 86_400_000;
  let now = past;

  beforeAll(async () => {
    // this file's in-process apps tick by hand (and leave the burst to the server processes)
    env = await createEnv(target, { FLOW_TIMER_POLL_MS: '0' });
  });
  afterAll(async () => {
    killLeftovers();
    await env.cleanup();
    await removeBundle();
  });

  it('two instances firing the same burst fire each timer once', async () => {
    const a = await env.makeApp({}, { clock: () => now });
    // PostgreSQL: a second instance; SQLite (one writer): a second scheduler in the instance
    const one = schedulerOf(a);
    const two =
      target === 'postgres'
        ? schedulerOf(await env.makeApp({}, { clock: () => now }))
        : new FlowScheduler(a.ctx, workflowOf(a.ctx), { instanceId: 'second', batch: 7 });
    const ids = await burst(a, 120, `timersA${target}`);
    now = past + 5_000;
    const [x, y] = await Promise.all([one.tick(), two.tick()]);
    expect(x + y).toBe(ids.length);
    expect(await Promise.all([one.tick(), two.tick()])).toEqual([0, 0]);
    await checkOnce(a, ids);
    process.stdout.write(
      `workflow timers (${target}): 2 instances, ${ids.length} due timers: ${x} + ${y} fired by the two ticks\n`,
    );
  });

  it('kill -9 during a burst, restart: none lost, none fired twice', async () => {
    // the timers are made in a day and then all made due at once; the first instance is started
    // with the fault injection FLOW_TIMER_CRASH_AFTER, so it SIGKILLs itself right after its 40th
    // timer commits: the crash lands mid-burst at a known point, with no clock to race
    const app = await env.makeApp({}, { clock: () => Date.now() + 86_400_000 });
    const ids = await burst(app, 150, `timersK${target}`);
    const main = await bundleServer();
    const procEnv = {
      ...(target === 'postgres'
        ? { DATABASE_URL: env.config.databaseUrl ?? '', DATABASE_SCHEMA: env.config.databaseSchema ?? '' }
        : { DATABASE_URL: '' }),
      DATA_DIR: env.dir,
      STATIC_ROOT: path.join(env.dir, 'static'),
      REMOTES_FILE: path.join(env.dir, 'remotes.json'),
      MAP_ASSETS: '0',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      FLOW_TIMER_POLL_MS: '20',
      FLOW_TIMER_CLAIM_MS: '500',
      FLOW_TIMER_BATCH: '10',
    };
    const CRASH_AFTER = 40;
    const instances = target === 'postgres' ? 2 : 1;
    const lines: Array<{ msg: string; instance: number }> = [];
    const waiters: Array<() => void> = [];
    const onLine = (instance: number) => (l: string) => {
      let j: { msg?: string };
      try {
        j = JSON.parse(l) as { msg?: string };
      } catch {
        return;
      }
      if (j.msg?.startsWith('workflow: timer')) {
        lines.push({ msg: j.msg, instance });
        waiters.splice(0).forEach((w) => w());
      }
    };
    const next = () => new Promise<void>((resolve) => waiters.push(resolve));
    const due = async () =>
      Number(
        (
          await app.ctx.db
            .selectFrom('flow_timer')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('taskId', 'in', ids)
            .where('state', '=', 0)
            .executeTakeFirstOrThrow()
        ).n,
      );
    await app.ctx.db
      .updateTable('flow_timer')
      .set({ dueAt: Date.now() - 1_000 })
      .where('taskId', 'in', ids)
      .where('state', '=', 0)
      .execute();
    const total = await due();
    const first = new ServerProcess(
      main,
      PORTS[0] ?? 8231,
      { ...procEnv, FLOW_TIMER_CRASH_AFTER: String(CRASH_AFTER) },
      { onLine: onLine(0), mayDieStarting: true },
    );
    await first.start();
    const crashed = first.exited();
    const procs = [first];
    for (let i = 1; i < instances; i++) {
      procs.push(new ServerProcess(main, PORTS[i] ?? 8233, procEnv, { onLine: onLine(i) }));
      await procs[i]!.start();
    }
    expect(await crashed).toBe('SIGKILL');
    const leftAtKill = await due();
    // one instance alone fired exactly its 40 before it died
    if (instances === 1) expect(leftAtKill).toBe(total - CRASH_AFTER);
    procs[0] = new ServerProcess(main, PORTS[0] ?? 8231, procEnv, { onLine: onLine(0) });
    await procs[0].start();
    // done when nothing is due: checked now and on each line the instances log (a timer's line
    // comes after its commit)
    while ((await due()) > 0) await next();
    for (const p of procs) await p.stop();
    await checkOnce(app, ids);
    process.stdout.write(
      `workflow timers (${target}): kill -9 of 1 of ${instances} instance(s) with ${leftAtKill} of ${total} timers still due; after the restart each fired once\n`,
    );
  }, 400_000);
});
