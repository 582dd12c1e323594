/**
 * /api/system/Base/DataInterface (menu systemData.dataInterface): SQL interfaces run one parameterised,
 * read-only SELECT against our own database (in a rolled-back, read-only transaction); HTTP interfaces
 * call a URL whose host is on the allow-list (config DATA_INTERFACE_HOSTS).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { paged } from '../db/paging';
import { badRequest, notFound, ok, page } from '../http/envelope';
import { requirePermission } from '../http/permissions';
import { registerSaveRoutes } from './save-routes';
import { keywordQuery, pagingQuery } from '../http/validation';
import { contains } from '../routes/users-shared';
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
} from './common';
import { URL_NOT_ALLOWED, splitParameters, sqlProblem, urlAllowed } from './data-interface-rules';

const BASE = '/api/system/Base/DataInterface';
const MENU = 'systemData.dataInterface';
const MAX_ROWS = 500;
const HTTP_TIMEOUT_MS = 10_000;

interface Param {
  field: string;
  defaultValue?: string;
}
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
    path: { type: 'string', maxLength: 1000 },
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

const parseParams = (s: string): Param[] => {
  try {
    const v: unknown = JSON.parse(s);
    return Array.isArray(v) ? (v as Param[]) : [];
  } catch {
    return [];
  }
};

export function registerDataInterfaceRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  /** A path starting with '/' is this server itself (no token is forwarded). */
  const target = (path: string): string =>
    path.startsWith('/') && !path.startsWith('//') ? `http://127.0.0.1:${ctx.config.port}${path}` : path;
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
    await assertUniqueCode(ctx.db, 'data_interface', b.enCode, selfId);
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

  app.get<{ Querystring: { keyword?: string; dataType?: number; currentPage: number; pageSize: number } }>(
    BASE,
    {
      onRequest: requirePermission({ menu: MENU }),
      schema: {
        querystring: {
          type: 'object',
          properties: { keyword: keywordQuery, dataType: { type: 'integer', enum: [1, 2] }, ...pagingQuery },
        },
      },
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

  app.get(`${BASE}/Selector`, { schema: EMPTY_QUERY }, async () => {
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

  app.get<{ Params: { id: string } }>(
    `${BASE}/:id`,
    { onRequest: requirePermission({ menu: MENU }), schema: { params: idParams } },
    async (req) => ok(shape(await load(req.params.id))),
  );

  app.delete<{ Params: { id: string } }>(
    `${BASE}/:id`,
    { onRequest: requirePermission({ menu: MENU, button: 'btn_remove' }), schema: { params: idParams } },
    async (req) => {
      const r = await load(req.params.id);
      await ctx.db.deleteFrom('data_interface').where('id', '=', r.id).execute();
      return ok(null, '删除成功');
    },
  );

  app.put<{ Params: { id: string } }>(
    `${BASE}/:id/Actions/State`,
    { onRequest: requirePermission({ menu: MENU, button: 'btn_edit' }), schema: { params: idParams } },
    async (req) =>
      ok({ enabledMark: await toggleState(ctx.db, 'data_interface', req.params.id) }, '更新成功'),
  );

  /** Runs the SQL read-only: a transaction that is always rolled back, read-only on both back ends. */
  async function runSql(
    text: string,
    values: Record<string, string>,
  ): Promise<{ list: unknown[]; total: number }> {
    const problem = sqlProblem(text);
    if (problem) throw badRequest(`query: ${problem}`);
    const parts: RawBuilder<unknown>[] = splitParameters(text).map((p) =>
      'text' in p ? sql.raw(p.text) : sql`${values[p.param] ?? null}`,
    );
    const query = sql<
      Record<string, unknown>
    >`select * from (${sql.join(parts, sql.raw(''))}) as q limit ${MAX_ROWS + 1}`;
    const ROLLBACK = new Error('rollback');
    let rows: Record<string, unknown>[] = [];
    try {
      await ctx.db.transaction().execute(async (trx) => {
        if (ctx.dialect === 'postgres') await sql`set transaction read only`.execute(trx);
        else await sql`pragma query_only = 1`.execute(trx);
        try {
          rows = (await query.execute(trx)).rows;
        } finally {
          if (ctx.dialect === 'sqlite') await sql`pragma query_only = 0`.execute(trx);
        }
        throw ROLLBACK;
      });
    } catch (e) {
      if (e !== ROLLBACK) throw badRequest(`query: ${e instanceof Error ? e.message : String(e)}`);
    }
    const list = rows
      .slice(0, MAX_ROWS)
      .map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !/password/i.test(k))));
    return { list, total: list.length };
  }

  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
    `${BASE}/:id/Actions/Response`,
    {
      onRequest: requirePermission({ menu: MENU }),
      schema: {
        params: idParams,
        querystring: { type: 'object', additionalProperties: { type: 'string', maxLength: 500 } },
      },
    },
    async (req) => {
      const r = await load(req.params.id);
      if (r.enabledMark !== 1) throw badRequest('接口已禁用');
      const values: Record<string, string> = {};
      for (const p of parseParams(r.requestParameters))
        values[p.field] = req.query[p.field] ?? p.defaultValue ?? '';
      for (const [k, v] of Object.entries(req.query)) if (k !== 'n') values[k] = v;
      if (r.dataType === 1) return ok(await runSql(r.query, values));
      const url = new URL(target(r.path));
      if (!urlAllowed(url.href, ctx.config.dataInterfaceHosts)) throw badRequest(`path: ${URL_NOT_ALLOWED}`);
      const init: RequestInit = {
        method: r.requestMethod,
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        redirect: 'manual',
      };
      if (r.requestMethod === 'GET') for (const [k, v] of Object.entries(values)) url.searchParams.set(k, v);
      else {
        init.body = JSON.stringify(values);
        init.headers = { 'content-type': 'application/json' };
      }
      let res: Response;
      try {
        res = await fetch(url, init);
      } catch (e) {
        throw badRequest(`path: 请求失败 ${e instanceof Error ? e.message : String(e)}`);
      }
      const text = (await res.text()).slice(0, 1_000_000);
      let data: unknown = text;
      try {
        data = JSON.parse(text);
      } catch {
        /* not JSON: answered as text */
      }
      return ok({ status: res.status, data });
    },
  );
}
