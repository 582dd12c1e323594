/**
 * The JNPF 3.x web client (Vue 2) calls some of our resources at paths of its own
 * (/api/system/Base/Menu for our /api/system/Menu, /api/system/Base/OnlineUser for our
 * /api/system/Permission/OnlineUser…). Such a route is registered at both paths in one loop:
 *
 *   for (const url of jnpfAlias(MENU_BASE, '/api/system/Base/Menu')) r.get(url, options, handler);
 *
 * so the client's path has the same options object (schema, permission guard) and the same handler
 * as ours, and cannot drift from it. Where the client reads an answer in another shape (a bare array
 * where we answer `{list}`), the handler asks `atJnpfPath(req)` and shapes that one answer.
 */
import type { FastifyRequest } from 'fastify';

/** Every JNPF 3.x path registered through jnpfAlias (the routes' URL patterns, `:id` included). */
const JNPF_URLS = new Set<string>();

/** Our path and the JNPF 3.x client's path of the same resource, to register one route at both. */
export function jnpfAlias(ours: string, jnpf: string): readonly [string, string] {
  JNPF_URLS.add(jnpf);
  return [ours, jnpf];
}

/**
 * A path only the JNPF 3.x client has, for a question ours asks another way (the log's category in
 * the path where ours has it in the query): its route calls the same handler function as ours.
 */
export function jnpfPath(url: string): string {
  JNPF_URLS.add(url);
  return url;
}

/** Whether the request came in at the JNPF 3.x client's path of its route (not at ours). */
export function atJnpfPath(req: FastifyRequest): boolean {
  const url = req.routeOptions.url;
  return url !== undefined && JNPF_URLS.has(url);
}

/**
 * The `id` a JNPF 3.x form sends in its body beside the one in the address: '' when it creates,
 * the edited row's id when it saves what it read back. Read by name: anything else is refused.
 */
export const legacyIdField = { type: 'string', maxLength: 64 } as const;

/** The problem with a body's `id` (null when there is none): `selfId` is the row written, null on create. */
export function bodyIdProblem(bodyId: string | undefined, selfId: string | null): string | null {
  if (bodyId === undefined || bodyId === '') return null;
  if (selfId === null) return 'id: 新建时不能指定';
  return bodyId === selfId ? null : 'id: 与地址中的 id 不一致';
}
