/**
 * Who may use a model's form (fill it, read its records): the one check every record route calls,
 * `mayUseModel(user, modelId, action)`.
 *
 * - The design menu (onlineDev.webDesign) with the action's button: designers preview and test.
 * - A function page that publishes the model (a type-3 menu whose propertyJson names it as
 *   `moduleId`), with the action's button on that menu (spec §6: btn_add, btn_edit, btn_remove).
 *   Release (issue 13) creates these menus; its per-menu rules plug in here.
 */
import type { AppContext } from '../context';
import type { User } from '../db/schema';
import { contains } from '../db/search';
import { ApiError, Code } from '../http/envelope';
import { hasPermission } from '../http/permissions';
import { menuModuleId } from './rules';
import { exposedFields, formOf, modelsMentioning, relationsTo } from './store';

export const DESIGN_MENU = 'onlineDev.webDesign';
/** Menu type of a published function page (spec §2: 3 function). */
export const FUNCTION_MENU_TYPE = 3;

export type ModelAction = 'view' | 'add' | 'edit' | 'remove';

export const ACTION_BUTTON: Readonly<Record<ModelAction, string | undefined>> = {
  view: undefined,
  add: 'btn_add',
  edit: 'btn_edit',
  remove: 'btn_remove',
};

export type MayUseModel = (user: Readonly<User>, modelId: string, action: ModelAction) => Promise<boolean>;

/**
 * The menus whose propertyJson names `modelId` as its `moduleId`: by default only the enabled
 * function menus (those that grant the model); `{ any: true }` every menu, of any type or state
 * (a model is not deleted while any menu names it).
 */
export async function menusOfModel(
  ctx: Pick<AppContext, 'db'>,
  modelId: string,
  opts: { any?: boolean } = {},
): Promise<Array<{ enCode: string; fullName: string }>> {
  let q = ctx.db
    .selectFrom('menu')
    .select(['enCode', 'fullName', 'propertyJson'])
    .where(contains('propertyJson', modelId));
  if (!opts.any) q = q.where('type', '=', FUNCTION_MENU_TYPE).where('enabledMark', '=', 1);
  const menus = await q.orderBy('sortCode').orderBy('id').execute();
  return menus
    .filter((m) => menuModuleId(m.propertyJson) === modelId)
    .map((m) => ({ enCode: m.enCode, fullName: m.fullName }));
}

export interface ModelAccess {
  mayUseModel: MayUseModel;
  /** Refuses (403) unless `user` may use the model for `action`. */
  assertMayUse(user: Readonly<User>, m: { id: string; fullName: string }, action: ModelAction): Promise<void>;
  /**
   * What `user` may read of the model's records, for a relation: every field (null) for who may
   * use the model itself; for who may fill a model whose form relates to it, only the fields those
   * forms show (exposedFields). Refuses (403) anyone else.
   */
  readableFields(
    user: Readonly<User>,
    m: { id: string; fullName: string },
  ): Promise<ReadonlySet<string> | null>;
}

const denied = (m: { fullName: string }): ApiError =>
  new ApiError(Code.FORBIDDEN, `权限不足: 无权使用功能「${m.fullName}」`);

export function modelAccess(ctx: Pick<AppContext, 'db' | 'access'>): ModelAccess {
  const mayUseModel: MayUseModel = async (user, modelId, action) => {
    const button = ACTION_BUTTON[action];
    if (await hasPermission(ctx, user, DESIGN_MENU, button)) return true;
    for (const menu of await menusOfModel(ctx, modelId))
      if (await hasPermission(ctx, user, menu.enCode, button)) return true;
    return false;
  };
  return {
    mayUseModel,
    async assertMayUse(user, m, action) {
      if (!(await mayUseModel(user, m.id, action))) throw denied(m);
    },
    async readableFields(user, m) {
      if (await mayUseModel(user, m.id, 'view')) return null;
      const fields = new Set<string>();
      let related = false;
      for (const other of await modelsMentioning(ctx.db, m.id)) {
        const form = formOf(other.formData);
        if (other.id === m.id || !relationsTo(form, m.id).length) continue;
        if (!(await mayUseModel(user, other.id, 'add')) && !(await mayUseModel(user, other.id, 'edit')))
          continue;
        related = true;
        for (const f of exposedFields(form, m.id)) fields.add(f);
      }
      if (!related) throw denied(m);
      return fields;
    },
  };
}
