/**
 * Citizens' feedback (suggestions and complaints, photos optional) and its thread with the staff's
 * replies. Rows live in the dashboard's `feedback` table, so the home page counts real feedback. Text
 * is stored as typed and always shown as text.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maskPhone } from '@lighting/shared/core';
import type { Db } from '../database';
import { badRequest, notFound, ok } from '../http/envelope';
import { typed } from '../http/typed';
import { lineField } from '../http/validation';
import { deviceHeaders, deviceKey, limitBy } from './limits';
import { photoUrl } from './photos';
import { idemKeyField, priorAnswer, rememberAnswer, type RequestKey } from '../kernel';
import { photoNamesField } from './routes-reports';
import { DEVICE_HEADER, parsePhotoNames, type CitizenSession, type CitizenService } from './service';

export const feedbackIdParams = {
  type: 'object',
  required: ['id'],
  properties: {
    id: {
      type: 'string',
      maxLength: 64,
      minLength: 1,
      pattern: '^[A-Za-z0-9_-]+$',
      'x-msg': 'not a feedback id',
    },
  },
} as const;

export const FEEDBACK_KINDS = ['suggestion', 'complaint'] as const;

/** A reply in a feedback thread, from the citizen or the staff. */
export const REPLY_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['content'],
  properties: { content: { type: 'string', minLength: 1, maxLength: 2000 } },
} as const;

/**
 * Who answers a citizen: the service, never a staff member's own name (a citizen sees the role; the
 * console sees who wrote it).
 */
export const STAFF_REPLY_NAME = '照明服务中心';

/**
 * Tells every open console that a feedback thread changed (created, answered, rated): the
 * 市民反馈 list and an open thread reload what their reader may see. No content travels.
 */
export function feedbackChanged(
  app: FastifyInstance,
  id: string,
  action: 'created' | 'replied' | 'rated',
): Promise<void> {
  return app.ctx.realtime.pushToAll({ method: 'citizenFeedbackChange', id, action });
}

/**
 * The thread of one feedback: its text, photos and replies, oldest first. A staff reply's author is
 * the service's name for the citizen (`forStaff`: the staff member's name, for the console).
 */
export async function feedbackThread(db: Db, id: string, forStaff = false) {
  const f = await db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();
  if (!f) return null;
  const rows = await db
    .selectFrom('feedback_reply as r')
    .leftJoin('user as u', 'u.id', 'r.userId')
    .select(['r.id', 'r.authorKind', 'r.authorName', 'r.content', 'r.createdAt', 'u.realName'])
    .where('r.feedbackId', '=', id)
    .orderBy('r.createdAt')
    .orderBy('r.id')
    .execute();
  const replies = rows.map(({ realName, ...r }) => ({
    ...r,
    authorName:
      r.authorKind !== 'staff' ? r.authorName : forStaff ? (realName ?? r.authorName) : STAFF_REPLY_NAME,
  }));
  return {
    id: f.id,
    kind: f.kind,
    title: f.title,
    content: f.content,
    district: f.district,
    state: f.state,
    createdAt: f.createdAt,
    repliedAt: f.repliedAt,
    satisfaction: f.satisfaction,
    photos: parsePhotoNames(f.photos).map(photoUrl),
    replies,
    citizenId: f.citizenId,
  };
}

