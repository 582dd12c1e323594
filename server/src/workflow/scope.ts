/**
 * Data permissions of the flow monitor (issue 24): the fields its tasks can be scoped by — who
 * launched a task and their organisation, the flow, its category, urgency and status — and the
 * caller's scope as a condition on `flow_task as t` joined to `flow_engine as fe`.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import { authOf } from '../context';
import type { Db } from '../database';
import { scopeSql, type ScopeField, type ScopeMenu } from '../kernel';
import { menuScope } from '../system';
import { MENU } from './access';

const COLUMNS: Readonly<Record<string, { type: ScopeField['type']; column: () => Expression<unknown> }>> = {
  creatorUserId: { type: 'text', column: () => sql.ref('t.creatorUserId') },
  // the organisation of who launched it (their department or company)
  organizeId: {
    type: 'text',
    column: () =>
      sql`(select ${sql.ref('u.organizeId')} from ${sql.table('user')} as ${sql.id('u')} where ${sql.ref('u.id')} = ${sql.ref('t.creatorUserId')})`,
  },
  flowId: { type: 'text', column: () => sql.ref('t.flowId') },
  flowCategory: { type: 'text', column: () => sql.ref('fe.category') },
  flowUrgent: { type: 'number', column: () => sql.ref('t.flowUrgent') },
  status: { type: 'number', column: () => sql.ref('t.status') },
};
const FIELDS: readonly ScopeField[] = Object.entries(COLUMNS).map(([enCode, c]) => ({
  enCode,
  type: c.type,
}));

export async function workflowScopeFields(
  _db: Db,
  menu: ScopeMenu,
): Promise<readonly ScopeField[] | undefined> {
  return menu.enCode === MENU.monitor ? FIELDS : undefined;
}

/** What the caller may see of every task (the monitor): a condition on `t` and `fe`, or null. */
export async function monitorScope(req: FastifyRequest): Promise<Expression<SqlBool> | null> {
  const p = await menuScope(req.server.ctx, authOf(req).user, MENU.monitor);
  return p ? scopeSql(p, (f) => COLUMNS[f]?.column()) : null;
}
