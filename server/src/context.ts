/**
 * Everything a handler needs, built once per app: config, database, stores and realtime.
 * Also the fastify type augmentations (request.auth, route config.public, app.ctx).
 */
import type { Config } from './config';
import type { Db, Dialect } from './database';
import type { User, SystemLog, BillRuleUse } from './system';
import type { AccessService, CaptchaStore, LoginAttempts, TokenStore } from './auth';
import type { Realtime } from './realtime';
import type { FileStore, FileUseCheck } from './files';
import type { RouteInfo } from './http/route-table';
import type { ResponseCheck } from './http/response-check';
import type { ScopeField, ScopeMenu, Viewer } from './kernel';

export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  clock: () => number;
  tokens: TokenStore;
  attempts: LoginAttempts;
  captcha: CaptchaStore;
  access: AccessService;
  realtime: Realtime;
  /** Set when the instance is shutting down: /api/ready answers 503 from then on. */
  lifecycle: { draining: boolean };
  systemLog: SystemLog;
  files: FileStore;
  /**
   * Call after ANY write that changes what a user sees in CurrentUser or may do: a user row (enabled
   * state, password, theme, language, avatar, names…) with its id; roles, role menus/buttons/columns,
   * menus, buttons, columns, organizations or positions without. Applies on this instance at once and
   * resolves once the other instances have been told (Redis bus).
   */
  invalidateAccess(userId?: string): Promise<void>;
  /** Checks that let a user draw numbers from a bill rule (system/bill-number.ts); domains add theirs. */
  billRuleUses: BillRuleUse[];
  /**
   * Where domains say whether a user may read a stored file their records hold (files/upload-rules.ts
   * `mayReadFile`): a form's records, a flow's forms. Domains add theirs.
   */
  fileUses: FileUseCheck[];
  /** Data permissions: the fields a menu's rows can be scoped by, from the domain serving it. */
  scopeFields: (menu: ScopeMenu) => Promise<readonly ScopeField[] | undefined>;
  /** Data permissions: a user's attributes that domains know (kernel/domain.ts viewerAttributes). */
  viewerAttributes: (user: { id: string; organizeId: string | null }) => Promise<Partial<Viewer>>;
  /** Counters of what should never happen (read by tests and the health route). */
  counters: { constraintErrors: number };
}

export interface AuthInfo {
  token: string;
  /** Shared (cached, frozen) row: never mutate it. */
  user: Readonly<User>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route as registered (http/route-table.ts). */
    routeTable: RouteInfo[];
    /** The answers' schema check, when config.checkResponses is on (tests read what it saw). */
    responseCheck: ResponseCheck | null;
  }
  interface FastifyRequest {
    /** Set by the token check for guarded /api routes; null on public routes. */
    auth: AuthInfo | null;
  }
  interface FastifyContextConfig {
    /** Route answers without a token (login, image code, health, avatars, socket, static). */
    public?: boolean;
    /**
     * The token may also come from the file cookie (auth/token-rules.ts FILE_COOKIE): the browser's
     * own requests for stored files (an `<img>`, a download link) cannot send the header.
     */
    fileCookie?: boolean;
  }
}

/** The signed-in caller; only call on routes that are not public (the token hook has run). */
export function authOf(req: { auth: AuthInfo | null }): AuthInfo {
  if (!req.auth) throw new Error('authOf called on a public route');
  return req.auth;
}
