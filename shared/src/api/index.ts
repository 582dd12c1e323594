/**
 * The API's types, generated from the server's own description (schema.gen.ts, by
 * scripts/api-types.mjs; npm test fails when it is stale). The remotes name a call by its path and
 * method and get what it takes and answers, instead of writing a copy of a server type:
 *
 *   type User = ApiRow<'/api/permission/Users', 'get'>;
 *   type Saved = ApiData<'/api/visualdev/Base', 'post'>;
 *
 * Types only: importing this module adds nothing to a bundle.
 */
import type { paths } from './schema.gen';

export type { paths } from './schema.gen';

type Method = 'get' | 'post' | 'put' | 'delete';
type Op<P extends keyof paths, M extends Method> = paths[P] extends Record<M, infer O> ? O : never;

/** The 200 answer's JSON (the envelope, or a protocol's own shape). */
export type ApiAnswer<P extends keyof paths, M extends Method> =
  Op<P, M> extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;

/** The `data` of a call's envelope. */
export type ApiData<P extends keyof paths, M extends Method> =
  ApiAnswer<P, M> extends { data: infer D } ? D : never;

/** One row of a paged list (`data.list`). */
export type ApiRow<P extends keyof paths, M extends Method> =
  ApiData<P, M> extends { list: Array<infer R> } ? R : never;

/** The JSON body a call takes. */
export type ApiBody<P extends keyof paths, M extends Method> =
  Op<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** The query string a call reads. */
export type ApiQuery<P extends keyof paths, M extends Method> =
  Op<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/**
 * A tree node with its whole subtree: the server describes a tree four levels deep (http/response.ts
 * `tree`), so the generated type stops there; this names every level as the first.
 *
 *   type MenuNode = ApiTree<ApiRow<'/api/system/Menu', 'get'>>;
 */
export type ApiTree<N> = Omit<N, 'children'> & { children: Array<ApiTree<N>> };
