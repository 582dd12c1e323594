/**
 * What the message calls answer (http/response.ts): the signed-in user's messages and the notice
 * administration. The API description carries these, the console's types are generated from it
 * (shared/src/api/schema.gen.ts) and every server test checks each answer against them. Times are
 * epoch milliseconds.
 */
import {
  NOTHING,
  arr,
  envelope,
  flag,
  int,
  intOrNull,
  obj,
  paged,
  record,
  str,
  strOrNull,
} from '../http/response';

/** A system message's title: the stored words, and its key and parameters when it has them. */
const TITLE = {
  title: str,
  titleKey: strOrNull,
  /** the names the key's words take (shared/core messageTitles.ts MessageTitleParams) */
  titleParams: {
    anyOf: [obj({ who: str, flow: str, task: str, status: int }, []), { type: 'null' }],
  },
} as const;

/** 1 notice, 2 workflow, 3 system, 4 chat */
const messageType = int;

/** What a notice row holds in every answer about it. */
const NOTICE_FIELDS = {
  id: str,
  title: str,
  /** 0 draft, 1 released */
  state: int,
  enabledMark: int,
  lastModifyTime: int,
  releasedAt: intOrNull,
  creatorUser: str,
  creatorTime: int,
} as const;

export const MESSAGE_ANSWERS = {
  nothing: NOTHING,
  received: paged(
    record({
      id: str,
      ...TITLE,
      type: messageType,
      creatorUser: str,
      lastModifyTime: int,
      /** '1' read, '0' not yet */
      isRead: { type: 'string', enum: ['0', '1'] },
    }),
  ),
  /** a received message, opened (and so read) */
  readInfo: envelope(
    record({ id: str, ...TITLE, type: messageType, bodyText: str, creatorUser: str, lastModifyTime: int }),
  ),
  notices: paged(record(NOTICE_FIELDS)),
  notice: envelope(record({ ...NOTICE_FIELDS, type: messageType, bodyText: str, toUserIds: arr(str) })),
  created: envelope(record({ id: str })),
  released: envelope(record({ recipients: int })),
  state: envelope(record({ enabledMark: flag })),
} as const;
