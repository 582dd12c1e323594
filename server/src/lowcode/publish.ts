/**
 * Publishing a model (effects): which version published pages use, the index slots its lists need
 * (kept in step with every save and release, keys rebuilt when a field gets a slot), and release
 * itself: the version frozen, the model put into the menu as a type-3 entry under the directory
 * the user picked, with its buttons and columns in the permission catalogue (granted to the
 * administrators' role, as a menu made on the menu page is), and every access snapshot dropped.
 */
import {
  assignSlots,
  keyedFields,
  listButtonCodes,
  listDesignProblems,
  normalizeColumnData,
  parseSlotMap,
  BUTTON_NAMES,
  NUMBER_SLOTS,
  TEXT_SLOTS,
  type ColumnData,
  type FormData,
  type KeyKind,
} from '@lighting/shared/formcore';
import type { AppContext } from '../context';
import type { Db } from '../database';
import { badRequest } from '../http/envelope';
import { duplicateCode, enCodeField, fullNameField, parentIdField, sortCodeField } from '../kernel';
import { FUNCTION_MENU_TYPE } from './access';
import { isSlot, rebuildKeys, type Slot } from './keys';
import { menuModuleId } from './rules';
import { formOf, versionForm, type ModelRow } from './store';

/** The role every new menu, button and column is granted to (as the menu page does). */
export const ADMIN_ROLE = 'role-admin';
/** Published function pages live under this route prefix (the low-code remote claims it). */
export const RUNTIME_PREFIX = 'dynamicModel/';
export const FUNCTION_ICON = 'icon-ym icon-ym-generator-form';

/** The version a caller sees: designers previewing see the current one, pages the released one. */
export function runtimeVersion(m: Pick<ModelRow, 'version' | 'releasedVersion'>, preview: boolean): number {
  return preview ? m.version : (m.releasedVersion ?? m.version);
}

/** The list of a version (null when it has none), from its stored JSON. */
export const listOf = (columnData: string): ColumnData | null => normalizeColumnData(columnData);

/** The first problem of a list against its form, as a 400 naming the path (release: a column is required). */
export function assertListUsable(cd: ColumnData, form: FormData, forRelease: boolean): void {
  const problem = listDesignProblems(cd, form).find((p) => forRelease || p.path !== 'columnList');
  if (problem) throw badRequest(`columnData.${problem.message}`);
}

/**
 * Makes the model's slots cover `lists` (each with the form of its version): a field keeps its slot,
 * a new one takes a free slot of its kind, and when any field got one every record's keys are
 * rebuilt, in `trx`. Refuses (400) lists needing more slots than there are.
 */
export async function ensureKeySlots(
  trx: Db,
  modelId: string,
  lists: ReadonlyArray<{ cd: ColumnData | null; form: FormData }>,
): Promise<void> {
  const wanted = new Map<string, KeyKind>();
  for (const { cd, form } of lists) for (const [f, k] of keyedFields(cd, form)) wanted.set(f, k);
  const texts = [...wanted.values()].filter((k) => k === 'text').length;
  if (texts > TEXT_SLOTS || wanted.size - texts > NUMBER_SLOTS)
    throw badRequest(
      `columnData: 查询、排序、分组和树的字段过多 (文本最多 ${TEXT_SLOTS} 个，数字和日期最多 ${NUMBER_SLOTS} 个)`,
    );
  // the row is written first: record writes read the map FOR SHARE and wait (keys.ts)
  const row = await trx
    .selectFrom('visualdev_base')
    .select('keySlots')
    .where('id', '=', modelId)
    .executeTakeFirstOrThrow();
  const current = parseSlotMap(row.keySlots);
  const { map, added } = assignSlots(current, wanted);
  const text = JSON.stringify(map);
  if (text === JSON.stringify(current)) return;
  await trx.updateTable('visualdev_base').set({ keySlots: text }).where('id', '=', modelId).execute();
  if (added.length)
    await rebuildKeys(
      trx,
      modelId,
      map,
      added.map((f) => map[f]).filter((slot): slot is Slot => !!slot && isSlot(slot)),
    );
}

