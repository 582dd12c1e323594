/**
 * A published dictionary page (menu type 4, spec §2): the items of the dictionary type the menu's
 * propertyJson names as `moduleId` — `GET /api/visualdev/Dictionary/{typeId}` (a tree for a tree
 * type), and for holders of the menu's buttons add (btn_add), edit (btn_edit) and delete
 * (btn_remove). The checks are the dictionary page's own (system/dictionary-items.ts).
 */
import type { FastifyInstance } from 'fastify';
import { authOf } from '../context';
import type { User } from '../system';
import { countWhere, newId } from '../kernel';
import { ApiError, Code, badRequest, ok } from '../http/envelope';
import { NO_BODY } from '../http/route-table';
import { typed } from '../http/typed';
import { keywordQuery } from '../http/validation';
import {
  bumpDictionaryVersion,
  checkDictionaryItem,
  dataBodyProperties,
  deleteDictionaryItem,
  dictionaryItemsOf,
  dictionaryTypeBrief,
  insertDictionaryItem,
  loadItemOfType,
  updateDictionaryItem,
} from '../system';
import type { AppContext } from '../context';
import { menuModuleId } from './rules';
import { answers } from '../http/response';
import { LOWCODE_ANSWERS } from './responses';

const DICT = '/api/visualdev/Dictionary';
/** Menu type of a published dictionary page (spec §2: 4 dictionary). */
export const DICTIONARY_MENU_TYPE = 4;

const idField = { type: 'string', minLength: 1, maxLength: 64 } as const;
const typeParams = { type: 'object', required: ['typeId'], properties: { typeId: idField } } as const;
const itemParams = {
  type: 'object',
  required: ['typeId', 'id'],
  properties: { typeId: idField, id: idField },
} as const;
const itemBody = {
  type: 'object',
  required: ['fullName', 'enCode'],
  additionalProperties: false,
  properties: dataBodyProperties,
} as const;

const CHECKED =
  'checked in the handler: a dictionary page (type-4 menu) of the type, with the action’s button';

/** Whether `user` holds a dictionary page of the type (with `button`); administrators hold all. */
async function mayUseDictionary(
  ctx: Pick<AppContext, 'access'>,
  user: Readonly<User>,
  typeId: string,
  button?: string,
): Promise<boolean> {
  if (user.isAdministrator === 1) return true;
  const access = await ctx.access.forUser(user);
  return access.menus.some(
    (m) =>
      m.type === DICTIONARY_MENU_TYPE &&
      menuModuleId(m.propertyJson) === typeId &&
      (!button || access.buttonKeys.has(`${m.enCode}/${button}`)),
  );
}

export function registerDictionaryRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;
  const db = ctx.db;

  /** The type (by the path's id) the caller may use for `button`; 404 / 403 otherwise. */
  const typeFor = async (user: Readonly<User>, typeId: string, button?: string) => {
    const t = await dictionaryTypeBrief(db, typeId);
    if (!(await mayUseDictionary(ctx, user, t.id, button)))
      throw new ApiError(Code.FORBIDDEN, `权限不足: 无权使用字典「${t.fullName}」`);
    return t;
  };
  const itemOf = (typeId: string, id: string) => loadItemOfType(db, typeId, id);

  r.get(
    `${DICT}/:typeId`,
    {
      config: { open: CHECKED },
      schema: {
        params: typeParams,
        querystring: { type: 'object', properties: { keyword: keywordQuery } },
        response: answers(LOWCODE_ANSWERS.dictionary),
      } as const,
    },
    async (req) => {
      const t = await typeFor(authOf(req).user, req.params.typeId);
      return ok({ type: t, ...(await dictionaryItemsOf(db, t, req.query.keyword)) });
    },
  );

  r.post(
    `${DICT}/:typeId`,
    {
      config: { open: CHECKED },
      schema: { params: typeParams, body: itemBody, response: answers(LOWCODE_ANSWERS.withId) } as const,
    },
    async (req) => {
      const t = await typeFor(authOf(req).user, req.params.typeId, 'btn_add');
      const v = await checkDictionaryItem(db, { ...req.body, dictionaryTypeId: t.id });
      const id = newId();
      await insertDictionaryItem(db, id, v);
      bumpDictionaryVersion();
      return ok({ id }, '新建成功');
    },
  );

  r.put(
    `${DICT}/:typeId/:id`,
    {
      config: { open: CHECKED },
      schema: { params: itemParams, body: itemBody, response: answers(LOWCODE_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const t = await typeFor(authOf(req).user, req.params.typeId, 'btn_edit');
      const d = await itemOf(t.id, req.params.id);
      const v = await checkDictionaryItem(db, { ...req.body, dictionaryTypeId: t.id }, d.id);
      await updateDictionaryItem(db, d.id, v);
      bumpDictionaryVersion();
      return ok(null, '更新成功');
    },
  );

  r.delete(
    `${DICT}/:typeId/:id`,
    {
      config: { open: CHECKED },
      schema: { params: itemParams, body: NO_BODY, response: answers(LOWCODE_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const t = await typeFor(authOf(req).user, req.params.typeId, 'btn_remove');
      const d = await itemOf(t.id, req.params.id);
      const n = await countWhere(db, 'dictionary_data', 'parentId', d.id);
      if (n) throw badRequest(`id: 该字典项下有 ${n} 个下级项，不能删除`);
      await deleteDictionaryItem(db, d.id);
      bumpDictionaryVersion();
      return ok(null, '删除成功');
    },
  );
}
