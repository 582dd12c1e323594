/**
 * Who may use a model's form and list (fill it, read, export and import its records): the one
 * check every record route calls, `mayUseModel(user, modelId, action, via)`, and which list
 * columns a user may see, `visibleColumns(user, modelId, via)`.
 *
 * - A published model (an enabled type-3 menu names it as `moduleId`) is used through its pages:
 *   an enabled function menu of the model in the user's access snapshot, with the action's button
 *   on that menu (spec §6: btn_add, btn_edit, btn_remove, btn_download for export, btn_upload for
 *   import); its columns are the columns granted on those menus. Holding the design menu does not
 *   open a published model's records: the authorisation page decides who sees what.
 * - A model no page publishes yet is used through the design menu (onlineDev.webDesign) with the
 *   action's button: designers preview and test it, and see every column.
 * - A designer's preview (`?preview=1`) reads the current form and list themselves through the
 *   design menu (`via` 'design': Config, FormData, ColumnData, no records). Its record calls only
 *   pick the current version: they are checked as the pages' (`via` 'page'), so a published
 *   model's records are read, changed, deleted, exported and imported only with its page's grant,
 *   whether the call says preview or not.
 * - What the form renderer reads for a form on the page (options, bill numbers: `via` 'either') is
 *   open to both.
 * Administrators may do everything.
 */
import type { AppContext } from '../context';
import type { User } from '../system';
import { contains } from '../db/search';
import { ApiError, Code } from '../http/envelope';
import { hasPermission } from '../auth';
import { menuModuleId } from './rules';
import { exposedFields, formOf, modelsMentioning, relationsTo } from './store';

export const DESIGN_MENU = 'onlineDev.webDesign';
/** Menu type of a published function page (spec §2: 3 function). */
export const FUNCTION_MENU_TYPE = 3;
/** Menu type of a published data report (spec §2: 5 data report). */
export const REPORT_MENU_TYPE = 5;

export type ModelAction = 'view' | 'add' | 'edit' | 'remove' | 'export' | 'import';

export const ACTION_BUTTON: Readonly<Record<ModelAction, string | undefined>> = {
  view: undefined,
  add: 'btn_add',
  edit: 'btn_edit',
  remove: 'btn_remove',
  export: 'btn_download',
  import: 'btn_upload',
};

/**
 * Through what a call uses the model: its records ('page': the published pages' grants, the design
 * menu while no page publishes it), its current design without records ('design': the design
 * menu), or what the renderer reads to fill a form ('either').
 */
export type Via = 'page' | 'design' | 'either';
/** Config, FormData, ColumnData: `?preview=1` → the design; else what the pages run. */
export const designOrPage = (preview: number | undefined): Via => (preview === 1 ? 'design' : 'page');

export type MayUseModel = (
  user: Readonly<User>,
  modelId: string,
  action: ModelAction,
  via?: Via,
) => Promise<boolean>;

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
  assertMayUse(
    user: Readonly<User>,
    m: { id: string; fullName: string },
    action: ModelAction,
    via?: Via,
  ): Promise<void>;
  /**
   * The list columns `user` may see: null (every column) for administrators, for designers reading
   * the design and for designers using an unpublished model; else the columns granted on the enabled function
   * menus of the model the user holds (spec §6: shown when the column list has its code).
   */
  visibleColumns(user: Readonly<User>, modelId: string, via?: Via): Promise<ReadonlySet<string> | null>;
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
  /** The enabled function menus of the model in the user's access snapshot. */
  const heldMenus = async (user: Readonly<User>, modelId: string) => {
    const access = await ctx.access.forUser(user);
    return {
      access,
      menus: access.menus.filter(
        (m) => m.type === FUNCTION_MENU_TYPE && menuModuleId(m.propertyJson) === modelId,
      ),
    };
  };
  /** Whether any enabled function menu publishes the model (then its pages decide). */
  const published = async (modelId: string) => (await menusOfModel(ctx, modelId)).length > 0;
  const viaDesign = async (user: Readonly<User>, modelId: string, via: Via, button?: string) =>
    (via !== 'page' || !(await published(modelId))) && hasPermission(ctx, user, DESIGN_MENU, button);
  const mayUseModel: MayUseModel = async (user, modelId, action, via = 'page') => {
    if (user.isAdministrator === 1) return true;
    const button = ACTION_BUTTON[action];
    if (via !== 'design') {
      const { access, menus } = await heldMenus(user, modelId);
      if (menus.some((m) => !button || access.buttonKeys.has(`${m.enCode}/${button}`))) return true;
    }
    return viaDesign(user, modelId, via, button);
  };
  return {
    mayUseModel,
    async assertMayUse(user, m, action, via) {
      if (!(await mayUseModel(user, m.id, action, via))) throw denied(m);
    },
    async visibleColumns(user, modelId, via = 'page') {
      if (user.isAdministrator === 1 || (await viaDesign(user, modelId, via))) return null;
      const { access, menus } = await heldMenus(user, modelId);
      const ids = new Set(menus.map((m) => m.id));
      return new Set(access.columns.filter((c) => ids.has(c.menuId)).map((c) => c.enCode));
    },
    async readableFields(user, m) {
      // records: the design menu opens a published model's records no more than its page does
      if (await mayUseModel(user, m.id, 'view', 'page')) return null;
      const fields = new Set<string>();
      let related = false;
      for (const other of await modelsMentioning(ctx.db, m.id)) {
        const form = formOf(other.formData);
        if (other.id === m.id || !relationsTo(form, m.id).length) continue;
        if (
          !(await mayUseModel(user, other.id, 'add', 'either')) &&
          !(await mayUseModel(user, other.id, 'edit', 'either'))
        )
          continue;
        related = true;
        for (const f of exposedFields(form, m.id)) fields.add(f);
      }
      if (!related) throw denied(m);
      return fields;
    },
  };
}