/** The lists a model's slots must cover: its current version's and its released version's. */
export async function publishedLists(
  db: Db,
  m: Pick<ModelRow, 'id' | 'version' | 'releasedVersion'>,
  current?: { form: FormData; columnData: string },
): Promise<Array<{ cd: ColumnData | null; form: FormData }>> {
  const out: Array<{ cd: ColumnData | null; form: FormData }> = [];
  if (m.releasedVersion !== null && m.releasedVersion !== m.version) {
    const v = await versionForm(db, m.id, m.releasedVersion);
    out.push({ cd: listOf(v.columnData), form: v.form });
  }
  const cur = current ?? (m.version > 0 ? await versionForm(db, m.id, m.version) : null);
  if (cur) out.push({ cd: listOf(cur.columnData), form: cur.form });
  return out;
}

/** The body of a release (a model's or a report's): where in the menu, and how the entry reads. */
export const releaseBodySchema = {
  type: 'object',
  required: ['parentId'],
  additionalProperties: false,
  properties: {
    /** the directory (type-1 menu) the page goes under */
    parentId: parentIdField,
    fullName: fullNameField,
    enCode: enCodeField,
    icon: { type: 'string', maxLength: 100, 'x-text': 'line' },
    sortCode: sortCodeField,
  },
} as const;

/** Refuses a release under a menu that does not exist or is not a directory (type 1). */
export async function assertReleaseParent(db: Db, parentId: string): Promise<void> {
  const parent = await db
    .selectFrom('menu')
    .select(['id', 'type'])
    .where('id', '=', parentId)
    .executeTakeFirst();
  if (!parent) throw badRequest('parentId: 上级菜单不存在');
  if (parent.type !== 1) throw badRequest('parentId: 上级必须是目录');
}

export interface ReleaseBody {
  parentId: string;
  fullName?: string;
  enCode?: string;
  icon?: string;
  sortCode?: number;
}

/** The menu code a release uses by default: 'dynamicModel.' + the model's code, within 50 characters. */
export function defaultMenuCode(modelCode: string): string {
  return `dynamicModel.${modelCode}`.slice(0, 50).replace(/\.+$/, '');
}

/** The type-3 menu that publishes the model (the first, when several name it), or undefined. */
export const functionMenuOf = (db: Db, modelId: string) => menuOfModule(db, modelId, FUNCTION_MENU_TYPE);

type Catalogue = 'menu_button' | 'menu_column';

/**
 * Makes a menu's button or column catalogue `list`: entries no longer listed go with their grants,
 * new ones are added and granted to the administrators' role, kept ones are renamed in place.
 */
