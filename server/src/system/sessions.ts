/** Ends a user's sessions: revokes every live token (601 from then on) and pushes `logout` to their sockets. */
import type { AppContext } from '../context';
import { logoutMessage } from '../realtime/protocol';

export const FORCED_OFFLINE_MSG = '您已被管理员强制下线';

export async function endSessions(
  ctx: Pick<AppContext, 'tokens' | 'realtime'>,
  userId: string,
  reason: string,
  msg: string = FORCED_OFFLINE_MSG,
): Promise<number> {
  const revoked = await ctx.tokens.revokeUserTokens(userId, reason, null);
  await Promise.all(revoked.map((t) => ctx.realtime.disconnectToken(t, undefined, logoutMessage(msg))));
  return revoked.length;
}
