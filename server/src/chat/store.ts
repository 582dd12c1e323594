/**
 * The chat's storage (effects): exactly-once sends, per-conversation sequence numbers, pages by
 * cursor, and read pointers with the unread count beside them.
 *
 * One transaction per action. A send takes the conversation row (`lastSeq + 1 … RETURNING`), which
 * orders concurrent sends of one pair on PostgreSQL as SQLite's single writer does; the unique
 * (senderId, clientMsgId) index makes a retry — however late, from whichever instance — find the
 * original instead of storing a second copy.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ChatContentType, ChatMessage, ReadState, UnreadNum } from '@lighting/shared/core';
import type { Db } from '../database';
import type { ChatMessageTable } from './schema';
import { pairOf, previewOf } from './rules';

export interface SendResult {
  message: ChatMessage;
  /** the client id had been stored before: `message` is the original */
  duplicate: boolean;
  /** the receiver's read state of the conversation after it */
  receiver: ReadState;
}

export interface ListOptions {
  pageSize: number;
  sord: 'asc' | 'desc';
  keyword?: string | undefined;
  beforeSeq?: number | undefined;
  afterSeq?: number | undefined;
  currentPage?: number | undefined;
}

const toMessage = (r: ChatMessageTable): ChatMessage => ({
  id: r.id,
  seq: Number(r.seq),
  sendUserId: r.senderId,
  receiveUserId: r.receiverId,
  sendTime: Number(r.sendTime),
  contentType: r.contentType as ChatContentType,
  content: r.content,
  clientMsgId: r.clientMsgId,
});

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'));
}

interface SendJob {
  senderId: string;
  receiverId: string;
  clientMsgId: string;
  contentType: ChatContentType;
  content: string;
  resolve(r: SendResult): void;
  reject(err: unknown): void;
}

/** Sends written in one transaction at most (one commit for all of them). */
const MAX_BATCH = 100;

