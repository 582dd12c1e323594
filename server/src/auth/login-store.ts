/** What a password sign-in reads and writes: the user by account, and the last and previous sign-in. */
import type { Db } from '../database';

/** A user by account (exact), or undefined. */
export async function userByAccount(db: Db, account: string) {
  return db.selectFrom('user').selectAll().where('account', '=', account).executeTakeFirst();
}

/** Moves a user's last sign-in to the previous one and records this one (time, IP and its place). */
export async function recordSignIn(
  db: Db,
  user: {
    id: string;
    lastLogin: number | null;
    lastLoginTime: number | null;
    lastLoginIpAddress: string | null;
    lastLoginIpAddressName: string | null;
  },
  at: { now: number; ip: string; placeName: string },
): Promise<void> {
  await db
    .updateTable('user')
    .set({
      prevLogin: user.lastLogin ? 1 : 0,
      prevLoginTime: user.lastLoginTime,
      prevLoginIpAddress: user.lastLoginIpAddress,
      prevLoginIpAddressName: user.lastLoginIpAddressName,
      lastLogin: 1,
      lastLoginTime: at.now,
      lastLoginIpAddress: at.ip,
      lastLoginIpAddressName: at.placeName,
    })
    .where('id', '=', user.id)
    .execute();
}
