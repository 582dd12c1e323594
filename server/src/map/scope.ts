/**
 * Data permissions of the map (issue 24): the fields its faults, repair orders and assets can be
 * scoped by (the menu page's data-permission fields and schemes test these), their SQL columns,
 * and each request's scope as a WHERE clause. The schemes themselves, the grants and the viewer's
 * attributes are the system domain's (menuScope).
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import { authOf } from '../context';
import type { Db } from '../database';
import { scopeSql, type Predicate, type ScopeField, type ScopeMenu } from '../kernel';
import { menuScope } from '../system';
import { MENU_ASSETS, MENU_FAULT } from './store';

/** The repair-order page: its rows are scoped on their own (the routes' guard is the fault menu). */
export const MENU_REPAIR = 'bt.map.repair';

const text = (enCode: string): ScopeField => ({ enCode, type: 'text' });
const number = (enCode: string): ScopeField => ({ enCode, type: 'number' });

/** Per scoped menu: its rows' fields, and each field's column (`f` fault, `o` order, `a` asset). */
const SCOPED: Readonly<Record<string, { fields: ScopeField[]; columns: Record<string, string> }>> = {
  [MENU_FAULT]: {
    fields: [text('district'), text('source'), text('typeCode'), number('urgency'), text('assetKind')],
    columns: {
      district: 'f.district',
      source: 'f.source',
      typeCode: 'f.typeCode',
      urgency: 'f.urgency',
      assetKind: 'a.kind',
    },
  },
  [MENU_REPAIR]: {
    fields: [text('district'), text('crewId'), text('state'), number('urgency')],
    columns: { district: 'o.district', crewId: 'o.crewId', state: 'o.state', urgency: 'o.urgency' },
  },
  [MENU_ASSETS]: {
    fields: [text('district'), text('kind'), text('road')],
    columns: { district: 'a.district', kind: 'a.kind', road: 'a.road' },
  },
};

/** The domain's answer to "which fields can this menu's rows be scoped by" (kernel/domain.ts). */
export async function mapScopeFields(_db: Db, menu: ScopeMenu): Promise<readonly ScopeField[] | undefined> {
  return SCOPED[menu.enCode]?.fields;
}

/**
 * A predicate over a menu's fields as a WHERE clause on its rows' aliases (`f.`, `o.`, `a.`), or
 * with `bare` on the table's own columns (the FeatureServer's queries name no alias).
 */
export function scopeWhere(menu: string, p: Predicate, bare = false): Expression<SqlBool> {
  const columns = SCOPED[menu]?.columns ?? {};
  return scopeSql(p, (field) => {
    const c = columns[field];
    if (c === undefined) return undefined;
    return sql.ref(bare ? c.slice(c.indexOf('.') + 1) : c);
  });
}

/** What the caller may see of a menu's rows: a WHERE clause, or null when nothing restricts them. */
export async function requestScope(
  req: FastifyRequest,
  menu: string,
): Promise<{ predicate: Predicate; where: Expression<SqlBool> } | null> {
  const predicate = await menuScope(req.server.ctx, authOf(req).user, menu);
  return predicate ? { predicate, where: scopeWhere(menu, predicate) } : null;
}

/**
 * The caller's scope on each of the map's three pages (assets, faults, repair orders) as WHERE
 * clauses, undefined where nothing restricts them: what the statistics and the wall count by.
 */
export async function mapScopes(req: FastifyRequest): Promise<{
  assets?: Expression<SqlBool>;
  faults?: Expression<SqlBool>;
  orders?: Expression<SqlBool>;
}> {
  return {
    assets: (await requestScope(req, MENU_ASSETS))?.where,
    faults: (await requestScope(req, MENU_FAULT))?.where,
    orders: (await requestScope(req, MENU_REPAIR))?.where,
  };
}
