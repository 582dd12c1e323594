/**
 * /api/system/Message (spec §7 Messages): the signed-in user's received messages (list, read, mark all,
 * delete receipts) and, under menu system.notice, the administration of notices (drafts, release,
 * enable/disable). Notice HTML is sanitised on every write.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../context';
import { paged } from '../db/paging';
import { badRequest, notFound, ok, page } from '../http/envelope';
import { typed } from '../http/typed';
import { OPEN, NO_BODY } from '../http/route-table';
import { requirePermission } from '../auth';
import { keywordQuery, pagingQuery } from '../http/validation';
import { assertRefs, sanitizeRichText } from '../kernel';
import { MessageType, pushReleased, releaseRows, resolveRecipients, titleFields } from './service';
import { contains } from '../db/search';

export const READ_ALL_OK = '已全部标记为已读';
export const RELEASED_READONLY = '已发布的公告不能修改';
export const ALREADY_RELEASED = '公告已发布';
export const MAX_BODY_BYTES = 200 * 1024;
const BASE = '/api/system/Message';
const NOTICE_MENU = 'system.notice';

/** What a received message shows in the lists and when opened (`m` the message, `u` its sender). */
const RECEIVED_COLUMNS = [
  'm.id',
  'm.title',
  'm.titleKey',
  'm.titleParams',
  'm.type',
  'm.lastModifyTime',
  'u.realName as creatorUser',
] as const;

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

  /** The caller's visible receipt of a message (released and enabled), or undefined. */
  const myReceipt = (userId: string, id: string) =>
    ctx.db
      .selectFrom('message_receiver as r')
      .innerJoin('message as m', 'm.id', 'r.messageId')
      .leftJoin('user as u', 'u.id', 'm.creatorUserId')
      .select([...RECEIVED_COLUMNS, 'm.bodyText'])
      .where('r.userId', '=', userId)
      .where('r.messageId', '=', id)
      .where('m.state', '=', 1)
      .where('m.enabledMark', '=', 1)
      .executeTakeFirst();

  const markRead = (userId: string, id: string) =>
    ctx.db
      .updateTable('message_receiver')
      .set({ isRead: 1, readTime: ctx.clock() })
      .where('userId', '=', userId)
      .where('messageId', '=', id)
      .where('isRead', '=', 0)
      .execute();

  /* ---------------- the signed-in user's messages ---------------- */

  r.get(
    BASE,
    {
      config: { open: OPEN.messages },
      schema: {
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
      let base = ctx.db
        .selectFrom('message_receiver as r')
        .innerJoin('message as m', 'm.id', 'r.messageId')
        .leftJoin('user as u', 'u.id', 'm.creatorUserId')
        .where('r.userId', '=', me)
        .where('m.state', '=', 1)
        .where('m.enabledMark', '=', 1);
      if (q.type) base = base.where('m.type', '=', Number(q.type));
      if (q.keyword) base = base.where(contains('m.title', q.keyword));
      const { list, pagination } = await paged(base, q, (b) =>
        b
          .select([...RECEIVED_COLUMNS, 'r.isRead'])
          .orderBy('m.lastModifyTime', q.sort)
          .orderBy('m.id', q.sort),
      );
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
    { config: { open: OPEN.messages }, schema: { querystring: { type: 'object' }, body: NO_BODY } as const },
    async (req) => {
      await ctx.db
        .updateTable('message_receiver')
        .set({ isRead: 1, readTime: ctx.clock() })
        .where('userId', '=', authOf(req).user.id)
        .where('isRead', '=', 0)
        .execute();
      return ok(null, READ_ALL_OK);
    },
  );

  r.get(
    `${BASE}/ReadInfo/:id`,
    { config: { open: OPEN.messages }, schema: { params: idParams } as const },
    async (req) => {
      const me = authOf(req).user.id;
      const m = await myReceipt(me, req.params.id);
      if (!m) throw notFound('消息不存在');
      await markRead(me, m.id);
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
    { config: { open: OPEN.messages }, schema: { params: idParams } as const },
    async (req) => {
      const me = authOf(req).user.id;
      if (!(await myReceipt(me, req.params.id))) throw notFound('消息不存在');
      await markRead(me, req.params.id);
      return ok(null);
    },
  );

  r.delete(
    `${BASE}/Record`,
    {
      config: { open: OPEN.messages },
      schema: {
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
      await ctx.db
        .deleteFrom('message_receiver')
        .where('userId', '=', authOf(req).user.id)
        .where('messageId', 'in', ids)
        .execute();
      return ok(null, '删除成功');
    },
  );

  /* ---------------- notice administration (menu system.notice) ---------------- */

  r.get(
    `${BASE}/Notice`,
    {
      onRequest: requirePermission({ menu: NOTICE_MENU }),
      schema: {
        querystring: { type: 'object', properties: { ...pagingQuery, keyword: keywordQuery } },
      } as const,
    },
    async (req) => {
      const q = req.query;
      let base = ctx.db
        .selectFrom('message as m')
        .leftJoin('user as u', 'u.id', 'm.creatorUserId')
        .where('m.type', '=', MessageType.NOTICE);
      if (q.keyword) base = base.where(contains('m.title', q.keyword));
      const { list, pagination } = await paged(base, q, (b) =>
        b
          .select([
            'm.id',
            'm.title',
            'm.state',
            'm.enabledMark',
            'm.createdAt',
            'm.lastModifyTime',
            'm.releasedAt',
            'u.realName as creatorUser',
          ])
          .orderBy('m.lastModifyTime', 'desc')
          .orderBy('m.id', 'desc'),
      );
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

  const loadNotice = async (id: string) => {
    const m = await ctx.db
      .selectFrom('message as m')
      .leftJoin('user as u', 'u.id', 'm.creatorUserId')
      .select([
        'm.id',
        'm.title',
        'm.type',
        'm.bodyText',
        'm.state',
        'm.enabledMark',
        'm.toUserIds',
        'm.createdAt',
        'm.lastModifyTime',
        'm.releasedAt',
        'u.realName as creatorUser',
      ])
      .where('m.id', '=', id)
      .where('m.type', '=', MessageType.NOTICE)
      .executeTakeFirst();
    if (!m) throw notFound('公告不存在');
    return m;
  };

  r.post(
    BASE,
    {
      onRequest: requirePermission({ menu: NOTICE_MENU, button: 'btn_add' }),
      schema: { body: noticeBodySchema } as const,
    },
    async (req) => {
      const fields = await cleanNotice(req.body);
      const now = ctx.clock();
      const id = randomUUID();
      await ctx.db
        .insertInto('message')
        .values({
          id,
          type: MessageType.NOTICE,
          ...fields,
          state: 0,
          enabledMark: 1,
          creatorUserId: authOf(req).user.id,
          createdAt: now,
          lastModifyTime: now,
          releasedAt: null,
        })
        .execute();
      return ok({ id }, '新建成功');
    },
  );

  r.put(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: NOTICE_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: noticeBodySchema } as const,
    },
    async (req) => {
      const m = await loadNotice(req.params.id);
      if (m.state === 1) throw badRequest(RELEASED_READONLY);
      const fields = await cleanNotice(req.body);
      await ctx.db
        .updateTable('message')
        .set({ ...fields, lastModifyTime: ctx.clock() })
        .where('id', '=', m.id)
        .where('state', '=', 0)
        .execute();
      return ok(null, '更新成功');
    },
  );

  r.get(
    `${BASE}/:id`,
    { onRequest: requirePermission({ menu: NOTICE_MENU }), schema: { params: idParams } as const },
    async (req) => {
      const { createdAt, toUserIds, ...m } = await loadNotice(req.params.id);
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
      schema: { params: idParams, body: NO_BODY } as const,
    },
    async (req) => {
      const m = await loadNotice(req.params.id);
      await ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('message_receiver').where('messageId', '=', m.id).execute();
        await trx.deleteFrom('message').where('id', '=', m.id).execute();
      });
      return ok(null, '删除成功');
    },
  );

  r.put(
    `${BASE}/:id/Actions/Release`,
    {
      onRequest: requirePermission({ menu: NOTICE_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY } as const,
    },
    async (req) => {
      const m = await loadNotice(req.params.id);
      if (m.state === 1) throw badRequest(ALREADY_RELEASED);
      const wanted = m.toUserIds ? (JSON.parse(m.toUserIds) as string[]) : null;
      const { recipients } = await resolveRecipients(ctx.db, wanted);
      const now = ctx.clock();
      const released = await ctx.db.transaction().execute(async (trx) => {
        // Guard against a concurrent release: only the request that flips the state writes receipts.
        const r = await trx
          .updateTable('message')
          .set({ state: 1 })
          .where('id', '=', m.id)
          .where('state', '=', 0)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return false;
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
      schema: { params: idParams, body: NO_BODY } as const,
    },
    async (req) => {
      const m = await loadNotice(req.params.id);
      const enabledMark = m.enabledMark === 1 ? 0 : 1;
      await ctx.db.updateTable('message').set({ enabledMark }).where('id', '=', m.id).execute();
      return ok({ enabledMark }, '更新成功');
    },
  );
}
