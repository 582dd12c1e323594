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
import { ApiError, Code, badRequest, notFound, ok } from '../http/envelope';
import { NO_BODY } from '../http/route-table';
import { typed } from '../http/typed';
import { keywordQuery } from '../http/validation';
import {
  bumpDictionaryVersion,
  checkDictionaryItem,
  dataBodyProperties,
  dataCols,
  dictionaryItemsOf,
} from '../system';
import type { AppContext } from '../context';
import { menuModuleId } from './rules';

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
    const t = await db
      .selectFrom('dictionary_type')
      .select(['id', 'fullName', 'enCode', 'isTree'])
      .where('id', '=', typeId)
      .executeTakeFirst();
    if (!t) throw notFound('字典分类不存在');
    if (!(await mayUseDictionary(ctx, user, t.id, button)))
      throw new ApiError(Code.FORBIDDEN, `权限不足: 无权使用字典「${t.fullName}」`);
    return t;
  };
  const itemOf = async (typeId: string, id: string) => {
    const d = await db
      .selectFrom('dictionary_data')
      .select(dataCols)
      .where('id', '=', id)
      .where('dictionaryTypeId', '=', typeId)
      .executeTakeFirst();
    if (!d) throw notFound('字典数据不存在');
    return d;
  };

  r.get(
    `${DICT}/:typeId`,
    {
      config: { open: CHECKED },
      schema: {
        params: typeParams,
        querystring: { type: 'object', properties: { keyword: keywordQuery } },
      } as const,
    },
    async (req) => {
      const t = await typeFor(authOf(req).user, req.params.typeId);
      return ok({ type: t, ...(await dictionaryItemsOf(db, t, req.query.keyword)) });
    },
  );

  r.post(
    `${DICT}/:typeId`,
    { config: { open: CHECKED }, schema: { params: typeParams, body: itemBody } as const },
    async (req) => {
      const t = await typeFor(authOf(req).user, req.params.typeId, 'btn_add');
      const v = await checkDictionaryItem(db, { ...req.body, dictionaryTypeId: t.id });
      const id = newId();
      await db
        .insertInto('dictionary_data')
        .values({ id, ...v })
        .execute();
      bumpDictionaryVersion();
      return ok({ id }, '新建成功');
    },
  );

  r.put(
    `${DICT}/:typeId/:id`,
    { config: { open: CHECKED }, schema: { params: itemParams, body: itemBody } as const },
    async (req) => {
      const t = await typeFor(authOf(req).user, req.params.typeId, 'btn_edit');
      const d = await itemOf(t.id, req.params.id);
      const v = await checkDictionaryItem(db, { ...req.body, dictionaryTypeId: t.id }, d.id);
      await db.updateTable('dictionary_data').set(v).where('id', '=', d.id).execute();
      bumpDictionaryVersion();
      return ok(null, '更新成功');
    },
  );

  r.delete(
    `${DICT}/:typeId/:id`,
    { config: { open: CHECKED }, schema: { params: itemParams, body: NO_BODY } as const },
    async (req) => {
      const t = await typeFor(authOf(req).user, req.params.typeId, 'btn_remove');
      const d = await itemOf(t.id, req.params.id);
      const n = await countWhere(db, 'dictionary_data', 'parentId', d.id);
      if (n) throw badRequest(`id: 该字典项下有 ${n} 个下级项，不能删除`);
      await db.deleteFrom('dictionary_data').where('id', '=', d.id).execute();
      bumpDictionaryVersion();
      return ok(null, '删除成功');
    },
  );
}
