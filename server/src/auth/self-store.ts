/** What the signed-in user's own pages read about them: their manager, roles and subordinates, and whether another administrator remains. */
import type { Db } from '../database';

/** A user's name and account, or undefined. */
export async function userNameAndAccount(db: Db, id: string) {
  return db.selectFrom('user').select(['realName', 'account']).where('id', '=', id).executeTakeFirst();
}

/** The names of a user's roles, in the roles' sort order. */
export async function roleNamesOf(db: Db, userId: string): Promise<string[]> {
  const roles = await db
    .selectFrom('user_role')
    .innerJoin('role', 'role.id', 'user_role.roleId')
    .select('role.fullName')
    .where('user_role.userId', '=', userId)
    .orderBy('role.sortCode')
    .execute();
  return roles.map((r) => r.fullName);
}

/** How many enabled administrators there are besides this user. */
export async function otherEnabledAdministrators(db: Db, userId: string): Promise<number> {
  const others = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('isAdministrator', '=', 1)
    .where('enabledMark', '=', 1)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return Number(others?.n ?? 0);
}

/** The enabled users a user manages, with their organisation and position names, in sort order. */
export async function subordinatesOf(db: Db, managerId: string) {
  return db
    .selectFrom('user')
    .leftJoin('organize', 'organize.id', 'user.organizeId')
    .leftJoin('position', 'position.id', 'user.positionId')
    .select([
      'user.id',
      'user.account',
      'user.realName',
      'user.headIcon',
      'user.mobile',
      'organize.fullName as organize',
      'position.fullName as position',
    ])
    .where('user.managerId', '=', managerId)
    .where('user.enabledMark', '=', 1)
    .orderBy('user.sortCode')
    .execute();
}
