/** Account applications (the sign-in page's "apply for an account") as the apply route reads and writes them. */
import type { Db } from '../database';

/** How many applications came from an IP address since `since`. */
export async function applicationsFromIpSince(db: Db, ip: string, since: number): Promise<number> {
  const recent = await db
    .selectFrom('account_application')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('createdAt', '>', since)
    .executeTakeFirst();
  return Number(recent?.n ?? 0);
}

/** Whether a mobile number has an application not yet handled. */
export async function hasPendingApplication(db: Db, mobile: string): Promise<boolean> {
  return !!(await db
    .selectFrom('account_application')
    .select('id')
    .where('mobile', '=', mobile)
    .where('state', '=', 0)
    .executeTakeFirst());
}

/** Inserts a new (pending) application. */
export async function insertApplication(
  db: Db,
  a: { id: string; companyName: string; contact: string; mobile: string; ip: string; createdAt: number },
): Promise<void> {
  await db
    .insertInto('account_application')
    .values({ ...a, state: 0 })
    .execute();
}
