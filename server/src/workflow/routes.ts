/**
 * /api/workflow: the flow engine (spec §7 FlowEngine). For now the launchable flows the launch page lists.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { hasPermission } from '../http/permissions';
import { typed } from '../http/typed';

/** The work ticket's number rule (工作票), drawn by the work-ticket form when it is launched. */
export const WORK_TICKET_RULE = 'WorkTicket';

export function registerWorkflowRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;
  ctx.billRuleUses.push(
    async (user, rule) => rule === WORK_TICKET_RULE && hasPermission(ctx, user, 'workFlow.flowLaunch'),
  );

  r.get(
    '/api/workflow/Engine/FlowEngine/ListAll',
    {
      config: { open: 'the flows a member of staff may launch (names and icons)' },
      schema: { querystring: { type: 'object' } } as const,
    },
    async () => {
      const list = await ctx.db
        .selectFrom('flow_engine')
        .select(['id', 'fullName', 'enCode', 'category', 'type', 'icon', 'iconBackground'])
        .where('enabledMark', '=', 1)
        .orderBy('sortCode')
        .orderBy('id')
        .execute();
      return ok({ list });
    },
  );
}
