/** /api/system/Permission/Users: the user list (menu permission.user) and the all-users list (chat). */
import type { FastifyInstance } from 'fastify';
import { page, ok } from '../http/envelope';
import { typed } from '../http/typed';
import { answers } from '../http/response';
import { SYSTEM_ANSWERS } from './responses';
import { OPEN } from '../http/route-table';
import { requirePermission } from '../auth';
import { keywordQuery, pagingQuery } from '../http/validation';
import { subtreeIds } from '../kernel';
import { avatarUrl } from './users-shared';
import { authOf } from '../context';
import { userListScope } from './data-scope';
import { orgPlaces } from './organize-store';
import { USER_SORTABLE, enabledUsersWithDepartment, pageUserList } from './user-store';

export function registerUserListRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;
  r.get(
    '/api/system/Permission/Users',
    {
      onRequest: requirePermission({ menu: 'permission.user' }),
      schema: {
        response: answers(SYSTEM_ANSWERS.users),
        querystring: {
          type: 'object',
          properties: {
            keyword: keywordQuery,
            organizeId: { type: 'string', maxLength: 64 },
            positionId: { type: 'string', maxLength: 64 },
            enabledMark: { type: 'integer', enum: [0, 1] },
            ...pagingQuery,
            sidx: { type: 'string', enum: [...Object.keys(USER_SORTABLE), ''] },
            sort: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
          },
        },
      } as const,
    },
    async (req) => {
      const q = req.query;
      const organizeIds = q.organizeId ? [...subtreeIds(await orgPlaces(ctx.db), q.organizeId)] : undefined;
      const { list, pagination } = await pageUserList(ctx.db, ctx.dialect, {
        ...q,
        organizeIds,
        scope: await userListScope(ctx.db, authOf(req).user),
        // the schema's enum is USER_SORTABLE's keys
        sortColumn: q.sidx ? USER_SORTABLE[q.sidx as keyof typeof USER_SORTABLE] : USER_SORTABLE.sortCode,
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
    {
      config: { open: OPEN.names },
      schema: { querystring: { type: 'object' }, response: answers(SYSTEM_ANSWERS.userOptions) } as const,
    },
    async () => {
      const rows = await enabledUsersWithDepartment(ctx.db);
      return ok({
        list: rows.map((r) => ({ ...r, headIcon: avatarUrl(r.headIcon), department: r.department ?? '' })),
      });
    },
  );
}
