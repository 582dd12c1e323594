/** /api/system/Permission/Users: the user list (menu permission.user) and the all-users list (chat). */
import type { FastifyInstance } from 'fastify';
import { page, ok } from '../http/envelope';
import { requirePermission } from '../http/permissions';
import { keywordQuery, pagingQuery } from '../http/validation';
import { descendantIds } from '../services/tree';
import { avatarUrl, contains } from './users-shared';
import { paged } from '../db/paging';

const SORTABLE = {
  account: 'user.account',
  realName: 'user.realName',
  gender: 'user.gender',
  mobile: 'user.mobile',
  enabledMark: 'user.enabledMark',
  creatorTime: 'user.createdAt',
  sortCode: 'user.sortCode',
} as const;

interface UsersQuery {
  keyword?: string;
  organizeId?: string;
  currentPage: number;
  pageSize: number;
  sidx?: keyof typeof SORTABLE;
  sort: 'asc' | 'desc';
}

export function registerPermissionRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  app.get<{ Querystring: UsersQuery }>(
    '/api/system/Permission/Users',
    {
      onRequest: requirePermission({ menu: 'permission.user' }),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            keyword: keywordQuery,
            organizeId: { type: 'string', maxLength: 64 },
            ...pagingQuery,
            sidx: { type: 'string', enum: [...Object.keys(SORTABLE), ''] },
            sort: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
          },
        },
      },
    },
    async (req) => {
      const q = req.query;
      let base = ctx.db
        .selectFrom('user')
        .leftJoin('organize', 'organize.id', 'user.organizeId')
        .leftJoin('position', 'position.id', 'user.positionId');
      if (q.keyword) {
        const kw = q.keyword;
        base = base.where((eb) =>
          eb.or([contains('user.account', kw), contains('user.realName', kw), contains('user.mobile', kw)]),
        );
      }
      if (q.organizeId) {
        const orgs = await ctx.db.selectFrom('organize').select(['id', 'parentId']).execute();
        base = base.where('user.organizeId', 'in', descendantIds(orgs, q.organizeId));
      }
      const sortColumn = q.sidx ? SORTABLE[q.sidx] : SORTABLE.sortCode;
      const { list, pagination } = await paged(base, q, (b) =>
        b
          .select([
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
            'organize.fullName as organize',
            'position.fullName as position',
          ])
          .orderBy(sortColumn, q.sort)
          .orderBy('user.id'),
      );
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

  app.get('/api/system/Permission/Users/All', { schema: { querystring: { type: 'object' } } }, async () => {
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
  });
}
