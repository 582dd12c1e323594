/**
 * Citizens' feedback and its replies in and out of the database (the dashboard's `feedback` table and
 * `feedback_reply`): the thread as the citizen and the console read it, the citizen's list, the
 * console's page, new feedback, replies and ratings.
 */
import { sql, type Expression, type Insertable, type SqlBool } from 'kysely';
import type { Database, Db } from '../database';
import { paged } from '../db/paging';
import { photoUrl } from './photos';
import { replyAuthorName } from './rules';
import { parsePhotoNames } from './service';

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
    authorName: replyAuthorName({ ...r, realName }, forStaff),
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

/**
 * A feedback's id, writer and reply time, or undefined for no such feedback (or one outside `scope`,
 * the caller's data permissions).
 */
export async function feedbackHead(db: Db, id: string, scope: Expression<SqlBool> | null = null) {
  let q = db
    .selectFrom('feedback as f')
    .select(['f.id', 'f.citizenId', 'f.repliedAt'])
    .where('f.id', '=', id);
  if (scope) q = q.where(scope);
  return q.executeTakeFirst();
}

/** Inserts a citizen's feedback. */
export async function insertFeedback(db: Db, row: Insertable<Database['feedback']>): Promise<void> {
  await db.insertInto('feedback').values(row).execute();
}

/** A citizen's latest 100 feedbacks with their reply counts, newest first. */
export async function citizenFeedbacks(db: Db, citizenId: string) {
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
    .where('f.citizenId', '=', citizenId)
    .orderBy('f.createdAt', 'desc')
    .limit(100)
    .execute();
  return rows.map((x) => ({ ...x, replies: Number(x.replies ?? 0) }));
}

/** A citizen's reply; the thread waits for the staff again. */
export async function addCitizenReply(
  db: Db,
  r: { feedbackId: string; authorName: string; content: string; now: number; id: string },
): Promise<void> {
  await db
    .insertInto('feedback_reply')
    .values({
      id: r.id,
      feedbackId: r.feedbackId,
      authorKind: 'citizen',
      userId: null,
      authorName: r.authorName,
      content: r.content,
      createdAt: r.now,
    })
    .execute();
  await db.updateTable('feedback').set({ state: 'pending' }).where('id', '=', r.feedbackId).execute();
}

/** A staff reply (its writer in `userId`, shown to the citizen as `authorName`); the thread is replied. */
export async function addStaffReply(
  db: Db,
  r: { feedbackId: string; userId: string; authorName: string; content: string; now: number; id: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('feedback_reply')
      .values({
        id: r.id,
        feedbackId: r.feedbackId,
        authorKind: 'staff',
        userId: r.userId,
        authorName: r.authorName,
        content: r.content,
        createdAt: r.now,
      })
      .execute();
    await trx
      .updateTable('feedback')
      .set({ state: 'replied', repliedAt: r.now })
      .where('id', '=', r.feedbackId)
      .execute();
  });
}

export async function setSatisfaction(db: Db, id: string, satisfaction: number): Promise<void> {
  await db.updateTable('feedback').set({ satisfaction }).where('id', '=', id).execute();
}

/** One page of feedback for the console, newest first, by state and kind, searched in title and text. */
export async function pageFeedback(
  db: Db,
  q: {
    currentPage: number;
    pageSize: number;
    state?: string;
    kind?: string;
    keyword?: string;
    /** the caller's data permissions (scope.ts) */
    scope?: Expression<SqlBool> | null;
  },
) {
  let base = db.selectFrom('feedback as f');
  if (q.scope) base = base.where(q.scope);
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
  return paged(base, { currentPage: q.currentPage, pageSize: q.pageSize }, (b) =>
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
}

/** A citizen's kind and subject (phone number or openid), or undefined. */
export async function citizenIdentity(db: Db, id: string) {
  return db.selectFrom('citizen').select(['kind', 'subject']).where('id', '=', id).executeTakeFirst();
}
