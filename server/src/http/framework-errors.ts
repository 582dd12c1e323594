/**
 * Answers for what goes wrong before a route runs, in the envelope under /api: a path that does not
 * decode (`%FF`), a path parameter over the router's limit, a request line or headers too large for
 * Node's parser (a 1 MB query string), and database constraint errors that a route's own checks
 * should have caught (a safety net: logged as a bug, answered 400, never 500).
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Code, fail } from './envelope';

export const isApiPath = (url: string | undefined): boolean =>
  !!url && (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?'));

/** The router's limit on one path parameter (fastify's default is 100; schemas bound them further). */
export const MAX_PARAM_LENGTH = 500;
/** Node's limit on the request line plus headers. */
export const MAX_HEADER_BYTES = 16 * 1024;

export const FRAMEWORK_MESSAGES = {
  badUrl: 'url: 地址中含有无法解码的字符（如 %FF），请检查链接',
  paramTooLong: `url: 路径参数过长（最多 ${MAX_PARAM_LENGTH} 个字符）`,
  headersTooLarge: `url: 请求地址或请求头过长（最多 ${MAX_HEADER_BYTES / 1024} KB）`,
  unparsable: 'request: 无法解析的 HTTP 请求',
} as const;

/** fastify's `frameworkErrors`: FST_ERR_BAD_URL, FST_ERR_MAX_PARAM_LENGTH (and any other it routes here). */
export function frameworkErrorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const msg =
    error.code === 'FST_ERR_BAD_URL'
      ? FRAMEWORK_MESSAGES.badUrl
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? FRAMEWORK_MESSAGES.paramTooLong
        : `request: ${error.message}`;
  reply.code(400).header('Cache-Control', 'no-store');
  if (isApiPath(req.raw.url)) void reply.send(fail(Code.BAD_REQUEST, msg));
  else void reply.type('text/plain; charset=utf-8').send(`400: ${msg}\n`);
}

/**
 * fastify's `clientErrorHandler`: Node's parser refused the request before it became one. The raw
 * request line is not available; the answer is JSON in the envelope (every client of /api reads
 * that, and a browser shows it readably), 431 for oversized headers, 400 otherwise.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify(
    fail(
      tooLarge ? 431 : Code.BAD_REQUEST,
      tooLarge ? FRAMEWORK_MESSAGES.headersTooLarge : FRAMEWORK_MESSAGES.unparsable,
    ),
  );
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
      body,
  );
}

/**
 * A database constraint error (SQLite or PostgreSQL) as a 400 naming the column where the database
 * says which; null for any other error. Routes check references and uniqueness themselves and name
 * the field; reaching this means a check is missing, so the caller logs it.
 */
export function constraintMessage(err: unknown): string | null {
  if (!err || typeof err !== 'object') return null;
  const e = err as { code?: unknown; message?: unknown; detail?: unknown; column?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  const detail = typeof e.detail === 'string' ? e.detail : '';
  // PostgreSQL: "Key (positionId)=(x) is not present in table …" / "Key (account)=(a) already exists."
  const pgColumn = /Key \(([^)]+)\)/.exec(detail)?.[1];
  if (code === '23503' || code.startsWith('SQLITE_CONSTRAINT_FOREIGNKEY'))
    return `${pgColumn ?? 'reference'}: 引用的数据不存在`;
  if (
    code === '23505' ||
    code.startsWith('SQLITE_CONSTRAINT_UNIQUE') ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  ) {
    // SQLite: "UNIQUE constraint failed: user.account"
    const sqliteColumn = /constraint failed: [^.\s]+\.(\w+)/.exec(message)?.[1];
    return `${pgColumn ?? sqliteColumn ?? 'value'}: 已存在`;
  }
  if (code === '23502' || code.startsWith('SQLITE_CONSTRAINT_NOTNULL')) {
    const col =
      /constraint failed: [^.\s]+\.(\w+)/.exec(message)?.[1] ??
      (typeof e.column === 'string' ? e.column : undefined);
    return `${col ?? 'value'}: required`;
  }
  if (code === '22001') return 'value: 内容过长';
  return null;
}
