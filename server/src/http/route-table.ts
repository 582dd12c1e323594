/**
 * The server's own table of routes, filled as routes are registered: what the route-fuzz test, the
 * permission sweep and the API description read, so a route a new domain adds is covered the day it
 * lands. Also enforces the one habit a schema cannot show: a write under /api declares its body
 * (an empty one with NO_BODY), unless it reads a multipart upload or a form-encoded query.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';

/** What a route's permission guard requires (auth's requirePermission declares it on the route). */
export interface Requirement {
  menu: string;
  button?: string;
}

export interface RouteInfo {
  method: string;
  url: string;
  schema: Record<string, unknown>;
  public: boolean;
  /** The menu / button the route's guard requires; null when any signed-in user may call it. */
  requirement: Requirement | null;
  /** The body is not JSON (multipart upload, form-encoded): what it reads instead. */
  bodyKind: 'json' | 'multipart' | 'form' | 'none';
  /** How its errors look: our envelope, or a standard protocol's own (FeatureServer, Open311). */
  errorFormat: ErrorFormat;
  /** The realtime socket (an upgrade, not a request/answer route). */
  websocket: boolean;
  /** Why a route without a guard answers every signed-in user (config.open); null otherwise. */
  openWhy: string | null;
  /**
   * What a route checks inside its handler instead of a declarative guard (config.checksInHandler):
   * the permission sweep calls it as a user without grants and expects 403.
   */
  checksInHandler: string | null;
}

export type ErrorFormat = 'envelope' | 'esri' | 'open311';

/** A body that must be absent or empty (`{}`): actions that take nothing. */
export const NO_BODY = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {},
} as const;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body is read as multipart (uploads) or form-encoded, not validated as JSON. */
    bodyKind?: 'multipart' | 'form';
    /** A standard protocol whose clients expect its own error shape (default: our envelope). */
    errorFormat?: ErrorFormat;
    /**
     * A route without a menu/button guard says why every signed-in user may call it (and answers
     * only what every member of staff may see, or only the caller's own rows).
     */
    open?: string;
    /**
     * The route checks the caller's permission in its handler (what it needs depends on the
     * request: the bill rule asked for…); says what. A user without grants must get 403.
     */
    checksInHandler?: string;
  }
}

function requirementOf(onRequest: RouteOptions['onRequest']): Requirement | null {
  const hooks = Array.isArray(onRequest) ? onRequest : onRequest ? [onRequest] : [];
  for (const h of hooks) {
    const r = (h as { requirement?: Requirement }).requirement;
    if (r) return r;
  }
  return null;
}

export function collectRoutes(app: FastifyInstance): RouteInfo[] {
  const table: RouteInfo[] = [];
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    const schema = (r.schema ?? {}) as Record<string, unknown>;
    const config = (r.config ?? {}) as {
      public?: boolean;
      bodyKind?: 'multipart' | 'form';
      errorFormat?: ErrorFormat;
      open?: string;
      checksInHandler?: string;
    };
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const api = r.url.startsWith('/api/');
      if (api && WRITES.has(method) && !schema.body && !config.bodyKind)
        throw new Error(
          `${method} ${r.url}: a write declares its body schema (NO_BODY when it takes none), or config.bodyKind`,
        );
      table.push({
        method,
        url: r.url,
        schema,
        // the API description (platform/api-docs.ts) is public like the sign-in page
        public: config.public === true || r.url.startsWith('/api/docs'),
        requirement: requirementOf(r.onRequest),
        bodyKind: config.bodyKind ?? (schema.body ? 'json' : 'none'),
        errorFormat: config.errorFormat ?? 'envelope',
        websocket: (r as { websocket?: boolean }).websocket === true,
        openWhy: config.open ?? null,
        checksInHandler: config.checksInHandler ?? null,
      });
    }
  });
  return table;
}

/** The reasons a route answers every signed-in user (config.open), shared by the routes they fit. */
export const OPEN = {
  self: "the caller's own account, settings and history",
  messages: "the caller's own messages (rows are filtered by the caller)",
  names:
    'form controls, trees and the chat list pick people and units by name: ids, names, codes and avatars only, no contact details',
  codes:
    'coded values (dictionaries, areas, positions, roles, rules) are shown by name on every page that shows data',
  home: 'the home dashboard every member of staff sees: counts and public notices only',
  files:
    'uploads and reads of files for forms, avatars and notices; a read is checked in the handler: a file a record holds needs the permission to read that record (mayReadFile)',
} as const;
