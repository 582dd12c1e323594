/** Row types of the messages domain's tables: messages and their per-user receipts. */

export interface MessageTable {
  id: string;
  /** 1 notice (HTML body), 2 todo, 3 circulate, 4 launch (workflow types carry a JSON body). */
  type: number;
  title: string;
  /** A title the system wrote: its key in core/messageTitles.ts (null: show `title`). */
  titleKey?: string | null;
  /** That title's parameters, JSON (null without a key). */
  titleParams?: string | null;
  bodyText: string;
  /** 0 draft, 1 released. */
  state: number;
  enabledMark: number;
  /** JSON array of recipient user ids chosen for a draft; '' = every enabled user. */
  toUserIds: string;
  creatorUserId: string | null;
  createdAt: number;
  lastModifyTime: number;
  releasedAt: number | null;
}

/** Per-user receipt of a released message. */
export interface MessageReceiverTable {
  messageId: string;
  userId: string;
  isRead: number;
  readTime: number | null;
}

export interface MessageTables {
  message: MessageTable;
  message_receiver: MessageReceiverTable;
}
