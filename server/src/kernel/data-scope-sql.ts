/**
 * A data-permission predicate (data-scope.ts) as a WHERE clause, the same on SQLite and PostgreSQL.
 * The domain names the expression of each field it offers (a column, a joined column, a JSON
 * field); values are bound parameters, so a scheme's text never becomes SQL.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { likePattern } from '../db/search';
import type { Predicate } from './data-scope';

/** A field's SQL expression; undefined for a field the domain does not offer (matches no row). */
export type ScopeColumns = (field: string) => Expression<unknown> | undefined;

const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;

const list = (values: ReadonlyArray<string | number>) => sql.join(values.map((v) => sql`${v}`));

export function scopeSql(p: Predicate, columns: ScopeColumns): Expression<SqlBool> {
  switch (p.kind) {
    case 'all':
      return TRUE;
    case 'none':
      return FALSE;
    case 'and':
    case 'or': {
      const parts = p.items.map((i) => scopeSql(i, columns));
      return sql<SqlBool>`(${sql.join(parts, p.kind === 'and' ? sql` and ` : sql` or `)})`;
    }
    case 'cmp': {
      const col = columns(p.field);
      if (!col) return FALSE;
      const [a, b] = p.values;
      switch (p.op) {
        case 'null':
          return sql<SqlBool>`(${col} is null or cast(${col} as text) = '')`;
        case 'notNull':
          return sql<SqlBool>`(${col} is not null and cast(${col} as text) <> '')`;
        case 'eq':
          return sql<SqlBool>`${col} = ${a}`;
        case 'ne':
          return sql<SqlBool>`${col} <> ${a}`;
        case 'gt':
          return sql<SqlBool>`${col} > ${a}`;
        case 'ge':
          return sql<SqlBool>`${col} >= ${a}`;
        case 'lt':
          return sql<SqlBool>`${col} < ${a}`;
        case 'le':
          return sql<SqlBool>`${col} <= ${a}`;
        case 'between':
          return sql<SqlBool>`(${col} >= ${a} and ${col} <= ${b})`;
        case 'in':
          return p.values.length ? sql<SqlBool>`${col} in (${list(p.values)})` : FALSE;
        case 'notIn':
          return p.values.length
            ? sql<SqlBool>`${col} not in (${list(p.values)})`
            : sql<SqlBool>`${col} is not null`;
        case 'like':
          return sql<SqlBool>`lower(cast(${col} as text)) like ${likePattern(String(a))} escape '\\'`;
        case 'notLike':
          return sql<SqlBool>`lower(cast(${col} as text)) not like ${likePattern(String(a))} escape '\\'`;
      }
    }
  }
  return FALSE;
}
