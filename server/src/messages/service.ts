/**
 * In-app messages: per-user unread counts, releasing a message to its recipients (receipt rows) and
 * the `messagePush` that tells each connected recipient. `sendMessage` is the one call other modules
 * (workflow) use to notify users.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  messageTitle,
  messageTitleParams,
  type MessageTitleKey,
  type MessageTitleParams,
} from '@lighting/shared/core';
import { insertChunked, sanitizeRichText } from '../kernel';
import type { Db } from '../database';
import type { Realtime } from '../realtime';
import { messagePushMessage, NO_UNREAD, type UnreadCounts } from '../realtime/protocol';

export const MessageType = { NOTICE: 1, TODO: 2, CIRCULATE: 3, LAUNCH: 4 } as const;
export type MessageTypeValue = (typeof MessageType)[keyof typeof MessageType];

/** Unread counts of several users (users with none are absent from the map). */
export async function unreadCountsOf(db: Db, userIds: readonly string[]): Promise<Map<string, UnreadCounts>> {
  const out = new Map<string, UnreadCounts>();
  for (let i = 0; i < userIds.length; i += 500) {
    const part = userIds.slice(i, i + 500);
    const rows = await db
      .selectFrom('message_receiver as r')
      .innerJoin('message as m', 'm.id', 'r.messageId')
      .select([
        'r.userId',
        (eb) => eb.fn.countAll<number>().as('n'),
        sql<number>`sum(case when ${sql.ref('m.type')} = 1 then 1 else 0 end)`.as('notices'),
      ])
      .where('r.userId', 'in', part)
      .where('r.isRead', '=', 0)
      .where('m.state', '=', 1)
      .where('m.enabledMark', '=', 1)
      .groupBy('r.userId')
      .execute();
    for (const r of rows)
      out.set(r.userId, { unreadMessageCount: Number(r.n), unreadNoticeCount: Number(r.notices ?? 0) });
  }
  return out;
}

export async function unreadCounts(db: Db, userId: string): Promise<UnreadCounts> {
  return (await unreadCountsOf(db, [userId])).get(userId) ?? NO_UNREAD;
}

/**
 * The enabled users among `toUserIds` (every enabled user when null or empty), and the requested ids
 * that are not enabled users.
 */
export async function resolveRecipients(
  db: Db,
  toUserIds: readonly string[] | null,
): Promise<{ recipients: string[]; unknown: string[] }> {
  let q = db.selectFrom('user').select('id').where('enabledMark', '=', 1);
  const wanted = toUserIds && toUserIds.length ? [...new Set(toUserIds)] : null;
  if (wanted) q = q.where('id', 'in', wanted);
  const recipients = (await q.orderBy('id').execute()).map((r) => r.id);
  const found = new Set(recipients);
  return { recipients, unknown: wanted ? wanted.filter((id) => !found.has(id)) : [] };
}

/** Marks a message released and creates its receipts (call inside a transaction). */
export async function releaseRows(
  db: Db,
  messageId: string,
  recipients: readonly string[],
  now: number,
): Promise<void> {
  await db
    .updateTable('message')
    .set({ state: 1, releasedAt: now, lastModifyTime: now })
    .where('id', '=', messageId)
    .execute();
  await insertChunked(
    db,
    'message_receiver',
    recipients.map((userId) => ({ messageId, userId, isRead: 0, readTime: null })),
    500,
  );
}

/** Pushes `messagePush` with each recipient's new unread counts (after the release committed). */
export async function pushReleased(
  db: Db,
  realtime: Realtime,
  m: { id: string; title: string; type: number },
  recipients: readonly string[],
): Promise<void> {
  const counts = await unreadCountsOf(db, recipients);
  await Promise.all(
    recipients.map((userId) =>
      realtime.pushToUser(userId, messagePushMessage(m, counts.get(userId) ?? NO_UNREAD)),
    ),
  );
}

export interface SendMessageInput {
  type: MessageTypeValue;
  /** What people wrote (a notice), or a title the system writes: its key and parameters, stored as such. */
  title: string | { key: MessageTitleKey; params: MessageTitleParams };
  /** Notices: HTML (sanitised here). Workflow types: a JSON string such as {"type":2,"flowId":…,"taskId":…}. */
  bodyText: string;
  /** Empty = every enabled user. Unknown or disabled users are skipped. */
  toUserIds: readonly string[];
  creatorUserId: string | null;
}

export interface MessageDeps {
  db: Db;
  realtime: Realtime;
  clock: () => number;
}

/** Inserts a message, releases it to its recipients in one transaction, then pushes; returns its id and recipients. */
export async function sendMessage(
  deps: MessageDeps,
  input: SendMessageInput,
): Promise<{ id: string; recipients: string[] }> {
  const now = deps.clock();
  const id = randomUUID();
  // a system title is stored as its key and parameters, and in Chinese words for JNPF clients and the search
  const keyed = typeof input.title === 'string' ? null : input.title;
  const title = keyed ? messageTitle(keyed.key, keyed.params, 'zh') : (input.title as string);
  const bodyText = input.type === MessageType.NOTICE ? sanitizeRichText(input.bodyText) : input.bodyText;
  const { recipients } = await resolveRecipients(deps.db, input.toUserIds.length ? input.toUserIds : null);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('message')
      .values({
        id,
        type: input.type,
        title,
        titleKey: keyed?.key ?? null,
        titleParams: keyed ? JSON.stringify(keyed.params) : null,
        bodyText,
        state: 0,
        enabledMark: 1,
        toUserIds: input.toUserIds.length ? JSON.stringify(input.toUserIds) : '',
        creatorUserId: input.creatorUserId,
        createdAt: now,
        lastModifyTime: now,
        releasedAt: null,
      })
      .execute();
    await releaseRows(trx, id, recipients, now);
  });
  await pushReleased(deps.db, deps.realtime, { id, title, type: input.type }, recipients);
  return { id, recipients };
}

/** A message's title as the API gives it: the stored words, and the key and parameters when it has them. */
export function titleFields(m: { title: string; titleKey?: string | null; titleParams?: string | null }): {
  title: string;
  titleKey: string | null;
  titleParams: MessageTitleParams | null;
} {
  let params: unknown = null;
  if (m.titleKey && m.titleParams)
    try {
      params = JSON.parse(m.titleParams) as unknown;
    } catch {
      params = null;
    }
  return {
    title: m.title,
    titleKey: m.titleKey ?? null,
    titleParams: m.titleKey ? messageTitleParams(params) : null,
  };
}
