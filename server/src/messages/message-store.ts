/**
 * Messages and their receipts in and out of the database: the signed-in user's received messages
 * (list, open, mark read, delete receipts) and the notices the administration lists, writes, releases
 * and enables.
 */
import type { Db } from '../database';
import { paged, type PageQuery } from '../db/paging';
import { contains } from '../db/search';
import { notFound } from '../http/envelope';
import { MessageType } from './service';

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

/** A user's visible receipts (released, enabled messages) joined to their message and its sender. */
function receivedBy(db: Db, userId: string) {
  return db
    .selectFrom('message_receiver as r')
    .innerJoin('message as m', 'm.id', 'r.messageId')
    .leftJoin('user as u', 'u.id', 'm.creatorUserId')
    .where('r.userId', '=', userId)
    .where('m.state', '=', 1)
    .where('m.enabledMark', '=', 1);
}

/** One page of a user's received messages, of one type or all, searched by title. */
export async function pageReceived(
  db: Db,
  userId: string,
  q: PageQuery & { sort: 'asc' | 'desc'; type?: number; keyword?: string },
) {
  let base = receivedBy(db, userId);
  if (q.type) base = base.where('m.type', '=', q.type);
  if (q.keyword) base = base.where(contains('m.title', q.keyword));
  return paged(base, q, (b) =>
    b
      .select([...RECEIVED_COLUMNS, 'r.isRead'])
      .orderBy('m.lastModifyTime', q.sort)
      .orderBy('m.id', q.sort),
  );
}

/** The user's visible receipt of a message (released and enabled), or undefined. */
export async function myReceipt(db: Db, userId: string, id: string) {
  return receivedBy(db, userId)
    .select([...RECEIVED_COLUMNS, 'm.bodyText'])
    .where('r.messageId', '=', id)
    .executeTakeFirst();
}

/** Marks the user's receipt of one message read (if unread). */
export async function markRead(db: Db, userId: string, id: string, now: number): Promise<void> {
  await db
    .updateTable('message_receiver')
    .set({ isRead: 1, readTime: now })
    .where('userId', '=', userId)
    .where('messageId', '=', id)
    .where('isRead', '=', 0)
    .execute();
}

/** Marks every unread receipt of the user read. */
export async function markAllRead(db: Db, userId: string, now: number): Promise<void> {
  await db
    .updateTable('message_receiver')
    .set({ isRead: 1, readTime: now })
    .where('userId', '=', userId)
    .where('isRead', '=', 0)
    .execute();
}

/** Deletes the user's receipts of the given messages. */
export async function deleteReceipts(db: Db, userId: string, messageIds: string[]): Promise<void> {
  await db
    .deleteFrom('message_receiver')
    .where('userId', '=', userId)
    .where('messageId', 'in', messageIds)
    .execute();
}

/** One page of notices, newest change first, searched by title. */
export async function pageNotices(db: Db, q: PageQuery & { keyword?: string }) {
  let base = db
    .selectFrom('message as m')
    .leftJoin('user as u', 'u.id', 'm.creatorUserId')
    .where('m.type', '=', MessageType.NOTICE);
  if (q.keyword) base = base.where(contains('m.title', q.keyword));
  return paged(base, q, (b) =>
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
}

/** A notice with its sender's name, or 404. */
export async function loadNotice(db: Db, id: string) {
  const m = await db
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
}

/** The cleaned fields of a notice as the form writes them. */
export interface NoticeFields {
  title: string;
  bodyText: string;
  toUserIds: string;
}

/** Inserts a draft notice (unreleased, enabled). */
export async function insertNotice(
  db: Db,
  n: NoticeFields & { id: string; creatorUserId: string; now: number },
): Promise<void> {
  const { now, ...rest } = n;
  await db
    .insertInto('message')
    .values({
      ...rest,
      type: MessageType.NOTICE,
      state: 0,
      enabledMark: 1,
      createdAt: now,
      lastModifyTime: now,
      releasedAt: null,
    })
    .execute();
}

/** Rewrites a draft notice (a released one is left as it is). */
export async function updateDraftNotice(
  db: Db,
  id: string,
  fields: NoticeFields,
  now: number,
): Promise<void> {
  await db
    .updateTable('message')
    .set({ ...fields, lastModifyTime: now })
    .where('id', '=', id)
    .where('state', '=', 0)
    .execute();
}

/** Deletes a message and its receipts. */
export async function deleteMessage(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('message_receiver').where('messageId', '=', id).execute();
    await trx.deleteFrom('message').where('id', '=', id).execute();
  });
}

/** Flips a draft to released; false when another request released it first. */
export async function flipReleased(db: Db, id: string): Promise<boolean> {
  const r = await db
    .updateTable('message')
    .set({ state: 1 })
    .where('id', '=', id)
    .where('state', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setMessageEnabled(db: Db, id: string, enabledMark: number): Promise<void> {
  await db.updateTable('message').set({ enabledMark }).where('id', '=', id).execute();
}

/** How many messages a user wrote since `since` whose title starts with `prefix`. */
export async function messagesWrittenSince(
  db: Db,
  userId: string,
  prefix: string,
  since: number,
): Promise<number> {
  const sent = await db
    .selectFrom('message')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('creatorUserId', '=', userId)
    .where('title', 'like', `${prefix}%`)
    .where('createdAt', '>', since)
    .executeTakeFirst();
  return Number(sent?.n ?? 0);
}

/** A user's name and account (the user must exist). */
export async function senderOf(db: Db, userId: string) {
  return db
    .selectFrom('user')
    .select(['realName', 'account'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The enabled administrators' ids. */
export async function enabledAdministratorIds(db: Db): Promise<string[]> {
  const admins = await db
    .selectFrom('user')
    .select('id')
    .where('isAdministrator', '=', 1)
    .where('enabledMark', '=', 1)
    .execute();
  return admins.map((a) => a.id);
}
