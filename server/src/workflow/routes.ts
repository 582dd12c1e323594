/**
 * /api/workflow (spec §7 Workflow, design/workflow.md; contract in docs/api/workflow.md): the flow
 * engine's definitions and forms, launching, the to-do / done / circulate lists and actions, my
 * launches, the monitor and entrust; and the durable timer scheduler, started with the app.
 */
import type { FastifyInstance } from 'fastify';
import { contains } from '../db/search';
import { ApiError } from '../http/envelope';
import { hasPermission } from '../http/permissions';
import { MENU, assertMayView } from './access';
import { WORK_TICKET_RULE } from './forms';
import { registerBeforeRoutes } from './routes-before';
import { registerEngineRoutes } from './routes-engine';
import { registerLaunchRoutes } from './routes-launch';
import { registerTaskRoutes } from './routes-task';
import { FlowScheduler } from './scheduler';
import { WorkflowService } from './service';

export { WORK_TICKET_RULE };

/** A non-negative number from the environment, else `fallback`. */
function envNumber(name: string, fallback: number): number {
  const v = Number(process.env[name] ?? fallback);
  return Number.isFinite(v) && v >= 0 ? v : fallback;
}

export function registerWorkflowRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  // a work ticket draws its number when submitted; whoever may launch may also reserve one
  ctx.billRuleUses.push(
    async (user, rule) => rule === WORK_TICKET_RULE && hasPermission(ctx, user, MENU.launch),
  );
  // a file a flow's form holds is read by whoever may see one of the tasks holding it
  ctx.fileUses.push(async (user, file) => {
    const tasks = await ctx.db
      .selectFrom('flow_task')
      .select(['id', 'flowId', 'creatorUserId'])
      .where(contains('data', file.name))
      .limit(50)
      .execute();
    if (!tasks.length) return null;
    for (const t of tasks)
      try {
        await assertMayView(ctx, user, t);
        return true;
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
      }
    return false;
  });
  const service = new WorkflowService(ctx, app.log);
  registerEngineRoutes(app, service);
  registerTaskRoutes(app, service);
  registerBeforeRoutes(app, service);
  registerLaunchRoutes(app, service);

  // FLOW_TIMER_POLL_MS (default 1000; 0: no scheduler on this instance), FLOW_TIMER_CLAIM_MS
  // (default 60000: how long a claim of an instance that died holds its rows), FLOW_TIMER_BATCH
  // (rows per claim, default 50); FLOW_TIMER_CRASH_AFTER is the crash test's fault injection
  const poll = envNumber('FLOW_TIMER_POLL_MS', 1000);
  const scheduler = new FlowScheduler(ctx, service, {
    pollMs: poll || 1000,
    claimMs: envNumber('FLOW_TIMER_CLAIM_MS', 60_000) || 60_000,
    batch: envNumber('FLOW_TIMER_BATCH', 50) || 50,
    crashAfter: envNumber('FLOW_TIMER_CRASH_AFTER', 0),
  });
  schedulers.set(app, scheduler);
  if (poll > 0) app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
}

const schedulers = new WeakMap<FastifyInstance, FlowScheduler>();

/** The app's timer scheduler (tests tick it by hand; the bench reads its figures). */
export function schedulerOf(app: FastifyInstance): FlowScheduler {
  const s = schedulers.get(app);
  if (!s) throw new Error('the workflow domain is not registered');
  return s;
}
