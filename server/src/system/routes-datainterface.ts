/**
 * /api/system/Base/DataInterface (menu systemData.dataInterface): SQL interfaces run one parameterised,
 * read-only SELECT against our own database (in a rolled-back, read-only transaction); HTTP interfaces
 * call a URL whose host is on the allow-list (config DATA_INTERFACE_HOSTS).
 */
import type { FastifyInstance } from 'fastify';
import { paged } from '../db/paging';
import { badRequest, notFound, ok, page } from '../http/envelope';
import { typed } from '../http/typed';
import { OPEN, NO_BODY } from '../http/route-table';
import { requirePermission } from '../auth';
import { registerSaveRoutes } from './save-routes';
import { keywordQuery, linkField, pagingQuery } from '../http/validation';
import { contains } from '../db/search';
import {
  EMPTY_QUERY,
  assertUniqueCode,
  descriptionField,
  enabledField,
  enCodeField,
  fullNameField,
  idParams,
  sortCodeField,
  toggleState,
} from '../kernel';
import { URL_NOT_ALLOWED, sqlProblem, urlAllowed } from './data-interface-rules';
import { interfaceTarget, parseParams, runDataInterface, type Param } from './data-interface-run';

const BASE = '/api/system/Base/DataInterface';
const MENU = 'systemData.dataInterface';

interface DiBody {
  fullName: string;
  enCode: string;
  dataType: number;
  query?: string;
  path?: string;
  requestMethod?: 'GET' | 'POST';
  requestParameters?: Param[];
  description?: string;
  sortCode?: number;
  enabledMark?: number;
}
const diBody = {
  type: 'object',
  required: ['fullName', 'enCode', 'dataType'],
  additionalProperties: false,
  properties: {
    fullName: fullNameField,
    enCode: enCodeField,
    dataType: { type: 'integer', enum: [1, 2] },
    query: { type: 'string', maxLength: 10_000 },
    // a URL the server calls (its host on DATA_INTERFACE_HOSTS) or a path of ours
    path: { ...linkField, maxLength: 1000 },
    requestMethod: { type: 'string', enum: ['GET', 'POST'] },
    requestParameters: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['field'],
        additionalProperties: false,
        properties: {
          field: {
            type: 'string',
            pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
            maxLength: 50,
            'x-msg': '参数名只能包含字母、数字和下划线',
          },
          defaultValue: { type: 'string', maxLength: 500 },
        },
      },
    },
    description: descriptionField,
    sortCode: sortCodeField,
    enabledMark: enabledField,
  },
} as const;

const COLS = [
  'id',
  'fullName',
  'enCode',
  'dataType',
  'query',
  'path',
  'requestMethod',
  'requestParameters',
  'description',
  'sortCode',
  'enabledMark',
  'createdAt',
] as const;

export function registerDataInterfaceRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;
  const target = (path: string): string => interfaceTarget(ctx, path);
  const shape = ({
    createdAt,
    requestParameters,
    ...r
  }: {
    createdAt: number;
    requestParameters: string;
  }) => ({
    ...r,
    requestParameters: parseParams(requestParameters),
    creatorTime: createdAt,
  });

  const check = async (b: DiBody, selfId?: string) => {
    if (b.dataType === 1) {
      const problem = sqlProblem(b.query ?? '');
      if (problem) throw badRequest(`query: ${problem}`);
    } else if (!urlAllowed(target(b.path ?? ''), ctx.config.dataInterfaceHosts))
      throw badRequest(`path: ${URL_NOT_ALLOWED}`);
    await assertUniqueCode(ctx.db, 'data_interface', b.enCode, { exceptId: selfId });
    return {
      fullName: b.fullName,
      enCode: b.enCode,
      dataType: b.dataType,
      query: b.dataType === 1 ? (b.query ?? '').trim() : '',
      path: b.dataType === 2 ? (b.path ?? '') : '',
      requestMethod: b.requestMethod ?? 'GET',
      requestParameters: JSON.stringify(b.requestParameters ?? []),
      description: b.description ?? '',
      sortCode: b.sortCode ?? 0,
      enabledMark: b.enabledMark ?? 1,
    };
  };
  const load = async (id: string) => {
    const r = await ctx.db.selectFrom('data_interface').select(COLS).where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound('数据接口不存在');
    return r;
  };

  r.get(
    BASE,
    {
      onRequest: requirePermission({ menu: MENU }),
      schema: {
        querystring: {
          type: 'object',
          properties: { keyword: keywordQuery, dataType: { type: 'integer', enum: [1, 2] }, ...pagingQuery },
        },
      } as const,
    },
    async (req) => {
      const q = req.query;
      let base = ctx.db.selectFrom('data_interface');
      if (q.keyword) {
        const kw = q.keyword;
        base = base.where((eb) => eb.or([contains('fullName', kw), contains('enCode', kw)]));
      }
      if (q.dataType) base = base.where('dataType', '=', q.dataType);
      const { list, pagination } = await paged(base, q, (b) =>
        b.select(COLS).orderBy('sortCode').orderBy('id'),
      );
      return page(list.map(shape), pagination);
    },
  );

  r.get(`${BASE}/Selector`, { config: { open: OPEN.codes }, schema: EMPTY_QUERY }, async () => {
    const list = await ctx.db
      .selectFrom('data_interface')
      .select(['id', 'fullName', 'enCode', 'dataType'])
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .orderBy('id')
      .execute();
    return ok({ list });
  });

  registerSaveRoutes(app, {
    path: BASE,
    menu: MENU,
    table: 'data_interface',
    body: diBody,
    check,
    load,
    created: () => ({ createdAt: ctx.clock() }),
  });

  r.get(
    `${BASE}/:id`,
    { onRequest: requirePermission({ menu: MENU }), schema: { params: idParams } as const },
    async (req) => ok(shape(await load(req.params.id))),
  );

  r.delete(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY } as const,
    },
    async (req) => {
      const r = await load(req.params.id);
      await ctx.db.deleteFrom('data_interface').where('id', '=', r.id).execute();
      return ok(null, '删除成功');
    },
  );

  r.put(
    `${BASE}/:id/Actions/State`,
    {
      onRequest: requirePermission({ menu: MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY } as const,
    },
    async (req) =>
      ok({ enabledMark: await toggleState(ctx.db, 'data_interface', req.params.id) }, '更新成功'),
  );

  r.get(
    `${BASE}/:id/Actions/Response`,
    {
      onRequest: requirePermission({ menu: MENU }),
      schema: {
        params: idParams,
        querystring: { type: 'object', additionalProperties: { type: 'string', maxLength: 500 } },
      } as const,
    },
    async (req) => {
      const r = await load(req.params.id);
      if (r.enabledMark !== 1) throw badRequest('接口已禁用');
      return ok(await runDataInterface(ctx, r, req.query));
    },
  );
}
