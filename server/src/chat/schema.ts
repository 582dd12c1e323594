/**
 * Row types of the internal chat (issue 15), merged into `Database` in db/schema.ts.
 *
 * A conversation is one pair of users (userLow < userHigh). Every message has a server id, the
 * conversation's next sequence number and the sender's client id (unique per sender: a retry of the
 * same send finds the original). Read state is a pointer per member (`readSeq`), with the unread
 * count kept beside it and a `version` bumped by every change, so a client can tell a newer count
 * from an older one whatever order the frames arrive in.
 */

export interface ChatConversationTable {
  id: string;
  userLow: string;
  userHigh: string;
  /** The last sequence number given out (0: none yet). */
  lastSeq: number;
  lastTime: number;
  createdAt: number;
}

export interface ChatMemberTable {
  conversationId: string;
  userId: string;
  peerId: string;
  /** Every message with seq ≤ readSeq counts as read by this member. */
  readSeq: number;
  /** The peer's messages after readSeq. */
  unread: number;
  /** Bumped with every change of readSeq or unread (frames carry it: newest wins). */
  version: number;
  updatedAt: number;
}

export interface ChatMessageTable {
  id: string;
  conversationId: string;
  seq: number;
  senderId: string;
  receiverId: string;
  /** The sender's id for this send (retries carry the same one). */
  clientMsgId: string;
  /** text | image | card */
  contentType: string;
  /** text: the text with emoji alt codes; image and card: JSON. */
  content: string;
  sendTime: number;
}

export interface ChatTables {
  chat_conversation: ChatConversationTable;
  chat_member: ChatMemberTable;
  chat_message: ChatMessageTable;
}
