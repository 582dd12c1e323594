/**
 * Data permissions of online-development models (issue 24): the fields a published model's rows
 * can be scoped by — who created a record, the creator's organisation, and every main field of the
 * model's form (text, or number for numeric controls) — and the caller's scope over a model's
 * records as a condition on its list keys (`lowcode_record_key`), so it holds for every list,
 * count, export, group count, detail and write alike. A number field with a key slot is tested on
 * the slot; the rest is read from the record.
 *
 * A model is published by function menus (type 3, `moduleId`); each menu has its own schemes. What
 * a user may see of the model is the union over the model's menus they hold: one of them
 * unrestricted makes the model unrestricted. Administrators, and designers using a model no page
 * publishes, are not restricted.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { keyKindOf, mainFields, normalizeReportConfig, parseSlotMap } from '@lighting/shared/formcore';
import type { AppContext } from '../context';
import type { Db, Dialect } from '../database';
import { combine, scopeSql, type Predicate, type ScopeField, type ScopeMenu } from '../kernel';
import { menuScope, type User } from '../system';
import { FUNCTION_MENU_TYPE, REPORT_MENU_TYPE } from './access';
import { jsonText } from './json-column';
import { menuModuleId } from './rules';
import { formOf } from './store';

/** The record's own columns a scheme may test, beside the form's fields. */
const RECORD_COLUMNS: Readonly<Record<string, string>> = {
  creatorUserId: 'createdBy',
  organizeId: 'organizeId',
};

/**
 * The fields of a published model's rows, or of a published report's (its columns, compared as
 * text unless the designer typed them as numbers) (kernel/domain.ts `scopeFields`).
 */
export async function lowcodeScopeFields(
  db: Db,
  menu: ScopeMenu,
): Promise<readonly ScopeField[] | undefined> {
  if (!menu.propertyJson) return undefined;
  if (menu.type === REPORT_MENU_TYPE) {
    const reportId = menuModuleId(menu.propertyJson);
    const r = reportId
      ? await db.selectFrom('lowcode_report').select('config').where('id', '=', reportId).executeTakeFirst()
      : undefined;
    if (!r) return undefined;
    return normalizeReportConfig(r.config).columns.map((c) => ({
      enCode: c.prop,
      type: c.type === 'number' ? 'number' : 'text',
    }));
  }
  if (menu.type !== FUNCTION_MENU_TYPE) return undefined;
  const modelId = menuModuleId(menu.propertyJson);
  if (!modelId) return undefined;
  const m = await db
    .selectFrom('visualdev_base')
    .select('formData')
    .where('id', '=', modelId)
    .executeTakeFirst();
  if (!m) return undefined;
  const fields: ScopeField[] = Object.keys(RECORD_COLUMNS).map((enCode) => ({ enCode, type: 'text' }));
  for (const [key, f] of mainFields(formOf(m.formData))) {
    if (RECORD_COLUMNS[key]) continue;
    const kind = keyKindOf(f);
    if (kind) fields.push({ enCode: key, type: kind });
  }
  return fields;
}

/**
 * A field's value for a list key row (`lowcode_record_key`): a number field with a key slot is the
 * slot itself (formcore keyOf: the field's number, as rowInScope reads it); anything else is read
 * from the record (its column, or its JSON value; a number only when the document holds one).
 */
function keyColumn(
  dialect: Dialect,
  fields: readonly ScopeField[],
  slots: Readonly<Record<string, string>>,
  field: string,
): Expression<unknown> | undefined {
  const fromRecord = (e: Expression<unknown>) =>
    sql`(select ${e} from ${sql.table('lowcode_record')} as ${sql.id('r')} where ${sql.ref('r.id')} = ${sql.ref('lowcode_record_key.recordId')})`;
  const column = RECORD_COLUMNS[field];
  if (column) return fromRecord(sql.ref(`r.${column}`));
  const f = fields.find((x) => x.enCode === field);
  if (!f) return undefined;
  const slot = slots[field];
  if (f.type === 'number' && slot && /^n[0-9]$/.test(slot)) return sql.ref(`lowcode_record_key.${slot}`);
  const text = jsonText(dialect, field, 'r.data');
  if (f.type === 'text') return fromRecord(text);
  return fromRecord(
    dialect === 'postgres'
      ? sql`(case when jsonb_typeof(${sql.ref('r.data')} -> ${field}) = 'number' then (${text})::numeric end)`
      : sql`(case when json_type(${sql.ref('r.data')}, ${`$."${field}"`}) in ('integer', 'real') then ${text} end)`,
  );
}

export interface RecordScope {
  /** a condition on `lowcode_record_key` rows: their record is in scope */
  keys: Expression<SqlBool>;
  /** the same rule over a record's values (with creatorUserId and organizeId): a new row's check */
  predicate: Predicate;
}

/**
 * What `user` may see of the model's records, or null when nothing restricts them: the union of
 * their scopes on the model's enabled function menus they hold.
 */
export async function recordScope(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'scopeFields' | 'viewerAttributes' | 'access'>,
  user: Readonly<User>,
  modelId: string,
): Promise<RecordScope | null> {
  const scope = await publishedScope(ctx, user, FUNCTION_MENU_TYPE, modelId);
  if (!scope) return null;
  const { predicate, fields } = scope;
  const model = await ctx.db
    .selectFrom('visualdev_base')
    .select('keySlots')
    .where('id', '=', modelId)
    .executeTakeFirst();
  const slots = parseSlotMap(model?.keySlots);
  return { keys: scopeSql(predicate, (f) => keyColumn(ctx.dialect, fields, slots, f)), predicate };
}

/**
 * What `user` may see of the rows of a thing published by menus of `type` (a model's records, a
 * report's rows): the union of their scopes on its enabled menus they hold, with the fields those
 * menus offer; null when nothing restricts them (an administrator, no such menu held, or one of
 * them unrestricted).
 */
async function publishedScope(
  ctx: Pick<AppContext, 'db' | 'scopeFields' | 'viewerAttributes' | 'access'>,
  user: Readonly<User>,
  type: number,
  moduleId: string,
): Promise<{ predicate: Predicate; fields: readonly ScopeField[] } | null> {
  if (user.isAdministrator === 1) return null;
  const access = await ctx.access.forUser(user);
  const menus = access.menus.filter((m) => m.type === type && menuModuleId(m.propertyJson) === moduleId);
  if (menus.length === 0) return null;
  const parts: Predicate[] = [];
  let fields: readonly ScopeField[] = [];
  for (const m of menus) {
    const p = await menuScope(ctx, user, m.enCode);
    if (!p) return null;
    parts.push(p);
    fields =
      (await ctx.scopeFields({ id: m.id, enCode: m.enCode, type: m.type, propertyJson: m.propertyJson })) ??
      fields;
  }
  return { predicate: combine('or', parts), fields };
}

/**
 * What `user` may see of a published report's rows (the interface's answer, filtered in memory
 * with rowInScope before sorting and paging, so the table, its total, the chart and the export
 * agree), or null when nothing restricts them.
 */
export async function reportScope(
  ctx: Pick<AppContext, 'db' | 'scopeFields' | 'viewerAttributes' | 'access'>,
  user: Readonly<User>,
  reportId: string,
): Promise<Predicate | null> {
  return (await publishedScope(ctx, user, REPORT_MENU_TYPE, reportId))?.predicate ?? null;
}
