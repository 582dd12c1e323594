/**
 * The create (POST) and edit (PUT …/:id) calls the administration pages share: guarded by the menu's
 * btn_add / btn_edit, the body schema-checked, then the entity's own checks, one write, and
 * whatever the entity must refresh afterwards. Entities with more to do in a write (users with their
 * roles and password, menus with their buttons, bill rules with their running sequence) keep their
 * own handlers.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { NOTHING, answers } from '../http/response';
import { CREATED } from './responses';
import { requirePermission } from '../auth';
import { idParams, newId } from '../kernel';
import { insertSavedRow, updateSavedRow, type SavedTable } from './save-store';

export interface SaveRoutes<B, V extends object> {
  /** the collection's path; the edit call is `${path}/:id` */
  path: string;
  menu: string;
  table: SavedTable;
  /** the body's JSON schema */
  body: object;
  /** the entity's checks (named fields in 400s, referenced rows exist…); the values written */
  check: (body: B, exceptId?: string) => Promise<V>;
  /** the row being edited, or a 404 */
  load: (id: string) => Promise<{ id: string }>;
  /** columns only a new row gets (createdAt, category…) */
  created?: () => Record<string, unknown>;
  /** after every write: caches to drop */
  after?: () => unknown;
}

export function registerSaveRoutes<B, V extends object>(
  app: FastifyInstance,
  { path, menu, table, body, check, load, created, after }: SaveRoutes<B, V>,
): void {
  const { db } = app.ctx;
  app.post<{ Body: B }>(
    path,
    {
      onRequest: requirePermission({ menu, button: 'btn_add' }),
      schema: { body, response: answers(CREATED) },
    },
    async (req) => {
      // the schema has checked the body; fastify cannot carry a generic body type through
      const v = await check(req.body as B);
      const id = newId();
      await insertSavedRow(db, table, { id, ...v, ...created?.() });
      await after?.();
      return ok({ id }, '新建成功');
    },
  );
  app.put<{ Params: { id: string }; Body: B }>(
    `${path}/:id`,
    {
      onRequest: requirePermission({ menu, button: 'btn_edit' }),
      schema: { params: idParams, body, response: answers(NOTHING) },
    },
    async (req) => {
      const row = await load(req.params.id);
      const v = await check(req.body as B, row.id);
      await updateSavedRow(db, table, row.id, v);
      await after?.();
      return ok(null, '更新成功');
    },
  );
}
