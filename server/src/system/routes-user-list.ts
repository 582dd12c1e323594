/** /api/system/Permission/Users: the user list (menu permission.user) and the all-users list (chat). */
import type { FastifyInstance } from 'fastify';
import { page, ok } from '../http/envelope';
import { typed } from '../http/typed';
import { OPEN } from '../http/route-table';
import { requirePermission } from '../auth';
import { keywordQuery, pagingQuery } from '../http/validation';
import { subtreeIds } from '../kernel';
import { sql, type Expression, type SqlBool } from 'kysely';
import { avatarUrl } from './users-shared';
import { likePattern } from '../db/search';
import { paged } from '../db/paging';
import { authOf } from '../context';
import { userListScope } from './data-scope';

const SORTABLE = {
  account: 'user.account',
  realName: 'user.realName',
  gender: 'user.gender',
  mobile: 'user.mobile',
  enabledMark: 'user.enabledMark',
  creatorTime: 'user.createdAt',
  sortCode: 'user.sortCode',
} as const;

export function registerUserListRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;
  // The user list's keyword test runs on every row of a large table: SQLite's LIKE already ignores
  // ASCII case (as its lower() does) and PostgreSQL has ILIKE, so no per-row lower() call is needed.
  const like = (column: string, keyword: string): Expression<SqlBool> =>
    ctx.dialect === 'postgres'
      ? sql<SqlBool>`${sql.ref(column)} ilike ${likePattern(keyword)} escape '\\'`
      : sql<SqlBool>`${sql.ref(column)} like ${likePattern(keyword)} escape '\\'`;

  r.get(
    '/api/system/Permission/Users',
    {
      onRequest: requirePermission({ menu: 'permission.user' }),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            keyword: keywordQuery,
            organizeId: { type: 'string', maxLength: 64 },
            positionId: { type: 'string', maxLength: 64 },
            enabledMark: { type: 'integer', enum: [0, 1] },
            ...pagingQuery,
            sidx: { type: 'string', enum: [...Object.keys(SORTABLE), ''] },
            sort: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
          },
        },
      } as const,
    },
    async (req) => {
      const q = req.query;
      let base = ctx.db.selectFrom('user');
      if (q.keyword) {
        const kw = q.keyword;
        base = base.where((eb) =>
          eb.or([like('user.realName', kw), like('user.account', kw), like('user.mobile', kw)]),
        );
      }
      if (q.organizeId) {
        const orgs = await ctx.db.selectFrom('organize').select(['id', 'parentId']).execute();
        base = base.where('user.organizeId', 'in', [...subtreeIds(orgs, q.organizeId)]);
      }
      if (q.positionId) base = base.where('user.positionId', '=', q.positionId);
      if (q.enabledMark !== undefined) base = base.where('user.enabledMark', '=', q.enabledMark);
      // Data permissions (authorisation "resource"): a non-administrator may be limited to a scope.
      const scope = await userListScope(ctx.db, authOf(req).user);
      if (scope) {
        const { userIds, organizeIds } = scope;
        base = base.where((eb) =>
          eb.or([
            ...(userIds.length ? [eb('user.id', 'in', userIds)] : []),
            ...(organizeIds.length ? [eb('user.organizeId', 'in', organizeIds)] : []),
            ...(userIds.length || organizeIds.length ? [] : [eb('user.id', 'is', null)]),
          ]),
        );
      }
      // the schema's enum is SORTABLE's keys
      const sortColumn = q.sidx ? SORTABLE[q.sidx as keyof typeof SORTABLE] : SORTABLE.sortCode;
      // Two steps: the page's ids (filter, count and order served by the covering index user_search /
      // user_sort, no table rows read for non-matching users), then the 20 rows with their names.
      const { list: pageIds, pagination } = await paged(base, q, (b) =>
        b.select('user.id').orderBy(sortColumn, q.sort).orderBy('user.id'),
      );
      const ids = pageIds.map((r) => r.id);
      const rows = ids.length
        ? await ctx.db
            .selectFrom('user')
            .select((eb) => [
              'user.id',
              'user.account',
              'user.realName',
              'user.gender',
              'user.mobile',
              'user.email',
              'user.enabledMark',
              'user.createdAt',
              'user.headIcon',
              'user.organizeId',
              'user.positionId',
              eb
                .selectFrom('organize')
                .select('organize.fullName')
                .whereRef('organize.id', '=', 'user.organizeId')
                .as('organize'),
              eb
                .selectFrom('position')
                .select('position.fullName')
                .whereRef('position.id', '=', 'user.positionId')
                .as('position'),
            ])
            .where('user.id', 'in', ids)
            .execute()
        : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      const list = ids.flatMap((id) => {
        const r = byId.get(id);
        return r ? [r] : [];
      });
      return page(
        list.map(({ createdAt, ...r }) => ({
          ...r,
          organize: r.organize ?? '',
          position: r.position ?? '',
          headIcon: avatarUrl(r.headIcon),
          creatorTime: createdAt,
        })),
        pagination,
      );
    },
  );

  r.get(
    '/api/system/Permission/Users/All',
    { config: { open: OPEN.names }, schema: { querystring: { type: 'object' } } as const },
    async () => {
      const rows = await ctx.db
        .selectFrom('user')
        .leftJoin('organize', 'organize.id', 'user.organizeId')
        .select([
          'user.id',
          'user.realName',
          'user.account',
          'user.headIcon',
          'user.quickQuery',
          'organize.fullName as department',
        ])
        .where('user.enabledMark', '=', 1)
        .orderBy('user.sortCode')
        .orderBy('user.id')
        .execute();
      return ok({
        list: rows.map((r) => ({ ...r, headIcon: avatarUrl(r.headIcon), department: r.department ?? '' })),
      });
    },
  );
}
