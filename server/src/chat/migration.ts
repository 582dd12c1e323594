/** Migration 0008: the internal chat (conversations, members with read pointers, messages). */
import type { Kysely, Migration } from 'kysely';

export const chatMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .createTable('chat_conversation')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('userLow', 'varchar(64)', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('userHigh', 'varchar(64)', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('lastSeq', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('lastTime', 'bigint', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('chat_conversation_pair', ['userLow', 'userHigh'])
      .execute();

    await s
      .createTable('chat_member')
      .addColumn('conversationId', 'varchar(64)', (c) =>
        c.notNull().references('chat_conversation.id').onDelete('cascade'),
      )
      .addColumn('userId', 'varchar(64)', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('peerId', 'varchar(64)', (c) => c.notNull())
      .addColumn('readSeq', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('updatedAt', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('chat_member_pk', ['conversationId', 'userId'])
      .execute();
    await s.createIndex('chat_member_user').on('chat_member').columns(['userId', 'peerId']).execute();

    await s
      .createTable('chat_message')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('conversationId', 'varchar(64)', (c) =>
        c.notNull().references('chat_conversation.id').onDelete('cascade'),
      )
      .addColumn('seq', 'bigint', (c) => c.notNull())
      .addColumn('senderId', 'varchar(64)', (c) => c.notNull())
      .addColumn('receiverId', 'varchar(64)', (c) => c.notNull())
      .addColumn('clientMsgId', 'varchar(64)', (c) => c.notNull())
      .addColumn('contentType', 'varchar(16)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('sendTime', 'bigint', (c) => c.notNull())
      // Exactly-once: a retry of one send (same client id) can never be stored twice.
      .addUniqueConstraint('chat_message_client', ['senderId', 'clientMsgId'])
      .addUniqueConstraint('chat_message_seq', ['conversationId', 'seq'])
      .execute();
  },
};
