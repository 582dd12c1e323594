/**
 * The records' JSON column on both back ends: `jsonb` on PostgreSQL (the driver hands it back
 * parsed), `text` on SQLite (read with json_extract). Writing is the same (JSON text); reading and
 * searching by a field go through here, so lists searched and sorted by field (issue 13) have one
 * place to grow from.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from '../database';
import { likePattern } from '../db/search';

type Data = Record<string, unknown>;

/** A record's values as stored (text on SQLite, parsed jsonb on PostgreSQL) → an object. */
export function recordData(stored: string | Data): Data {
  if (typeof stored !== 'string') return stored;
  try {
    const v: unknown = JSON.parse(stored);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Data) : {};
  } catch {
    return {};
  }
}

/**
 * A main field's value as text (`data->>'f'` / `json_extract(data, '$.f')`) of the document column
 * `column` (default the record's own `data`); `key` is a checked vModel.
 */
export function jsonText(dialect: Dialect, key: string, column = 'data'): Expression<string | null> {
  return dialect === 'postgres'
    ? sql<string | null>`(${sql.ref(column)} ->> ${key})`
    : sql<string | null>`json_extract(${sql.ref(column)}, ${`$."${key}"`})`;
}

/** Case-insensitive "the field's text contains keyword" (LIKE wildcards escaped). */
export function jsonContains(dialect: Dialect, key: string, keyword: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(cast(${jsonText(dialect, key)} as text)) like ${likePattern(keyword)} escape '\\'`;
}

/** "The whole stored document's text contains `literal`" (a stored file's name in any field or sub-table). */
export function documentContains(literal: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(cast(${sql.ref('data')} as text)) like ${likePattern(literal)} escape '\\'`;
}
