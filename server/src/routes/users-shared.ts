/** Small user-related helpers shared by routes. */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db';
import { FileStore } from '../services/files';

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

/** Escapes LIKE wildcards so a keyword matches literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "column contains keyword", same on SQLite and PostgreSQL. */
export function contains(column: string, keyword: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(keyword)} escape '\\'`;
}
