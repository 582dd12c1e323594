/** Pure rules of the citizens' service: who a feedback reply is shown as, and the pole numbers a plate sheet asks for. */
import { maskPhone } from '@lighting/shared/core';

/**
 * Who answers a citizen: the service, never a staff member's own name (a citizen sees the role; the
 * console sees who wrote it).
 */
export const STAFF_REPLY_NAME = '照明服务中心';

/**
 * The author a reply in a feedback thread shows: a citizen's reply its stored name; a staff reply the
 * service's name for the citizen, the staff member's name (when known) for the console (`forStaff`).
 */
export function replyAuthorName(
  r: { authorKind: string; authorName: string; realName: string | null },
  forStaff: boolean,
): string {
  if (r.authorKind !== 'staff') return r.authorName;
  return forStaff ? (r.realName ?? r.authorName) : STAFF_REPLY_NAME;
}

/** Who a citizen is to the staff: a phone number, masked; a chat-app user by kind only. */
export function citizenAuthor(c: { kind: string; subject: string }): string {
  return c.kind === 'phone' ? maskPhone(c.subject) : '微信用户';
}

/** The pole numbers a plate sheet lists: split on spaces, commas and semicolons (either width), upper-cased. */
export function plateCodes(codes: string): string[] {
  return codes
    .split(/[\s,，;；]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
}