async function setCatalogue(
  trx: Db,
  table: Catalogue,
  menuId: string,
  list: ReadonlyArray<{ enCode: string; fullName: string }>,
): Promise<void> {
  const grant = table === 'menu_button' ? 'role_button' : 'role_column';
  const tag = table === 'menu_button' ? 'b' : 'c';
  const codes = list.map((x) => x.enCode);
  const before = new Set(
    (await trx.selectFrom(table).select('enCode').where('menuId', '=', menuId).execute()).map(
      (r) => r.enCode,
    ),
  );
  let gone = trx.deleteFrom(table).where('menuId', '=', menuId);
  let goneGrants = trx.deleteFrom(grant).where('menuId', '=', menuId);
  if (codes.length) {
    gone = gone.where('enCode', 'not in', codes);
    goneGrants = goneGrants.where('enCode', 'not in', codes);
  }
  await gone.execute();
  await goneGrants.execute();
  for (const [i, x] of list.entries()) {
    if (before.has(x.enCode)) {
      await trx
        .updateTable(table)
        .set({ fullName: x.fullName, sortCode: i })
        .where('menuId', '=', menuId)
        .where('enCode', '=', x.enCode)
        .execute();
      continue;
    }
    await trx
      .insertInto(table)
      .values({
        id: `${menuId}:${tag}:${x.enCode}`,
        menuId,
        enCode: x.enCode,
        fullName: x.fullName,
        sortCode: i,
      })
      .execute();
    await trx
      .insertInto(grant)
      .values({ roleId: ADMIN_ROLE, menuId, enCode: x.enCode, fullName: x.fullName })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The catalogue a published list needs: its buttons (spec §6 codes) and its columns. */
export function catalogueOf(cd: ColumnData | null, modelType: number) {
  const list = modelType === 2 ? cd : null;
  return {
    buttons: listButtonCodes(list).map((enCode) => ({ enCode, fullName: BUTTON_NAMES[enCode] ?? enCode })),
    columns: (list?.columnList ?? []).map((c) => ({
      enCode: c.prop,
      fullName: c.label.slice(0, 50) || c.prop,
    })),
  };
}

/**
 * Releases the model's current version (checked already: a form, and for a form + list model a
 * list its form serves) under the directory `b.parentId`, in `trx`. Answers the menu's id.
 */
export async function releaseModel(
  trx: Db,
  m: ModelRow,
  b: ReleaseBody,
  userId: string | null,
  now: number,
): Promise<{ menuId: string; created: boolean }> {
  const v = await versionForm(trx, m.id, m.version);
  const cd = listOf(v.columnData);
  await trx
    .updateTable('visualdev_base')
    .set({ releasedVersion: m.version, releasedAt: now, releasedBy: userId, state: 1 })
    .where('id', '=', m.id)
    .execute();
  await ensureKeySlots(trx, m.id, [{ cd: m.type === 2 ? cd : null, form: v.form }]);

  const cat = catalogueOf(cd, m.type);
  return putInMenu(trx, {
    moduleId: m.id,
    type: FUNCTION_MENU_TYPE,
    fullName: m.fullName,
    defaultCode: defaultMenuCode(m.enCode),
    urlAddress: `${RUNTIME_PREFIX}${m.enCode}`,
    icon: FUNCTION_ICON,
    body: b,
    buttons: cat.buttons,
    columns: cat.columns,
  });
}

/** The menu of `type` that names `moduleId` (the first, when several do), or undefined. */
export async function menuOfModule(db: Db, moduleId: string, type: number) {
  const rows = await db
    .selectFrom('menu')
    .select(['id', 'parentId', 'enCode', 'fullName', 'icon', 'sortCode', 'propertyJson', 'urlAddress'])
    .where('type', '=', type)
    .orderBy('sortCode')
    .orderBy('id')
    .execute();
  return rows.find((r) => menuModuleId(r.propertyJson) === moduleId);
}

/**
 * Puts a published thing (a model: type 3, a report: type 5) into the menu, in `trx`: its menu is
 * updated where it is (name, parent, icon, order), or made under `body.parentId` and granted to
 * the administrators' role; its button and column catalogue becomes `buttons` / `columns`.
 */
export async function putInMenu(
  trx: Db,
  p: {
    moduleId: string;
    type: number;
    fullName: string;
    defaultCode: string;
    urlAddress: string;
    icon: string;
    body: ReleaseBody;
    buttons: ReadonlyArray<{ enCode: string; fullName: string }>;
    columns: ReadonlyArray<{ enCode: string; fullName: string }>;
  },
): Promise<{ menuId: string; created: boolean }> {
  const b = p.body;
  const menu = await menuOfModule(trx, p.moduleId, p.type);
  const fields = {
    parentId: b.parentId,
    fullName: (b.fullName ?? p.fullName).trim() || p.fullName,
    icon: b.icon ?? menu?.icon ?? p.icon,
    sortCode: b.sortCode ?? menu?.sortCode ?? 0,
  };
  let menuId: string;
  let created = false;
  if (menu) {
    menuId = menu.id;
    await trx.updateTable('menu').set(fields).where('id', '=', menu.id).execute();
  } else {
    const enCode = b.enCode ?? p.defaultCode;
    const taken = await trx
      .selectFrom('menu')
      .select('id')
      .where((eb) => eb.or([eb('enCode', '=', enCode), eb('id', '=', `menu-${enCode}`)]))
      .executeTakeFirst();
    if (taken) throw duplicateCode(enCode, { what: 'menu' });
    menuId = `menu-${enCode}`;
    created = true;
    await trx
      .insertInto('menu')
      .values({
        id: menuId,
        ...fields,
        type: p.type,
        enCode,
        urlAddress: p.urlAddress,
        propertyJson: JSON.stringify({ moduleId: p.moduleId, isTree: 0 }),
        linkTarget: '',
        enabledMark: 1,
      })
      .execute();
    await trx.insertInto('role_menu').values({ roleId: ADMIN_ROLE, menuId }).execute();
  }
  await setCatalogue(trx, 'menu_button', menuId, p.buttons);
  await setCatalogue(trx, 'menu_column', menuId, p.columns);
  return { menuId, created };
}

/** The directories a model may be released under (type-1 menus), as a tree. */
export async function releaseParents(ctx: Pick<AppContext, 'db'>) {
  return ctx.db
    .selectFrom('menu')
    .select(['id', 'parentId', 'enCode', 'fullName', 'icon', 'sortCode'])
    .where('type', '=', 1)
    .execute();
}

export { formOf };
