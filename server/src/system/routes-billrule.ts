/** /api/system/Base/BillRule: bill-number rules (menu system.billRule) and GET BillNumber/{rule}. */
import type { FastifyInstance } from 'fastify';
import { paged } from '../db/paging';
import { authOf } from '../context';
import type { User } from './schema';
import { ApiError, Code, notFound, ok, page } from '../http/envelope';
import { typed } from '../http/typed';
import { OPEN, NO_BODY } from '../http/route-table';
import { hasPermission, requirePermission } from '../auth';
import { keywordQuery, pagingQuery } from '../http/validation';
import { contains } from '../db/search';
import { allocateBillNumber, lastNumber } from './bill-number';
import { DATE_FORMATS } from './bill-rules';
import {
  EMPTY_QUERY,
  assertUniqueCode,
  descriptionField,
  enabledField,
  enCodeField,
  fullNameField,
  idParams,
  newId,
  sortCodeField,
  toggleState,
} from '../kernel';

const BASE = '/api/system/Base/BillRule';
const MENU = 'system.billRule';
/** A form reserves one number when it opens: this is far above what a person does. */
export const BILL_NUMBERS_PER_MINUTE = 120;

interface RuleBody {
  fullName: string;
  enCode: string;
  prefix?: string;
  dateFormat?: string;
  digit: number;
  startNumber?: number;
  suffix?: string;
  description?: string;
  sortCode?: number;
  enabledMark?: number;
}

const affix = {
  type: 'string',
  maxLength: 20,
  pattern: '^[A-Za-z0-9_-]*$',
  'x-msg': '只能包含字母、数字、-、_',
} as const;
const ruleBody = {
  type: 'object',
  required: ['fullName', 'enCode', 'digit'],
  additionalProperties: false,
  properties: {
    fullName: fullNameField,
    enCode: enCodeField,
    prefix: affix,
    dateFormat: { type: 'string', enum: [...DATE_FORMATS] },
    digit: { type: 'integer', minimum: 1, maximum: 12 },
    startNumber: { type: 'integer', minimum: 0, maximum: 999_999_999 },
    suffix: affix,
    description: descriptionField,
    sortCode: sortCodeField,
    enabledMark: enabledField,
  },
} as const;

const COLUMNS = [
  'id',
  'fullName',
  'enCode',
  'prefix',
  'dateFormat',
  'digit',
  'startNumber',
  'suffix',
  'description',
  'currentDate',
  'currentSeq',
  'issued',
  'sortCode',
  'enabledMark',
  'createdAt',
] as const;

export function registerBillRuleRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;

  /** Administrators, the bill-rule menu's holders, or a domain whose form uses the rule. */
  const mayUseRule = async (user: Readonly<User>, rule: string): Promise<boolean> => {
    if (await hasPermission(ctx, user, MENU)) return true;
    for (const mayDraw of ctx.billRuleUses) if (await mayDraw(user, rule)) return true;
    return false;
  };
  const shape = ({
    createdAt,
    currentDate,
    currentSeq,
    issued,
    ...r
  }: {
    createdAt: number;
    currentDate: string;
    currentSeq: number;
    issued: number;
    prefix: string;
    suffix: string;
    digit: number;
  }) => ({
    ...r,
    outputNumber: lastNumber({ ...r, currentDate, currentSeq: Number(currentSeq), issued }),
    creatorTime: createdAt,
  });

  r.get(
    BASE,
    {
      onRequest: requirePermission({ menu: MENU }),
      schema: {
        querystring: { type: 'object', properties: { keyword: keywordQuery, ...pagingQuery } },
      } as const,
    },
    async (req) => {
      const q = req.query;
      let base = ctx.db.selectFrom('bill_rule');
      if (q.keyword) {
        const kw = q.keyword;
        base = base.where((eb) => eb.or([contains('fullName', kw), contains('enCode', kw)]));
      }
      const { list, pagination } = await paged(base, q, (b) =>
        b.select(COLUMNS).orderBy('sortCode').orderBy('id'),
      );
      return page(list.map(shape), pagination);
    },
  );

  r.get(`${BASE}/Selector`, { config: { open: OPEN.codes }, schema: EMPTY_QUERY }, async () => {
    const list = await ctx.db
      .selectFrom('bill_rule')
      .select(['id', 'fullName', 'enCode'])
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .orderBy('id')
      .execute();
    return ok({ list });
  });

  // Hands out (reserves) the next number: a GET by the JNPF contract, so it is guarded like a write.
  r.get(
    `${BASE}/BillNumber/:rule`,
    {
      config: {
        checksInHandler:
          'the caller must hold the bill-rule menu or use the rule in a form or record (ctx.billRuleUses)',
        rateLimit: { max: BILL_NUMBERS_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: {
        params: {
          type: 'object',
          required: ['rule'],
          properties: { rule: { type: 'string', minLength: 1, maxLength: 100, 'x-text': 'line' } },
        },
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const rule = req.params.rule;
      if (!(await mayUseRule(user, rule)))
        throw new ApiError(Code.FORBIDDEN, `权限不足: 无权使用单据规则 "${rule}"`);
      return ok(await allocateBillNumber(ctx.db, rule, ctx.clock()));
    },
  );

  const values = (b: RuleBody) => ({
    fullName: b.fullName,
    enCode: b.enCode,
    prefix: b.prefix ?? '',
    dateFormat: b.dateFormat ?? '',
    digit: b.digit,
    startNumber: b.startNumber ?? 1,
    suffix: b.suffix ?? '',
    description: b.description ?? '',
    sortCode: b.sortCode ?? 0,
    enabledMark: b.enabledMark ?? 1,
  });

  r.post(
    BASE,
    { onRequest: requirePermission({ menu: MENU, button: 'btn_add' }), schema: { body: ruleBody } as const },
    async (req) => {
      await assertUniqueCode(ctx.db, 'bill_rule', req.body.enCode);
      const id = newId();
      await ctx.db
        .insertInto('bill_rule')
        .values({
          id,
          ...values(req.body),
          currentDate: '',
          periodKey: 0,
          currentSeq: 0,
          issued: 0,
          createdAt: ctx.clock(),
        })
        .execute();
      return ok({ id }, '新建成功');
    },
  );

  r.put(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: ruleBody } as const,
    },
    async (req) => {
      const row = await ctx.db
        .selectFrom('bill_rule')
        .select('id')
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!row) throw notFound();
      await assertUniqueCode(ctx.db, 'bill_rule', req.body.enCode, { exceptId: row.id });
      // The running sequence (period, last number) is kept: numbers already issued are never reissued.
      await ctx.db.updateTable('bill_rule').set(values(req.body)).where('id', '=', row.id).execute();
      return ok(null, '更新成功');
    },
  );

  r.get(
    `${BASE}/:id`,
    { onRequest: requirePermission({ menu: MENU }), schema: { params: idParams } as const },
    async (req) => {
      const row = await ctx.db
        .selectFrom('bill_rule')
        .select(COLUMNS)
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!row) throw notFound();
      return ok(shape(row));
    },
  );

  r.delete(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY } as const,
    },
    async (req) => {
      const r = await ctx.db.deleteFrom('bill_rule').where('id', '=', req.params.id).executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) throw notFound();
      return ok(null, '删除成功');
    },
  );

  r.put(
    `${BASE}/:id/Actions/State`,
    {
      onRequest: requirePermission({ menu: MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY } as const,
    },
    async (req) => ok({ enabledMark: await toggleState(ctx.db, 'bill_rule', req.params.id) }, '更新成功'),
  );
}
