/**
 * Data permissions of the citizens' feedback (issue 24): the fields its rows can be scoped by and
 * the caller's scope as a condition on `feedback as f`. The schemes, grants and the viewer's
 * attributes are the system domain's (menuScope).
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import { authOf } from '../context';
import type { Db } from '../database';
import { rowInScope, scopeSql, type Predicate, type ScopeField, type ScopeMenu } from '../kernel';
import { MENU_ASSETS, MENU_FAULT } from '../map';
import { menuScope } from '../system';
import { MENU_FEEDBACK } from './menus';

const COLUMNS: Readonly<Record<string, string>> = {
  district: 'f.district',
  kind: 'f.kind',
  state: 'f.state',
};
const FIELDS: readonly ScopeField[] = Object.keys(COLUMNS).map((enCode) => ({ enCode, type: 'text' }));

export async function citizenScopeFields(
  _db: Db,
  menu: ScopeMenu,
): Promise<readonly ScopeField[] | undefined> {
  return menu.enCode === MENU_FEEDBACK ? FIELDS : undefined;
}

/** What the caller may see of the feedback: a condition on `feedback as f`, or null. */
export async function feedbackScope(req: FastifyRequest): Promise<Expression<SqlBool> | null> {
  const p = await menuScope(req.server.ctx, authOf(req).user, MENU_FEEDBACK);
  if (!p) return null;
  return scopeSql(p, (field) => (COLUMNS[field] ? sql.ref(COLUMNS[field]) : undefined));
}

/**
 * The caller's data permissions on the map's faults and assets (null: not limited), which decide
 * what they see of the Open311 requests kept without a place and where they may place one.
 */
export async function placingScopes(
  req: FastifyRequest,
): Promise<{ faults: Predicate | null; assets: Predicate | null }> {
  const user = authOf(req).user;
  return {
    faults: await menuScope(req.server.ctx, user, MENU_FAULT),
    assets: await menuScope(req.server.ctx, user, MENU_ASSETS),
  };
}

/** Whether a row passes a predicate (null: not limited). */
export const passes = (p: Predicate | null, row: Readonly<Record<string, unknown>>): boolean =>
  p === null || rowInScope(p, row);
