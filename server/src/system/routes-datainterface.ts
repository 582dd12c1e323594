/**
 * /api/system/Base/DataInterface (menu systemData.dataInterface): SQL interfaces run one parameterised,
 * read-only SELECT against our own database (in a rolled-back, read-only transaction); HTTP interfaces
 * call a URL whose host is on the allow-list (config DATA_INTERFACE_HOSTS).
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, ok, page } from '../http/envelope';
import { typed } from '../http/typed';
import { answers } from '../http/response';
import { SYSTEM_ANSWERS, asFlag } from './responses';
import { OPEN, NO_BODY } from '../http/route-table';
import { requirePermission } from '../auth';
import { registerSaveRoutes } from './save-routes';
import { keywordQuery, linkField, pagingQuery } from '../http/validation';
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
import {
  URL_NOT_ALLOWED,
  dataInterfaceValues,
  sqlProblem,
  urlAllowed,
  type DataInterfaceBody,
} from './data-interface-rules';
import {
  deleteDataInterface,
  enabledDataInterfaces,
  loadDataInterface,
  pageDataInterfaces,
} from './data-interface-store';
import { interfaceTarget, parseParams, runDataInterface } from './data-interface-run';

const BASE = '/api/system/Base/DataInterface';
const MENU = 'systemData.dataInterface';

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

export function registerDataInterfaceRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;
  const target = (path: string): string => interfaceTarget(ctx, path);
  const shape = <T extends { createdAt: number; requestParameters: string }>({
    createdAt,
    requestParameters,
    ...r
  }: T) => ({
    ...r,
    requestParameters: parseParams(requestParameters),
    creatorTime: createdAt,
  });

  const check = async (b: DataInterfaceBody, selfId?: string) => {
    if (b.dataType === 1) {
      const problem = sqlProblem(b.query ?? '');
      if (problem) throw badRequest(`query: ${problem}`);
    } else if (!urlAllowed(target(b.path ?? ''), ctx.config.dataInterfaceHosts))
      throw badRequest(`path: ${URL_NOT_ALLOWED}`);
    await assertUniqueCode(ctx.db, 'data_interface', b.enCode, { exceptId: selfId });
    return dataInterfaceValues(b);
  };
  const load = (id: string) => loadDataInterface(ctx.db, id);

  r.get(
    BASE,
    {
      onRequest: requirePermission({ menu: MENU }),
      schema: {
        response: answers(SYSTEM_ANSWERS.dataInterfaces),
        querystring: {
          type: 'object',
          properties: { keyword: keywordQuery, dataType: { type: 'integer', enum: [1, 2] }, ...pagingQuery },
        },
      } as const,
    },
    async (req) => {
      const { list, pagination } = await pageDataInterfaces(ctx.db, req.query);
      return page(list.map(shape), pagination);
    },
  );

  r.get(
    `${BASE}/Selector`,
    {
      config: { open: OPEN.codes },
      schema: { ...EMPTY_QUERY, response: answers(SYSTEM_ANSWERS.dataInterfaceOptions) },
    },
    async () => {
      return ok({ list: await enabledDataInterfaces(ctx.db) });
    },
  );

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
    {
      onRequest: requirePermission({ menu: MENU }),
      schema: { params: idParams, response: answers(SYSTEM_ANSWERS.dataInterface) } as const,
    },
    async (req) => ok(shape(await load(req.params.id))),
  );

  r.delete(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const r = await load(req.params.id);
      await deleteDataInterface(ctx.db, r.id);
      return ok(null, '删除成功');
    },
  );

  r.put(
    `${BASE}/:id/Actions/State`,
    {
      onRequest: requirePermission({ menu: MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.state) } as const,
    },
    async (req) =>
      ok({ enabledMark: asFlag(await toggleState(ctx.db, 'data_interface', req.params.id)) }, '更新成功'),
  );

  r.get(
    `${BASE}/:id/Actions/Response`,
    {
      onRequest: requirePermission({ menu: MENU }),
      schema: {
        response: answers(SYSTEM_ANSWERS.dataInterfaceAnswer),
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
