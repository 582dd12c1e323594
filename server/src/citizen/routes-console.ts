/**
 * The console's side of the citizens' service (staff tokens, guarded by the 市民服务 menus): the
 * citizens' feedback and replies, the QR plate sheets, and the Open311 keys.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { maskPhone } from '@lighting/shared/core';
import { authOf } from '../context';
import { paged } from '../db/paging';
import { badRequest, notFound, ok, page } from '../http/envelope';
import { requirePermission } from '../auth';
import { typed } from '../http/typed';
import { keywordQuery, lineField, pagingQuery } from '../http/validation';
import { MENU_FAULT } from '../map';
import { MENU_FEEDBACK, MENU_OPEN311, MENU_PLATES } from './menus';
import { PLATES_PER_PAGE, platesPdf } from './plates';
import { qrUrl } from './qr';
import {
  REPLY_BODY,
  STAFF_REPLY_NAME,
  feedbackChanged,
  feedbackIdParams,
  feedbackThread,
  FEEDBACK_KINDS,
} from './routes-feedback';
import { sha256, type CitizenService } from './service';

export const MAX_PLATES = 600;

export function registerConsoleRoutes(app: FastifyInstance, svc: CitizenService): void {
  const r = typed(app);
  const { db, clock } = app.ctx;

  /* ---------------- feedback ---------------- */

  r.get(
    '/api/citizen/feedback',
    {
      onRequest: requirePermission({ menu: MENU_FEEDBACK }),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pagingQuery,
            state: { type: 'string', enum: ['pending', 'replied'] },
            kind: { type: 'string', enum: [...FEEDBACK_KINDS] },
            keyword: keywordQuery,
          },
        },
      },
    },
    async (req) => {
      const q = req.query;
      let base = db.selectFrom('feedback as f');
      if (q.state) base = base.where('f.state', '=', q.state);
      if (q.kind) base = base.where('f.kind', '=', q.kind);
      const kw = q.keyword?.trim();
      if (kw) {
        const like = `%${kw.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
        base = base.where((eb) =>
          eb.or([
            eb('f.title', 'like', sql<string>`${like} escape '\\'`),
            eb('f.content', 'like', sql<string>`${like} escape '\\'`),
          ]),
        );
      }
      const { list, pagination } = await paged(
        base,
        { currentPage: q.currentPage ?? 1, pageSize: q.pageSize ?? 20 },
        (b) =>
          b
            .select([
              'f.id',
              'f.kind',
              'f.title',
              'f.district',
              'f.state',
              'f.createdAt',
              'f.repliedAt',
              'f.satisfaction',
            ])
            .orderBy('f.createdAt', 'desc')
            .orderBy('f.id', 'desc'),
      );
      return page(list, pagination);
    },
  );

  const staffThread = async (id: string) => {
    const t = await feedbackThread(db, id, true);
    if (!t) throw notFound('反馈不存在');
    const { citizenId, ...rest } = t;
    const c = citizenId
      ? await db
          .selectFrom('citizen')
          .select(['kind', 'subject'])
          .where('id', '=', citizenId)
          .executeTakeFirst()
      : undefined;
    // staff see who wrote (a phone number, masked; a chat-app user by kind only)
    return { ...rest, author: c ? (c.kind === 'phone' ? maskPhone(c.subject) : '微信用户') : '' };
  };

  r.get(
    '/api/citizen/feedback/:id',
    { onRequest: requirePermission({ menu: MENU_FEEDBACK }), schema: { params: feedbackIdParams } },
    async (req) => ok(await staffThread(req.params.id)),
  );

  r.post(
    '/api/citizen/feedback/:id/replies',
    {
      onRequest: requirePermission({ menu: MENU_FEEDBACK, button: 'btn_reply' }),
      schema: {
        params: feedbackIdParams,
        body: REPLY_BODY,
      },
    },
    async (req) => {
      const { user } = authOf(req);
      const content = req.body.content.trim();
      if (!content) throw badRequest('content: must not be empty');
      const f = await db
        .selectFrom('feedback')
        .select('id')
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!f) throw notFound('反馈不存在');
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('feedback_reply')
          .values({
            id: `fr-${randomUUID()}`,
            feedbackId: f.id,
            authorKind: 'staff',
            userId: user.id,
            // the citizen sees the service's name; who wrote it is `userId` (the console shows it)
            authorName: STAFF_REPLY_NAME,
            content,
            createdAt: now,
          })
          .execute();
        await trx
          .updateTable('feedback')
          .set({ state: 'replied', repliedAt: now })
          .where('id', '=', f.id)
          .execute();
      });
      await feedbackChanged(app, f.id, 'replied');
      return ok(await staffThread(f.id), '回复成功');
    },
  );

  /* ---------------- a fault's citizen report (the map's fault view) ---------------- */

  r.get(
    '/api/citizen/faults/:faultId/report',
    {
      // whoever may see faults may see who reported one and how to reach them (never a citizen)
      onRequest: requirePermission({ menu: MENU_FAULT }),
      schema: {
        params: {
          type: 'object',
          required: ['faultId'],
          properties: { faultId: { type: 'string', minLength: 1, maxLength: 64 } },
        },
      },
    },
    async (req) => {
      const report = await svc.staffReport(req.params.faultId);
      if (!report) throw notFound('该故障不是市民报修');
      return ok(report);
    },
  );

  /* ---------------- QR plates ---------------- */

  r.get(
    '/api/citizen/plates.pdf',
    {
      onRequest: requirePermission({ menu: MENU_PLATES, button: 'btn_export' }),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            district: lineField(50, 1),
            road: lineField(100, 1),
            codes: { type: 'string', maxLength: 20_000, 'x-msg': 'comma-separated pole numbers' },
          },
        },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const codes = (q.codes ?? '')
        .split(/[\s,，;；]+/)
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean);
      if (!codes.length && !q.district) throw badRequest('district: choose a district or list pole numbers');
      if (codes.length > MAX_PLATES) throw badRequest(`codes: at most ${MAX_PLATES} per sheet`);
      let qb = db.selectFrom('map_asset').select(['code', 'road', 'district']).where('kind', '=', 'pole');
      if (codes.length) qb = qb.where('code', 'in', codes);
      if (q.district) qb = qb.where('district', '=', q.district);
      if (q.road) qb = qb.where('road', '=', q.road);
      const rows = await qb
        .orderBy('code')
        .limit(MAX_PLATES + 1)
        .execute();
      if (codes.length) {
        const found = new Set(rows.map((x) => x.code));
        const missing = codes.filter((c) => !found.has(c));
        if (missing.length) throw badRequest(`codes: 没有这些灯杆: ${missing.slice(0, 10).join(', ')}`);
      }
      if (!rows.length) throw badRequest('district: no poles there');
      if (rows.length > MAX_PLATES)
        throw badRequest(`district: more than ${MAX_PLATES} poles; narrow it to a road or list pole numbers`);
      const secret = await svc.qrSecret();
      const base = app.ctx.config.citizen.publicUrl || `${req.protocol}://${req.host}`;
      const pdf = await platesPdf(
        rows.map((x) => ({ code: x.code, road: x.road, url: qrUrl(base, x.code, secret) })),
        app.ctx.config.citizen.hotline,
        `QR plates ${q.district ?? ''} (${rows.length})`,
      );
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="qr-plates-${rows.length}.pdf"`)
        .header('Cache-Control', 'no-store')
        .header('X-Plates', String(rows.length))
        .header('X-Pages', String(Math.ceil(rows.length / PLATES_PER_PAGE)))
        .send(pdf);
    },
  );

  /* ---------------- Open311 keys ---------------- */

  r.get(
    '/api/citizen/open311-keys',
    {
      onRequest: requirePermission({ menu: MENU_OPEN311 }),
      schema: { querystring: { type: 'object', properties: {} } },
    },
    async () => {
      const rows = await db
        .selectFrom('open311_key as k')
        .leftJoin('user as u', 'u.id', 'k.createdBy')
        .select([
          'k.id',
          'k.name',
          'k.keyPrefix',
          'k.createdAt',
          'k.revokedAt',
          'k.lastUsedAt',
          'u.realName as createdByName',
        ])
        .orderBy('k.createdAt', 'desc')
        .execute();
      return ok(rows.map((x) => ({ ...x, createdByName: x.createdByName ?? '' })));
    },
  );

  r.post(
    '/api/citizen/open311-keys',
    {
      onRequest: requirePermission({ menu: MENU_OPEN311, button: 'btn_add' }),
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: { name: lineField(100, 1) },
        },
      },
    },
    async (req) => {
      const { user } = authOf(req);
      const name = req.body.name.trim();
      if (!name) throw badRequest('name: must not be empty');
      const key = `o311_${randomBytes(24).toString('base64url')}`;
      const id = `k-${randomUUID()}`;
      await db
        .insertInto('open311_key')
        .values({
          id,
          name,
          keyHash: sha256(key),
          keyPrefix: key.slice(0, 10),
          createdBy: user.id,
          createdAt: clock(),
          revokedAt: null,
          lastUsedAt: null,
        })
        .execute();
      // the key itself is shown this once; only its hash is kept
      return ok({ id, name, key }, '密钥已生成，请立即复制保存');
    },
  );

  r.delete(
    '/api/citizen/open311-keys/:id',
    {
      onRequest: requirePermission({ menu: MENU_OPEN311, button: 'btn_remove' }),
      schema: {
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', maxLength: 64, minLength: 1 } },
        },
        body: { type: ['object', 'null'], additionalProperties: false, properties: {} },
      },
    },
    async (req) => {
      const res = await db
        .updateTable('open311_key')
        .set({ revokedAt: clock() })
        .where('id', '=', req.params.id)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw notFound('密钥不存在或已吊销');
      return ok(null, '已吊销');
    },
  );
}
