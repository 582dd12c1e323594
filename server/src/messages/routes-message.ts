/**
 * /api/system/Message (spec §7 Messages): the signed-in user's received messages (list, read, mark all,
 * delete receipts) and, under menu system.notice, the administration of notices (drafts, release,
 * enable/disable). Notice HTML is sanitised on every write.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../context';
import { badRequest, notFound, ok, page } from '../http/envelope';
import { typed } from '../http/typed';
import { answers } from '../http/response';
import { MESSAGE_ANSWERS } from './responses';
import { OPEN, NO_BODY } from '../http/route-table';
import { requirePermission } from '../auth';
import { keywordQuery, pagingQuery } from '../http/validation';
import { assertRefs, sanitizeRichText } from '../kernel';
import { pushReleased, releaseRows, resolveRecipients, titleFields } from './service';
import {
  deleteMessage,
  deleteReceipts,
  flipReleased,
  insertNotice,
  loadNotice,
  markAllRead,
  markRead,
  myReceipt,
  pageNotices,
  pageReceived,
  setMessageEnabled,
  updateDraftNotice,
} from './message-store';

export const READ_ALL_OK = '已全部标记为已读';
export const RELEASED_READONLY = '已发布的公告不能修改';
export const ALREADY_RELEASED = '公告已发布';
export const MAX_BODY_BYTES = 200 * 1024;
const BASE = '/api/system/Message';
const NOTICE_MENU = 'system.notice';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

interface NoticeBody {
  title: string;
  bodyText: string;
  toUserIds?: string[];
}

const noticeBodySchema = {
  type: 'object',
  required: ['title', 'bodyText'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 100 },
    bodyText: { type: 'string', maxLength: MAX_BODY_BYTES },
    toUserIds: {
      type: 'array',
      maxItems: 5000,
      items: { type: 'string', minLength: 1, maxLength: 64 },
    },
  },
} as const;

export function registerMessageRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;

  /* ---------------- the signed-in user's messages ---------------- */

  r.get(
    BASE,
    {
      config: { open: OPEN.messages },
      schema: {
        response: answers(MESSAGE_ANSWERS.received),
        querystring: {
          type: 'object',
          properties: {
            ...pagingQuery,
            pageSize: { ...pagingQuery.pageSize, default: 10 },
            sort: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
            keyword: keywordQuery,
            // '' (the client's "all") or one type.
            type: { type: 'string', enum: ['', '1', '2', '3', '4'] },
          },
        },
      } as const,
    },
    async (req) => {
      const me = authOf(req).user.id;
      const q = req.query;
      const { list, pagination } = await pageReceived(ctx.db, me, {
        ...q,
        type: q.type ? Number(q.type) : undefined,
      });
      return page(
        list.map((r) => ({
          id: r.id,
          ...titleFields(r),
          type: r.type,
          creatorUser: r.creatorUser ?? '',
          lastModifyTime: r.lastModifyTime,
          isRead: r.isRead === 1 ? '1' : '0',
        })),
        pagination,
      );
    },
  );

  r.post(
    `${BASE}/Actions/ReadAll`,
    {
      config: { open: OPEN.messages },
      schema: {
        querystring: { type: 'object' },
        body: NO_BODY,
        response: answers(MESSAGE_ANSWERS.nothing),
      } as const,
    },
    async (req) => {
      await markAllRead(ctx.db, authOf(req).user.id, ctx.clock());
      return ok(null, READ_ALL_OK);
    },
  );

  r.get(
    `${BASE}/ReadInfo/:id`,
    {
      config: { open: OPEN.messages },
      schema: { params: idParams, response: answers(MESSAGE_ANSWERS.readInfo) } as const,
    },
    async (req) => {
      const me = authOf(req).user.id;
      const m = await myReceipt(ctx.db, me, req.params.id);
      if (!m) throw notFound('消息不存在');
      await markRead(ctx.db, me, m.id, ctx.clock());
      return ok({
        id: m.id,
        ...titleFields(m),
        type: m.type,
        bodyText: m.bodyText,
        creatorUser: m.creatorUser ?? '',
        lastModifyTime: m.lastModifyTime,
      });
    },
  );

  r.get(
    `${BASE}/read/:id`,
    {
      config: { open: OPEN.messages },
      schema: { params: idParams, response: answers(MESSAGE_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const me = authOf(req).user.id;
      if (!(await myReceipt(ctx.db, me, req.params.id))) throw notFound('消息不存在');
      await markRead(ctx.db, me, req.params.id, ctx.clock());
      return ok(null);
    },
  );

  r.delete(
    `${BASE}/Record`,
    {
      config: { open: OPEN.messages },
      schema: {
        response: answers(MESSAGE_ANSWERS.nothing),
        body: {
          type: 'object',
          required: ['ids'],
          additionalProperties: false,
          properties: {
            ids: {
              type: 'string',
              minLength: 1,
              maxLength: 65_000,
              pattern: '^[^,\\s]+(\\s*,\\s*[^,\\s]+)*$',
              'x-msg': 'comma-separated message ids',
            },
          },
        },
      } as const,
    },
    async (req) => {
      const ids = [...new Set(req.body.ids.split(',').map((s) => s.trim()))];
      if (ids.length > 1000) throw badRequest('ids: at most 1000 ids');
      await deleteReceipts(ctx.db, authOf(req).user.id, ids);
      return ok(null, '删除成功');
    },
  );

  /* ---------------- notice administration (menu system.notice) ---------------- */

  r.get(
    `${BASE}/Notice`,
    {
      onRequest: requirePermission({ menu: NOTICE_MENU }),
      schema: {
        response: answers(MESSAGE_ANSWERS.notices),
        querystring: { type: 'object', properties: { ...pagingQuery, keyword: keywordQuery } },
      } as const,
    },
    async (req) => {
      const { list, pagination } = await pageNotices(ctx.db, req.query);
      return page(
        list.map(({ createdAt, ...r }) => ({
          ...r,
          creatorUser: r.creatorUser ?? '',
          creatorTime: createdAt,
        })),
        pagination,
      );
    },
  );

  /** Checks a notice body; returns the cleaned fields. Throws 400 naming the field. */
  async function cleanNotice(b: NoticeBody): Promise<{ title: string; bodyText: string; toUserIds: string }> {
    if (!b.title.trim()) throw badRequest('title: must not be blank');
    if (Buffer.byteLength(b.bodyText, 'utf8') > MAX_BODY_BYTES)
      throw badRequest('bodyText: must be at most 200 KB');
    const ids = b.toUserIds ?? [];
    await assertRefs(ctx.db, [
      { field: 'toUserIds', table: 'user', ids, where: { enabledMark: 1 }, problem: '用户不存在或已禁用' },
    ]);
    return {
      title: b.title.trim(),
      bodyText: sanitizeRichText(b.bodyText),
      toUserIds: ids.length ? JSON.stringify([...new Set(ids)]) : '',
    };
  }

  r.post(
    BASE,
    {
      onRequest: requirePermission({ menu: NOTICE_MENU, button: 'btn_add' }),
      schema: { body: noticeBodySchema, response: answers(MESSAGE_ANSWERS.created) } as const,
    },
    async (req) => {
      const fields = await cleanNotice(req.body);
      const id = randomUUID();
      await insertNotice(ctx.db, { id, ...fields, creatorUserId: authOf(req).user.id, now: ctx.clock() });
      return ok({ id }, '新建成功');
    },
  );

  r.put(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: NOTICE_MENU, button: 'btn_edit' }),
      schema: {
        params: idParams,
        body: noticeBodySchema,
        response: answers(MESSAGE_ANSWERS.nothing),
      } as const,
    },
    async (req) => {
      const m = await loadNotice(ctx.db, req.params.id);
      if (m.state === 1) throw badRequest(RELEASED_READONLY);
      const fields = await cleanNotice(req.body);
      await updateDraftNotice(ctx.db, m.id, fields, ctx.clock());
      return ok(null, '更新成功');
    },
  );

  r.get(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: NOTICE_MENU }),
      schema: { params: idParams, response: answers(MESSAGE_ANSWERS.notice) } as const,
    },
    async (req) => {
      const { createdAt, toUserIds, ...m } = await loadNotice(ctx.db, req.params.id);
      return ok({
        ...m,
        creatorUser: m.creatorUser ?? '',
        creatorTime: createdAt,
        toUserIds: toUserIds ? (JSON.parse(toUserIds) as string[]) : [],
      });
    },
  );

  r.delete(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: NOTICE_MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY, response: answers(MESSAGE_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const m = await loadNotice(ctx.db, req.params.id);
      await deleteMessage(ctx.db, m.id);
      return ok(null, '删除成功');
    },
  );

  r.put(
    `${BASE}/:id/Actions/Release`,
    {
      onRequest: requirePermission({ menu: NOTICE_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY, response: answers(MESSAGE_ANSWERS.released) } as const,
    },
    async (req) => {
      const m = await loadNotice(ctx.db, req.params.id);
      if (m.state === 1) throw badRequest(ALREADY_RELEASED);
      const wanted = m.toUserIds ? (JSON.parse(m.toUserIds) as string[]) : null;
      const { recipients } = await resolveRecipients(ctx.db, wanted);
      const now = ctx.clock();
      const released = await ctx.db.transaction().execute(async (trx) => {
        // Guard against a concurrent release: only the request that flips the state writes receipts.
        if (!(await flipReleased(trx, m.id))) return false;
        await releaseRows(trx, m.id, recipients, now);
        return true;
      });
      if (!released) throw badRequest(ALREADY_RELEASED);
      if (m.enabledMark === 1)
        await pushReleased(ctx.db, ctx.realtime, { id: m.id, title: m.title, type: m.type }, recipients);
      return ok({ recipients: recipients.length }, '发布成功');
    },
  );

  r.put(
    `${BASE}/:id/Actions/State`,
    {
      onRequest: requirePermission({ menu: NOTICE_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY, response: answers(MESSAGE_ANSWERS.state) } as const,
    },
    async (req) => {
      const m = await loadNotice(ctx.db, req.params.id);
      const enabledMark = m.enabledMark === 1 ? (0 as const) : (1 as const);
      await setMessageEnabled(ctx.db, m.id, enabledMark);
      return ok({ enabledMark }, '更新成功');
    },
  );
}
