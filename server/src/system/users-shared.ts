/** User helpers the user, profile and sign-in routes share: avatar URL, organisation and position names. */
import type { Db } from '../database';
import { FileStore } from '../files';

export function avatarUrl(headIcon: string): string {
  return headIcon ? FileStore.urlOf('userAvatar', headIcon) : '';
}

export async function loadUserInfo(
  db: Db,
  userId: string,
): Promise<{ organize: string | null; position: string | null } | undefined> {
  return db
    .selectFrom('user')
    .leftJoin('organize', 'organize.id', 'user.organizeId')
    .leftJoin('position', 'position.id', 'user.positionId')
    .select(['organize.fullName as organize', 'position.fullName as position'])
    .where('user.id', '=', userId)
    .executeTakeFirst();
}
