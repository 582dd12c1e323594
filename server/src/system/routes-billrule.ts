/** /api/system/Base/BillRule: bill-number rules (menu system.billRule) and GET BillNumber/{rule}. */
import type { FastifyInstance } from 'fastify';
import { authOf } from '../context';
import type { User } from './schema';
import { ApiError, Code, notFound, ok, page } from '../http/envelope';
import { typed } from '../http/typed';
import { answers } from '../http/response';
import { SYSTEM_ANSWERS, asFlag } from './responses';
import { OPEN, NO_BODY } from '../http/route-table';
import { hasPermission, requirePermission } from '../auth';
import { keywordQuery, pagingQuery } from '../http/validation';
import { allocateBillNumber, lastNumber } from './bill-number';
import { DATE_FORMATS, billRuleValues } from './bill-rules';
import {
  billRule,
  deleteBillRule,
  enabledBillRules,
  insertBillRule,
  pageBillRules,
  updateBillRule,
} from './bill-rule-store';
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

export function registerBillRuleRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;

  /** Administrators, the bill-rule menu's holders, or a domain whose form uses the rule. */
  const mayUseRule = async (user: Readonly<User>, rule: string): Promise<boolean> => {
    if (await hasPermission(ctx, user, MENU)) return true;
    for (const mayDraw of ctx.billRuleUses) if (await mayDraw(user, rule)) return true;
    return false;
  };
  const shape = <
    T extends {
      createdAt: number;
      currentDate: string;
      currentSeq: number;
      issued: number;
      prefix: string;
      suffix: string;
      digit: number;
    },
  >({
    createdAt,
    currentDate,
    currentSeq,
    issued,
    ...r
  }: T) => ({
    ...r,
    outputNumber: lastNumber({ ...r, currentDate, currentSeq: Number(currentSeq), issued }),
    creatorTime: createdAt,
  });

  r.get(
    BASE,
    {
      onRequest: requirePermission({ menu: MENU }),
      schema: {
        response: answers(SYSTEM_ANSWERS.billRules),
        querystring: { type: 'object', properties: { keyword: keywordQuery, ...pagingQuery } },
      } as const,
    },
    async (req) => {
      const { list, pagination } = await pageBillRules(ctx.db, req.query);
      return page(list.map(shape), pagination);
    },
  );

  r.get(
    `${BASE}/Selector`,
    {
      config: { open: OPEN.codes },
      schema: { ...EMPTY_QUERY, response: answers(SYSTEM_ANSWERS.billRuleOptions) },
    },
    async () => {
      return ok({ list: await enabledBillRules(ctx.db) });
    },
  );

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
        response: answers(SYSTEM_ANSWERS.billNumber),
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

  r.post(
    BASE,
    {
      onRequest: requirePermission({ menu: MENU, button: 'btn_add' }),
      schema: { body: ruleBody, response: answers(SYSTEM_ANSWERS.created) } as const,
    },
    async (req) => {
      await assertUniqueCode(ctx.db, 'bill_rule', req.body.enCode);
      const id = newId();
      await insertBillRule(ctx.db, id, billRuleValues(req.body), ctx.clock());
      return ok({ id }, '新建成功');
    },
  );

  r.put(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: ruleBody, response: answers(SYSTEM_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const row = await billRule(ctx.db, req.params.id);
      if (!row) throw notFound();
      await assertUniqueCode(ctx.db, 'bill_rule', req.body.enCode, { exceptId: row.id });
      // The running sequence (period, last number) is kept: numbers already issued are never reissued.
      await updateBillRule(ctx.db, row.id, billRuleValues(req.body));
      return ok(null, '更新成功');
    },
  );

  r.get(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU }),
      schema: { params: idParams, response: answers(SYSTEM_ANSWERS.billRule) } as const,
    },
    async (req) => {
      const row = await billRule(ctx.db, req.params.id);
      if (!row) throw notFound();
      return ok(shape(row));
    },
  );

  r.delete(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.nothing) } as const,
    },
    async (req) => {
      if (!(await deleteBillRule(ctx.db, req.params.id))) throw notFound();
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
      ok({ enabledMark: asFlag(await toggleState(ctx.db, 'bill_rule', req.params.id)) }, '更新成功'),
  );
}
