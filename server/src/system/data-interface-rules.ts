/** Data-interface checks (pure): read-only single SELECT, named parameters, HTTP allow-list. */

export const SQL_ONLY_SELECT = '只允许单条 SELECT 语句';
export const SQL_FORBIDDEN_TABLE = '不允许查询敏感数据';
export const URL_NOT_ALLOWED = '地址不在允许列表中';

const WRITE_WORDS =
  /\b(insert|update|delete|merge|upsert|replace|drop|alter|create|truncate|attach|detach|pragma|vacuum|reindex|grant|revoke|copy|call|do|execute|exec|lock|listen|notify|set|reset|begin|commit|rollback|savepoint|release|analyze|into|returning|load|import)\b/i;
const SENSITIVE = /\b(token|captcha|login_attempt|passwordHash|account_application)\b/i;

/** Why a SQL text is refused, or null when it is one read-only SELECT. */
export function sqlProblem(text: string): string | null {
  const s = text.trim().replace(/;\s*$/, '');
  if (!s) return SQL_ONLY_SELECT;
  if (!/^(select|with)\b/i.test(s)) return SQL_ONLY_SELECT;
  if (/;|--|\/\*|\*\//.test(s)) return SQL_ONLY_SELECT;
  // Keywords are checked outside quoted literals and identifiers.
  const bare = s
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, (m) => (SENSITIVE.test(m) ? m : '""'));
  if (WRITE_WORDS.test(bare)) return SQL_ONLY_SELECT;
  if (SENSITIVE.test(bare)) return SQL_FORBIDDEN_TABLE;
  return null;
}

export type SqlPart = { text: string } | { param: string };

/** Splits a SQL text at its `@name` parameters (outside quoted literals). */
export function splitParameters(text: string): SqlPart[] {
  const s = text.trim().replace(/;\s*$/, '');
  const out: SqlPart[] = [];
  let buf = '';
  let i = 0;
  while (i < s.length) {
    const c = s[i] ?? '';
    if (c === "'" || c === '"') {
      const end = s.indexOf(c, i + 1);
      const stop = end === -1 ? s.length : end + 1;
      buf += s.slice(i, stop);
      i = stop;
      continue;
    }
    const m = c === '@' ? /^@([A-Za-z_][A-Za-z0-9_]*)/.exec(s.slice(i)) : null;
    if (m && m[1]) {
      if (buf) out.push({ text: buf });
      buf = '';
      out.push({ param: m[1] });
      i += m[0].length;
      continue;
    }
    buf += c;
    i += 1;
  }
  if (buf) out.push({ text: buf });
  return out;
}

/** Whether an http(s) URL's host (host or host:port) is on the allow-list. */
export function urlAllowed(url: string, hosts: readonly string[]): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  if (u.username || u.password) return false;
  const host = u.hostname.toLowerCase();
  const withPort = `${host}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`;
  return hosts.some((h) => h === host || h === withPort || h === u.host.toLowerCase());
}

/** What the data-interface form sends. */
export interface DataInterfaceBody {
  fullName: string;
  enCode: string;
  dataType: number;
  query?: string;
  path?: string;
  requestMethod?: 'GET' | 'POST';
  requestParameters?: ReadonlyArray<{ field: string; defaultValue?: string }>;
  description?: string;
  sortCode?: number;
  enabledMark?: number;
}

/**
 * The columns a data-interface body writes: a SQL interface (dataType 1) keeps its query (trimmed)
 * and no path, an HTTP one its path and no query; the parameters as JSON; defaults for the rest.
 */
export function dataInterfaceValues(b: DataInterfaceBody) {
  return {
    fullName: b.fullName,
    enCode: b.enCode,
    dataType: b.dataType,
    query: b.dataType === 1 ? (b.query ?? '').trim() : '',
    path: b.dataType === 2 ? (b.path ?? '') : '',
    requestMethod: b.requestMethod ?? 'GET',
    requestParameters: JSON.stringify(b.requestParameters ?? []),
    description: b.description ?? '',
    sortCode: b.sortCode ?? 0,
    enabledMark: b.enabledMark ?? 1,
  };
}
