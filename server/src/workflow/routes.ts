/**
 * /api/workflow (spec §7 Workflow, design/workflow.md; contract in docs/api/workflow.md): the flow
 * engine's definitions and forms, launching, the to-do / done / circulate lists and actions, my
 * launches, the monitor and entrust; and the durable timer scheduler, started with the app.
 */
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../auth';
import { ApiError } from '../http/envelope';
import { MENU, assertMayView } from './access';
import { WORK_TICKET_RULE } from './forms';
import { registerBeforeRoutes } from './routes-before';
import { registerEngineRoutes } from './routes-engine';
import { registerLaunchRoutes } from './routes-launch';
import { registerTaskRoutes } from './routes-task';
import { FlowScheduler } from './scheduler';
import { WorkflowService } from './service';
import { tasksHoldingFile } from './store';

export { WORK_TICKET_RULE };

export function registerWorkflowRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  // a work ticket draws its number when submitted; whoever may launch may also reserve one
  ctx.billRuleUses.push(
    async (user, rule) => rule === WORK_TICKET_RULE && hasPermission(ctx, user, MENU.launch),
  );
  // a file a flow's form holds is read by whoever may see one of the tasks holding it
  ctx.fileUses.push(async (user, file) => {
    const tasks = await tasksHoldingFile(ctx.db, file.name);
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

  // config.flowTimers: pollMs 0 runs no scheduler on this instance (tests tick it by hand)
  const { pollMs: poll, claimMs, batch, crashAfter } = ctx.config.flowTimers;
  const scheduler = new FlowScheduler(ctx, service, { pollMs: poll || 1000, claimMs, batch, crashAfter });
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
