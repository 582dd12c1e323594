/** Keyword search in list queries: one literal, case-insensitive "contains", same on SQLite and PostgreSQL. */
import { sql, type Expression, type SqlBool } from 'kysely';

/** Escapes LIKE wildcards so a keyword matches literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "column contains keyword". */
export function contains(column: string, keyword: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(keyword)} escape '\\'`;
}
