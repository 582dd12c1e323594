// Unread counters (spec §4 message read rules), fed by the realtime socket: initMessage sets them,
// the chat's total comes from the shared chat state,
// messagePush raises them, reading one drops the count by one (never below 0), mark-all sets 0.
import { create } from 'zustand';

export interface UnreadCounts {
  /** unread in-app messages (notices and workflow messages) */
  messages: number;
  notices: number;
  /** chat: unread messages over every conversation (from the shared chat state, @lighting/shared/realtime) */
  chat: number;
}

export const initialCounts: UnreadCounts = { messages: 0, notices: 0, chat: 0 };

/** Pure transitions, tested beside this file. */
export const countRules = {
  /** initMessage sets the in-app message counters (chat counts are the chat state's). */
  init(c: UnreadCounts, raw: Record<string, unknown>): UnreadCounts {
    return {
      ...c,
      messages: Math.max(0, Number(raw.unreadMessageCount) || 0),
      notices: Math.max(0, Number(raw.unreadNoticeCount) || 0),
    };
  },
  readOne(c: UnreadCounts): UnreadCounts {
    return { ...c, messages: Math.max(0, c.messages - 1) };
  },
  readAll(c: UnreadCounts): UnreadCounts {
    return { ...c, messages: 0 };
  },
  pushed(c: UnreadCounts): UnreadCounts {
    return { ...c, messages: c.messages + 1 };
  },
  /**
   * A messagePush: the server's own counts win when it sends them (a push is also sent when a
   * message is read or deleted elsewhere); without them the count rises by one.
   */
  push(c: UnreadCounts, raw: Record<string, unknown>): UnreadCounts {
    const count = (v: unknown): number | null =>
      v === undefined || v === null || v === '' || !Number.isFinite(Number(v))
        ? null
        : Math.max(0, Math.floor(Number(v)));
    const messages = count(raw.unreadMessageCount);
    const notices = count(raw.unreadNoticeCount);
    return {
      ...c,
      messages: messages ?? c.messages + 1,
      notices: notices ?? c.notices,
    };
  },
};

export const useUnread = create<UnreadCounts>()(() => initialCounts);
