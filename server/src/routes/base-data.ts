/** Read-only base data the first pages use: dictionaries, flow engines, visual-dev bases. */
import type { FastifyInstance } from 'fastify';
import { ok, page } from '../http/envelope';
import { requirePermission } from '../http/permissions';
import { keywordQuery, pagingQuery } from '../http/validation';
import { contains } from './users-shared';
import { paged } from '../db/paging';

export function registerBaseDataRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  app.get(
    '/api/system/Base/DictionaryData/All',
    { schema: { querystring: { type: 'object' } } },
    async () => {
      const types = await ctx.db
        .selectFrom('dictionary_type')
        .select(['id', 'enCode', 'fullName', 'isTree', 'parentId'])
        .where('enabledMark', '=', 1)
        .orderBy('sortCode')
        .orderBy('id')
        .execute();
      const data = await ctx.db
        .selectFrom('dictionary_data')
        .select(['id', 'dictionaryTypeId', 'enCode', 'fullName', 'parentId', 'sortCode'])
        .where('enabledMark', '=', 1)
        .orderBy('sortCode')
        .orderBy('id')
        .execute();
      const byType = new Map<
        string,
        Array<{ id: string; enCode: string; fullName: string; parentId: string; sortCode: number }>
      >();
      for (const d of data) {
        const list = byType.get(d.dictionaryTypeId) ?? [];
        list.push({
          id: d.id,
          enCode: d.enCode,
          fullName: d.fullName,
          parentId: d.parentId ?? '0',
          sortCode: d.sortCode,
        });
        byType.set(d.dictionaryTypeId, list);
      }
      return ok({
        list: types.map((t) => ({
          id: t.id,
          enCode: t.enCode,
          fullName: t.fullName,
          isTree: t.isTree,
          dictionaryList: byType.get(t.id) ?? [],
        })),
      });
    },
  );

  app.get(
    '/api/workflow/Engine/FlowEngine/ListAll',
    { schema: { querystring: { type: 'object' } } },
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

  app.get<{ Querystring: { keyword?: string; currentPage: number; pageSize: number } }>(
    '/api/visualdev/Base',
    {
      onRequest: requirePermission({ menu: 'onlineDev.webDesign' }),
      schema: { querystring: { type: 'object', properties: { keyword: keywordQuery, ...pagingQuery } } },
    },
    async (req) => {
      const q = req.query;
      let base = ctx.db.selectFrom('visualdev_base');
      if (q.keyword) {
        const kw = q.keyword;
        base = base.where((eb) => eb.or([contains('fullName', kw), contains('enCode', kw)]));
      }
      const { list, pagination } = await paged(base, q, (b) =>
        b
          .select([
            'id',
            'fullName',
            'enCode',
            'type',
            'category',
            'state',
            'description',
            'sortCode',
            'createdAt',
          ])
          .orderBy('sortCode')
          .orderBy('id'),
      );
      return page(
        list.map(({ createdAt, ...r }) => ({ ...r, creatorTime: createdAt })),
        pagination,
      );
    },
  );

  // Liveness only: answers without a token and without touching the database.
  app.get(
    '/api/health',
    { config: { public: true }, schema: { querystring: { type: 'object' } } },
    async () => ok({ status: 'ok' }),
  );
}