export function registerFeedbackRoutes(app: FastifyInstance, svc: CitizenService): void {
  const r = typed(app);
  const { db, clock } = app.ctx;
  const device = (req: FastifyRequest): string => {
    const d = req.headers[DEVICE_HEADER];
    return typeof d === 'string' ? d : '';
  };
  const mineOrThrow = async (req: FastifyRequest, id: string): Promise<CitizenSession> => {
    const s = await svc.requireSession(req);
    const f = await db.selectFrom('feedback').select('citizenId').where('id', '=', id).executeTakeFirst();
    if (!f || f.citizenId !== s.citizenId) throw notFound('反馈不存在');
    return s;
  };
  const citizenThread = async (id: string) => {
    const t = await feedbackThread(db, id);
    if (!t) throw notFound('反馈不存在');
    const { citizenId: _omit, ...rest } = t;
    return rest;
  };

  r.post(
    '/api/public/feedback',
    {
      config: { public: true, rateLimit: { max: 20, timeWindow: 3_600_000 } },
      preHandler: limitBy(app, 'feedback-device', 10, 3_600_000, deviceKey),
      schema: {
        headers: deviceHeaders,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['idemKey', 'kind', 'title', 'content'],
          properties: {
            idemKey: idemKeyField,
            kind: { type: 'string', enum: [...FEEDBACK_KINDS] },
            title: lineField(100, 1),
            content: { type: 'string', minLength: 1, maxLength: 2000 },
            district: lineField(50),
            photos: photoNamesField,
          },
        },
      },
    },
    async (req) => {
      const s = await svc.requireSession(req);
      const b = req.body;
      if (!b.title.trim()) throw badRequest('title: must not be empty');
      if (!b.content.trim()) throw badRequest('content: must not be empty');
      // the citizen's key in the kernel's one store: a repeat answers the thread the first one made
      const rk: RequestKey = {
        owner: `c:${s.citizenId}`,
        key: b.idemKey,
        kind: 'citizen.feedback',
        exclusive: true,
      };
      const again = await priorAnswer<{ id: string }>(db, rk);
      if (again) return ok(await citizenThread(again.id), '反馈已提交');
      if (b.district) {
        const d = await db
          .selectFrom('map_district')
          .select('name')
          .where('name', '=', b.district)
          .executeTakeFirst();
        if (!d) throw badRequest('district: 没有这个区');
      }
      const id = `fb-${randomUUID()}`;
      const now = clock();
      try {
        await db.transaction().execute(async (trx) => {
          const photos = await svc.claimPhotos(trx, b.photos ?? [], device(req), id);
          await trx
            .insertInto('feedback')
            .values({
              id,
              title: b.title.trim(),
              district: b.district ?? '',
              createdAt: now,
              state: 'pending',
              repliedAt: null,
              satisfaction: null,
              citizenId: s.citizenId,
              kind: b.kind,
              content: b.content.trim(),
              photos: JSON.stringify(photos),
              // the legacy key column stays empty: keys live in request_key
              idemKey: null,
            })
            .execute();
          await rememberAnswer(trx, rk, { id }, now);
        });
      } catch (e) {
        // a concurrent retry with the same key won the race: answer its thread
        const won = await priorAnswer<{ id: string }>(db, rk).catch(() => undefined);
        if (won) return ok(await citizenThread(won.id), '反馈已提交');
        throw e;
      }
      await feedbackChanged(app, id, 'created');
      return ok(await citizenThread(id), '反馈已提交');
    },
  );

  r.get(
    '/api/public/feedback/mine',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: { querystring: { type: 'object', properties: {} } },
    },
    async (req) => {
      const s = await svc.requireSession(req);
      const rows = await db
        .selectFrom('feedback as f')
        .select((eb) => [
          'f.id',
          'f.kind',
          'f.title',
          'f.state',
          'f.createdAt',
          'f.repliedAt',
          eb
            .selectFrom('feedback_reply as r')
            .select((e2) => e2.fn.countAll<number>().as('n'))
            .whereRef('r.feedbackId', '=', 'f.id')
            .as('replies'),
        ])
        .where('f.citizenId', '=', s.citizenId)
        .orderBy('f.createdAt', 'desc')
        .limit(100)
        .execute();
      return ok(rows.map((x) => ({ ...x, replies: Number(x.replies ?? 0) })));
    },
  );

  r.get(
    '/api/public/feedback/:id',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: { params: feedbackIdParams },
    },
    async (req) => {
      await mineOrThrow(req, req.params.id);
      return ok(await citizenThread(req.params.id));
    },
  );

  r.post(
    '/api/public/feedback/:id/replies',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: 3_600_000 } },
      schema: {
        params: feedbackIdParams,
        body: REPLY_BODY,
      },
    },
    async (req) => {
      const s = await mineOrThrow(req, req.params.id);
      if (!req.body.content.trim()) throw badRequest('content: must not be empty');
      await db
        .insertInto('feedback_reply')
        .values({
          id: `fr-${randomUUID()}`,
          feedbackId: req.params.id,
          authorKind: 'citizen',
          userId: null,
          authorName: s.kind === 'phone' ? maskPhone(s.subject) : '市民',
          content: req.body.content.trim(),
          createdAt: clock(),
        })
        .execute();
      // the citizen answered: the thread waits for the staff again
      await db.updateTable('feedback').set({ state: 'pending' }).where('id', '=', req.params.id).execute();
      await feedbackChanged(app, req.params.id, 'replied');
      return ok(await citizenThread(req.params.id), '已发送');
    },
  );

  r.post(
    '/api/public/feedback/:id/rate',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: 3_600_000 } },
      schema: {
        params: feedbackIdParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['satisfaction'],
          properties: { satisfaction: { type: 'integer', minimum: 1, maximum: 5 } },
        },
      },
    },
    async (req) => {
      await mineOrThrow(req, req.params.id);
      const f = await db
        .selectFrom('feedback')
        .select('repliedAt')
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!f?.repliedAt) throw badRequest('satisfaction: 收到回复后才能评价');
      await db
        .updateTable('feedback')
        .set({ satisfaction: req.body.satisfaction })
        .where('id', '=', req.params.id)
        .execute();
      await feedbackChanged(app, req.params.id, 'rated');
      return ok(await citizenThread(req.params.id), '感谢您的评价');
    },
  );
}
