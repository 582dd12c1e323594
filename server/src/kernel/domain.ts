/**
 * A domain module: one folder under server/src whose `index.ts` is the only thing other domains
 * import, and which hands the app this descriptor — its routes, migrations, seed and menus. The app
 * composes the descriptors (src/domains.ts); db/ knows none of them.
 */
import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import type { Db, Dialect } from '../database';
import type { SocketMethods } from '../realtime/socket-route';
import { flattenMenus, type FlatMenu, type MenuSeed } from './menus';
import type { ScopeField, Viewer } from './data-scope';

/** A menu whose rows data permissions may restrict (what a domain is asked about it). */
export interface ScopeMenu {
  id: string;
  enCode: string;
  type: number;
  propertyJson: string | null;
}

export interface SeedContext {
  now: number;
  dialect: Dialect;
  /** the demo city's size (config.mapAssets; 0: none) */
  mapAssets: number;
  /** every domain's menus in their places, flattened (ids, parents, sort codes) */
  menus: readonly FlatMenu[];
  /** the same menus as a tree */
  menuTree: readonly MenuSeed[];
}

export interface DomainSeed {
  /**
   * The rows a new database starts with. Every domain's `fresh` runs in one transaction, in domain
   * order, so a first start that stops half way starts over.
   */
  fresh?: (trx: Db, s: SeedContext) => Promise<void>;
  /** Then, on every start: what a later release added that this database lacks (its own transactions). */
  missing?: (db: Db, s: SeedContext, fresh: boolean) => Promise<void>;
}

export interface DomainModule {
  name: string;
  /**
   * Migrations by name, run in name order by the migrator. A name several domains use (0001_init,
   * 0003_messages_home, 0017_fault_types) is one migration whose parts run in domain order: how a
   * migration that once created several domains' tables lives in each domain's folder without
   * changing the history existing databases recorded.
   */
  migrations?: Readonly<Record<string, Migration>>;
  /** The domain's top-level menu sections, each with its place among every domain's sections. */
  menus?: ReadonlyArray<{ place: number; menu: MenuSeed }>;
  seed?: DomainSeed;
  /** Registers the domain's routes (after the platform's hooks). */
  routes?: (app: FastifyInstance) => void;
  /** Methods the domain answers on the realtime socket. */
  socket?: (app: FastifyInstance) => SocketMethods;
  /**
   * Data permissions: the fields the rows of a menu this domain serves can be scoped by (kernel/
   * data-scope.ts); undefined for a menu that is not the domain's or whose rows are not scoped.
   */
  scopeFields?: (db: Db, menu: ScopeMenu) => Promise<readonly ScopeField[] | undefined>;
  /**
   * Data permissions: the viewer attributes this domain knows about a user (the map: `@crewId`, the
   * crews they lead); the system domain supplies the organisation's.
   */
  viewerAttributes?: ViewerAttributes;
}

/** A user's attributes that a domain knows (data permissions' viewer tokens). */
export type ViewerAttributes = (
  db: Db,
  user: { id: string; organizeId: string | null },
) => Promise<Partial<Viewer>>;

/** Every domain's viewer attributes of a user, merged. */
export function composeViewerAttributes(modules: readonly DomainModule[]): ViewerAttributes {
  const providers = modules.flatMap((m) => (m.viewerAttributes ? [m.viewerAttributes] : []));
  return async (db, user) => {
    const out: Partial<Viewer> = {};
    for (const p of providers) Object.assign(out, await p(db, user));
    return out;
  };
}

/** The fields of a menu's rows, from whichever domain serves it (undefined: nobody scopes it). */
export function composeScopeFields(
  modules: readonly DomainModule[],
): (db: Db, menu: ScopeMenu) => Promise<readonly ScopeField[] | undefined> {
  const providers = modules.flatMap((m) => (m.scopeFields ? [m.scopeFields] : []));
  return async (db, menu) => {
    for (const p of providers) {
      const fields = await p(db, menu);
      if (fields) return fields;
    }
    return undefined;
  };
}

/** One migration per name: the parts of every domain that uses the name, in domain order. */
export function composeMigrations(modules: readonly DomainModule[]): Record<string, Migration> {
  const parts = new Map<string, Migration[]>();
  for (const m of modules)
    for (const [name, migration] of Object.entries(m.migrations ?? {})) {
      const list = parts.get(name) ?? [];
      list.push(migration);
      parts.set(name, list);
    }
  const out: Record<string, Migration> = {};
  for (const name of [...parts.keys()].sort()) {
    const list = parts.get(name) ?? [];
    out[name] =
      list.length === 1 && list[0]
        ? list[0]
        : {
            async up(db) {
              for (const p of list) await p.up(db);
            },
          };
  }
  return out;
}

/** Every domain's menu sections in their places (ties keep domain order). */
export function composeMenus(modules: readonly DomainModule[]): MenuSeed[] {
  const placed = modules.flatMap((m, i) => (m.menus ?? []).map((s) => ({ ...s, i })));
  const codes = new Set<string>();
  for (const f of flattenMenus(placed.map((p) => p.menu))) {
    if (codes.has(f.seed.enCode)) throw new Error(`menus: enCode ${f.seed.enCode} is declared twice`);
    codes.add(f.seed.enCode);
  }
  return placed.sort((a, b) => a.place - b.place || a.i - b.i).map((p) => p.menu);
}