export class ChatStore {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
  ) {}

  /** The conversation of a pair, created (with both members) on first use. */
  private async conversationId(a: string, b: string): Promise<string> {
    const pair = pairOf(a, b);
    const found = await this.db
      .selectFrom('chat_conversation')
      .select('id')
      .where('userLow', '=', pair.userLow)
      .where('userHigh', '=', pair.userHigh)
      .executeTakeFirst();
    if (found) return found.id;
    const now = this.clock();
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('chat_conversation')
        .values({ id, ...pair, lastSeq: 0, lastTime: now, createdAt: now })
        .onConflict((oc) => oc.columns(['userLow', 'userHigh']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      await trx
        .insertInto('chat_member')
        .values([
          { conversationId: id, userId: a, peerId: b, readSeq: 0, unread: 0, version: 0, updatedAt: now },
          { conversationId: id, userId: b, peerId: a, readSeq: 0, unread: 0, version: 0, updatedAt: now },
        ])
        .execute();
    });
    const row = await this.db
      .selectFrom('chat_conversation')
      .select('id')
      .where('userLow', '=', pair.userLow)
      .where('userHigh', '=', pair.userHigh)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * The stored send of this client id, as a retry gets it (the original, the receiver's state now);
   * null when it was never stored. A lookup by the unique index: the socket asks it before the rate
   * limit, so retrying what is stored costs nothing.
   */
  async stored(senderId: string, clientMsgId: string): Promise<SendResult | null> {
    const m = await this.findSent(senderId, clientMsgId);
    return m ? this.duplicateOf(m) : null;
  }

  private async findSent(senderId: string, clientMsgId: string): Promise<ChatMessage | null> {
    const r = await this.db
      .selectFrom('chat_message')
      .selectAll()
      .where('senderId', '=', senderId)
      .where('clientMsgId', '=', clientMsgId)
      .executeTakeFirst();
    return r ? toMessage(r) : null;
  }

  async readState(userId: string, peerId: string): Promise<ReadState> {
    const pair = pairOf(userId, peerId);
    const r = await this.db
      .selectFrom('chat_member as m')
      .innerJoin('chat_conversation as c', 'c.id', 'm.conversationId')
      .select(['m.unread', 'm.readSeq', 'm.version'])
      .where('c.userLow', '=', pair.userLow)
      .where('c.userHigh', '=', pair.userHigh)
      .where('m.userId', '=', userId)
      .executeTakeFirst();
    return r
      ? { unread: Number(r.unread), readSeq: Number(r.readSeq), version: Number(r.version) }
      : { unread: 0, readSeq: 0, version: 0 };
  }

  /**
   * Stores a message once per (sender, clientMsgId); a repeat returns the original.
   *
   * Sends that arrive together (from different sockets) are written in one transaction — one commit,
   * one fsync for the batch — and each is answered only after that commit. If the batch fails (e.g. a
   * retry of the same send raced itself on another instance), each is written again on its own.
   */
  send(
    senderId: string,
    receiverId: string,
    clientMsgId: string,
    contentType: ChatContentType,
    content: string,
  ): Promise<SendResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ senderId, receiverId, clientMsgId, contentType, content, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        // Let the frames already read from other sockets join this batch.
        setImmediate(() => void this.flush());
      }
    });
  }

  private readonly queue: SendJob[] = [];
  private flushing = false;
  /** pair → conversation id (never changes once made) */
  private readonly conversations = new Map<string, string>();

  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          const results = await this.writeBatch(batch);
          batch.forEach((job, i) => job.resolve(results[i]!));
        } catch {
          // One by one: a unique violation then concerns one send only, and the others still go in.
          for (const job of batch) {
            try {
              job.resolve((await this.writeBatch([job]))[0]!);
            } catch (err) {
              if (isUniqueViolation(err)) {
                const first = await this.findSent(job.senderId, job.clientMsgId).catch(() => null);
                if (first) {
                  job.resolve(await this.duplicateOf(first));
                  continue;
                }
              }
              job.reject(err);
            }
          }
        }
      }
    } finally {
      this.flushing = false;
      if (this.queue.length > 0) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    }
  }

  private async cachedConversationId(a: string, b: string): Promise<string> {
    const pair = pairOf(a, b);
    const key = `${pair.userLow}\n${pair.userHigh}`;
    let id = this.conversations.get(key);
    if (!id) {
      id = await this.conversationId(a, b);
      if (this.conversations.size > 50_000) this.conversations.clear();
      this.conversations.set(key, id);
    }
    return id;
  }

  private async writeBatch(batch: readonly SendJob[]): Promise<SendResult[]> {
    const convs: string[] = [];
    for (const job of batch) convs.push(await this.cachedConversationId(job.senderId, job.receiverId));
    const now = this.clock();
    return this.db.transaction().execute(async (trx) => {
      const out: SendResult[] = [];
      for (const [i, job] of batch.entries()) {
        const conversationId = convs[i]!;
        const earlier = await trx
          .selectFrom('chat_message')
          .selectAll()
          .where('senderId', '=', job.senderId)
          .where('clientMsgId', '=', job.clientMsgId)
          .executeTakeFirst();
        if (earlier) {
          const m = toMessage(earlier);
          const r = await trx
            .selectFrom('chat_member')
            .select(['unread', 'readSeq', 'version'])
            .where('conversationId', '=', earlier.conversationId)
            .where('userId', '=', m.receiveUserId)
            .executeTakeFirstOrThrow();
          out.push({
            message: m,
            duplicate: true,
            receiver: { unread: Number(r.unread), readSeq: Number(r.readSeq), version: Number(r.version) },
          });
          continue;
        }
        const conv = await trx
          .updateTable('chat_conversation')
          .set({ lastSeq: sql<number>`"lastSeq" + 1`, lastTime: now })
          .where('id', '=', conversationId)
          .returning(['lastSeq'])
          .executeTakeFirstOrThrow();
        const row: ChatMessageTable = {
          id: randomUUID(),
          conversationId,
          seq: Number(conv.lastSeq),
          senderId: job.senderId,
          receiverId: job.receiverId,
          clientMsgId: job.clientMsgId,
          contentType: job.contentType,
          content: job.content,
          sendTime: now,
        };
        await trx.insertInto('chat_message').values(row).execute();
        const m = await trx
          .updateTable('chat_member')
          .set({ unread: sql<number>`unread + 1`, version: sql<number>`version + 1`, updatedAt: now })
          .where('conversationId', '=', conversationId)
          .where('userId', '=', job.receiverId)
          .returning(['unread', 'readSeq', 'version'])
          .executeTakeFirstOrThrow();
        out.push({
          message: toMessage(row),
          duplicate: false,
          receiver: { unread: Number(m.unread), readSeq: Number(m.readSeq), version: Number(m.version) },
        });
      }
      return out;
    });
  }

  private async duplicateOf(m: ChatMessage): Promise<SendResult> {
    return { message: m, duplicate: true, receiver: await this.readState(m.receiveUserId, m.sendUserId) };
  }

  /**
   * One page of the conversation of `userId` with `peerId` (the caller is always one of the pair: no
   * other conversation can be named). Cursor paging by seq; `currentPage` for old clients.
   */
  async list(
    userId: string,
    peerId: string,
    o: ListOptions,
  ): Promise<{ list: ChatMessage[]; hasMore: boolean }> {
    const pair = pairOf(userId, peerId);
    const conv = await this.db
      .selectFrom('chat_conversation')
      .select('id')
      .where('userLow', '=', pair.userLow)
      .where('userHigh', '=', pair.userHigh)
      .executeTakeFirst();
    if (!conv) return { list: [], hasMore: false };
    let q = this.db.selectFrom('chat_message').selectAll().where('conversationId', '=', conv.id);
    const kw = o.keyword?.trim();
    if (kw) {
      const like = `%${kw.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      q = q.where('contentType', '=', 'text').where('content', 'like', sql<string>`${like} escape '\\'`);
    }
    let asc = o.sord === 'asc';
    if (o.afterSeq !== undefined) {
      q = q.where('seq', '>', o.afterSeq);
      asc = true;
    } else if (o.beforeSeq !== undefined) q = q.where('seq', '<', o.beforeSeq);
    q = q.orderBy('seq', asc ? 'asc' : 'desc').limit(o.pageSize + 1);
    if (o.afterSeq === undefined && o.beforeSeq === undefined && o.currentPage && o.currentPage > 1)
      q = q.offset((o.currentPage - 1) * o.pageSize);
    const rows = await q.execute();
    const hasMore = rows.length > o.pageSize;
    return { list: rows.slice(0, o.pageSize).map(toMessage), hasMore };
  }

  /**
   * Moves the reader's pointer to `upTo` (default: the conversation's last seq; never backwards) and
   * recounts the peer's messages after it. The count runs after the member row is taken, so a send
   * racing it either is counted here or adds its one after.
   */
  async markRead(userId: string, peerId: string, upTo?: number): Promise<ReadState | null> {
    const pair = pairOf(userId, peerId);
    const conv = await this.db
      .selectFrom('chat_conversation')
      .select(['id', 'lastSeq'])
      .where('userLow', '=', pair.userLow)
      .where('userHigh', '=', pair.userHigh)
      .executeTakeFirst();
    if (!conv) return null;
    const target = Math.min(upTo ?? Number(conv.lastSeq), Number(conv.lastSeq));
    const now = this.clock();
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('chat_member')
        .set({
          readSeq: sql<number>`case when "readSeq" < ${target} then ${target} else "readSeq" end`,
          version: sql<number>`version + 1`,
          updatedAt: now,
        })
        .where('conversationId', '=', conv.id)
        .where('userId', '=', userId)
        .returning(['readSeq'])
        .executeTakeFirstOrThrow();
      const readSeq = Number(moved.readSeq);
      const counted = await trx
        .selectFrom('chat_message')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('conversationId', '=', conv.id)
        .where('senderId', '=', peerId)
        .where('seq', '>', readSeq)
        .executeTakeFirstOrThrow();
      const m = await trx
        .updateTable('chat_member')
        .set({ unread: Number(counted.n) })
        .where('conversationId', '=', conv.id)
        .where('userId', '=', userId)
        .returning(['unread', 'readSeq', 'version'])
        .executeTakeFirstOrThrow();
      return { unread: Number(m.unread), readSeq: Number(m.readSeq), version: Number(m.version) };
    });
  }

  /** Every conversation of the user, newest first (initMessage.unreadNums), at most `limit`. */
  async summary(userId: string, limit = 500): Promise<UnreadNum[]> {
    const rows = await this.db
      .selectFrom('chat_member as m')
      .innerJoin('chat_conversation as c', 'c.id', 'm.conversationId')
      .leftJoin('chat_message as last', (j) =>
        j.onRef('last.conversationId', '=', 'c.id').onRef('last.seq', '=', 'c.lastSeq'),
      )
      .select([
        'm.peerId',
        'm.unread',
        'm.readSeq',
        'm.version',
        'c.lastSeq',
        'c.lastTime',
        'last.contentType',
        'last.content',
      ])
      .where('m.userId', '=', userId)
      .where('c.lastSeq', '>', 0)
      .orderBy('c.lastTime', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      sendUserId: r.peerId,
      unreadNum: Number(r.unread),
      defaultMessage: r.contentType ? previewOf(r.contentType, r.content ?? '') : '',
      defaultMessageType: (r.contentType ?? '') as ChatContentType | '',
      defaultMessageTime: Number(r.lastTime),
      readSeq: Number(r.readSeq),
      lastSeq: Number(r.lastSeq),
      version: Number(r.version),
    }));
  }
}
