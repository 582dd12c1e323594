/**
 * POST /api/system/Feedback — the navbar's feedback entry (spec §2 "feedback … entries"): a signed-in
 * user writes to the platform's administrators. The text is delivered as an in-app notice to every
 * enabled administrator (their bell counts it at once over the socket); it is plain text, escaped
 * into the notice HTML, so nothing the user typed is ever interpreted as markup.
 */
import type { FastifyInstance } from 'fastify';
import { authOf } from '../context';
import { ApiError, Code, ok } from '../http/envelope';
import { typed } from '../http/typed';
import { answers } from '../http/response';
import { MESSAGE_ANSWERS } from './responses';
import { MessageType, sendMessage } from './service';
import { enabledAdministratorIds, messagesWrittenSince, senderOf } from './message-store';

export const FEEDBACK_OK = '感谢您的反馈，管理员会尽快处理';
export const FEEDBACK_THROTTLED = '反馈过于频繁，请稍后再试';
export const FEEDBACK_TITLE_PREFIX = '意见反馈：';
export const FEEDBACK_PER_USER_PER_HOUR = 10;
export const NO_ADMINS = '暂无可接收反馈的管理员';

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The notice body: the text paragraph by paragraph, then who wrote it. Pure. */
export function feedbackHtml(content: string, from: { realName: string; account: string }): string {
  const paragraphs = content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => `<p>${escapeHtml(line)}</p>`);
  return `${paragraphs.join('')}<p>— ${escapeHtml(from.realName)} (${escapeHtml(from.account)})</p>`;
}

export function registerFeedbackRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;
  r.post(
    '/api/system/Feedback',
    {
      config: { open: 'any member of staff may send feedback to the administrators (rate-limited per user)' },
      schema: {
        response: answers(MESSAGE_ANSWERS.nothing),
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'content'],
          properties: {
            title: {
              type: 'string',
              minLength: 1,
              maxLength: 60,
              pattern: '\\S',
              'x-msg': 'required (1-60 characters)',
            },
            content: {
              type: 'string',
              minLength: 1,
              maxLength: 2000,
              pattern: '\\S',
              'x-msg': 'required (1-2000 characters)',
            },
          },
        },
      } as const,
    },
    async (req) => {
      const me = authOf(req);
      const now = ctx.clock();
      const sent = await messagesWrittenSince(ctx.db, me.user.id, FEEDBACK_TITLE_PREFIX, now - 3_600_000);
      if (sent >= FEEDBACK_PER_USER_PER_HOUR) throw new ApiError(Code.THROTTLED, FEEDBACK_THROTTLED);
      const user = await senderOf(ctx.db, me.user.id);
      const admins = await enabledAdministratorIds(ctx.db);
      if (admins.length === 0) throw new ApiError(Code.BAD_REQUEST, NO_ADMINS);
      await sendMessage(ctx, {
        type: MessageType.NOTICE,
        title: FEEDBACK_TITLE_PREFIX + req.body.title.trim(),
        bodyText: feedbackHtml(req.body.content, user),
        toUserIds: admins,
        creatorUserId: me.user.id,
      });
      return ok(null, FEEDBACK_OK);
    },
  );
}
