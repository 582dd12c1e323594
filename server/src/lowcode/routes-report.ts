/**
 * Data reports (menu type 5, spec §2): a published query over a data interface (the existing SQL
 * or HTTP interfaces, system/data-interface-run.ts) shown as a table and an echarts chart, with the
 * report's filters, sorting and export.
 *
 * - `/api/visualdev/Report` (the design menu onlineDev.webDesign, with its buttons): list, create,
 *   read, update, delete (refused while a menu shows the report, saying which), release (design
 *   menu + btn_release: a type-5 menu under the chosen directory, with btn_download and the report's
 *   columns in the permission catalogue).
 * - `GET Report/{id}/Config` and `GET Report/{id}/Data`: for holders of a page showing the report
 *   (its columns by the column grants), or designers previewing (`preview=1`, every column). Data
 *   runs the interface with the filters, keeps the rows the caller's data permissions allow (the
 *   page's schemes over the report's columns, lowcode/scope.ts), then sorts and pages them.
 */
import type { FastifyInstance } from 'fastify';
import {
  interfaceRows,
  normalizeReportConfig,
  reportConfigProblem,
  sortReportRows,
  type ReportConfig,
} from '@lighting/shared/formcore';
import { authOf, type AppContext } from '../context';
import type { User } from '../system';
import { ApiError, Code, badRequest, ok, page } from '../http/envelope';
import { hasPermission, requirePermission } from '../auth';
import { NO_BODY } from '../http/route-table';
import { typed } from '../http/typed';
import { keywordQuery, pagingQuery } from '../http/validation';
import {
  assertUniqueCode,
  descriptionField,
  enCodeField,
  fullNameField,
  idParams,
  newId,
  parentIdField,
  rowInScope,
  sortCodeField,
} from '../kernel';
import { parseParams, runDataInterface } from '../system';
import { DESIGN_MENU, REPORT_MENU_TYPE } from './access';
import { assertReleaseParent, menuOfModule, putInMenu, releaseBodySchema, type ReleaseBody } from './publish';
import { RELEASE_BUTTON } from './routes-base';
import { menuModuleId, parseJsonField, reportFilterValues } from './rules';
import { reportScope } from './scope';
import {
  deleteReport,
  insertReport,
  loadReport,
  markReportReleased,
  pageReports,
  reportInterface,
  updateReport,
} from './report-store';
import { answers } from '../http/response';
import { LOWCODE_ANSWERS } from './responses';

const REPORT = '/api/visualdev/Report';
export const REPORT_PREFIX = 'dynamicModel/report/';
export const REPORT_ICON = 'icon-ym icon-ym-report';
export const REPORT_CONFIG_MAX = 64_000;
/** Rows a report answer may hold (an HTTP interface may answer more than SQL's 500). */
export const REPORT_ROWS_MAX = 5_000;

const reportBody = {
  type: 'object',
  required: ['fullName', 'enCode', 'dataInterfaceId', 'config'],
  additionalProperties: false,
  properties: {
    fullName: fullNameField,
    enCode: enCodeField,
    dataInterfaceId: parentIdField,
    /** JSON text: columns, filters, chart, default sort (formcore/report.ts) */
    config: { type: 'string', minLength: 2, maxLength: REPORT_CONFIG_MAX },
    description: descriptionField,
    sortCode: sortCodeField,
  },
} as const;

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'config' | 'access' | 'scopeFields' | 'viewerAttributes'>;

/** Who may read a report: a page (type-5 menu) showing it; designers through the design menu. */
async function reportMenus(ctx: Ctx, user: Readonly<User>, reportId: string) {
  const access = await ctx.access.forUser(user);
  const menus = access.menus.filter(
    (m) => m.type === REPORT_MENU_TYPE && menuModuleId(m.propertyJson) === reportId,
  );
  return { access, menus };
}

/** The report's columns `user` may see (null: all), or a 403 when they may not read it at all. */
async function readableColumns(
  ctx: Ctx,
  user: Readonly<User>,
  r: { id: string; fullName: string },
  preview: boolean,
): Promise<ReadonlySet<string> | null> {
  if (user.isAdministrator === 1) return null;
  if (preview) {
    if (await hasPermission(ctx, user, DESIGN_MENU)) return null;
  } else {
    const { access, menus } = await reportMenus(ctx, user, r.id);
    if (menus.length) {
      const ids = new Set(menus.map((m) => m.id));
      return new Set(access.columns.filter((c) => ids.has(c.menuId)).map((c) => c.enCode));
    }
  }
  throw new ApiError(Code.FORBIDDEN, `权限不足: 无权查看报表「${r.fullName}」`);
}

export function registerReportRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;
  const db = ctx.db;

  const load = (id: string) => loadReport(db, id);
  const interfaceOf = (id: string) => reportInterface(db, id);
  /** A body checked: the interface exists, the config fits it, the code is free. */
  const checked = async (
    b: {
      fullName: string;
      enCode: string;
      dataInterfaceId: string;
      config: string;
      description?: string;
      sortCode?: number;
    },
    selfId?: string,
  ) => {
    await assertUniqueCode(db, 'lowcode_report', b.enCode, { exceptId: selfId });
    const di = await interfaceOf(b.dataInterfaceId);
    const parsed = parseJsonField(b.config, 'config');
    if (!parsed.ok) throw badRequest(parsed.message);
    const cfg = normalizeReportConfig(parsed.value);
    const problem = reportConfigProblem(
      cfg,
      parseParams(di.requestParameters).map((p) => p.field),
    );
    if (problem) throw badRequest(problem);
    return {
      fullName: b.fullName.trim(),
      enCode: b.enCode,
      dataInterfaceId: di.id,
      config: JSON.stringify(cfg),
      description: b.description ?? '',
      sortCode: b.sortCode ?? 0,
    };
  };

  r.get(
    REPORT,
    {
      onRequest: requirePermission({ menu: DESIGN_MENU }),
      schema: {
        querystring: { type: 'object', properties: { keyword: keywordQuery, ...pagingQuery } },
        response: answers(LOWCODE_ANSWERS.reports),
      } as const,
    },
    async (req) => {
      const { list, pagination } = await pageReports(db, req.query);
      return page(
        list.map(({ createdAt, ...x }) => ({ ...x, creatorTime: Number(createdAt) })),
        pagination,
      );
    },
  );

  r.get(
    `${REPORT}/:id`,
    {
      onRequest: requirePermission({ menu: DESIGN_MENU }),
      schema: { params: idParams, response: answers(LOWCODE_ANSWERS.report) } as const,
    },
    async (req) => {
      const rep = await load(req.params.id);
      const menu = await menuOfModule(db, rep.id, REPORT_MENU_TYPE);
      return ok({
        ...rep,
        createdAt: Number(rep.createdAt),
        releaseMenu: menu ? { ...menu, parentId: menu.parentId ?? '-1' } : null,
      });
    },
  );

  r.post(
    REPORT,
    {
      onRequest: requirePermission({ menu: DESIGN_MENU, button: 'btn_add' }),
      schema: { body: reportBody, response: answers(LOWCODE_ANSWERS.withId) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const v = await checked(req.body);
      const id = newId();
      await insertReport(db, { id, ...v, createdAt: ctx.clock(), createdBy: user.id });
      return ok({ id }, '新建成功');
    },
  );

  r.put(
    `${REPORT}/:id`,
    {
      onRequest: requirePermission({ menu: DESIGN_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: reportBody, response: answers(LOWCODE_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const rep = await load(req.params.id);
      const v = await checked(req.body, rep.id);
      await updateReport(db, rep.id, { ...v, updatedAt: ctx.clock(), updatedBy: user.id });
      return ok(null, '更新成功');
    },
  );

  r.delete(
    `${REPORT}/:id`,
    {
      onRequest: requirePermission({ menu: DESIGN_MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY, response: answers(LOWCODE_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const rep = await load(req.params.id);
      const menu = await menuOfModule(db, rep.id, REPORT_MENU_TYPE);
      if (menu) throw badRequest(`id: 报表已发布到菜单「${menu.fullName}」，不能删除`);
      await deleteReport(db, rep.id);
      return ok(null, '删除成功');
    },
  );

  r.post(
    `${REPORT}/:id/Actions/Release`,
    {
      onRequest: requirePermission({ menu: DESIGN_MENU, button: RELEASE_BUTTON }),
      schema: {
        params: idParams,
        body: releaseBodySchema,
        response: answers(LOWCODE_ANSWERS.reportReleased),
      } as const,
    },
    async (req) => {
      const rep = await load(req.params.id);
      await assertReleaseParent(db, req.body.parentId);
      const result = await db.transaction().execute((trx) => releaseReport(trx, rep, req.body));
      await ctx.invalidateAccess();
      return ok({ menuId: result.menuId }, '发布成功');
    },
  );

  const viewer = async (req: { query: { preview?: number } }, user: Readonly<User>, id: string) => {
    const rep = await load(id);
    const columns = await readableColumns(ctx, user, rep, req.query.preview === 1);
    const cfg = normalizeReportConfig(rep.config);
    const shown: ReportConfig = {
      ...cfg,
      columns: cfg.columns.filter((c) => !columns || columns.has(c.prop)),
    };
    return { rep, cfg: shown };
  };
  const previewQuery = { preview: { type: 'integer', enum: [0, 1] } } as const;

  r.get(
    `${REPORT}/:id/Config`,
    {
      config: {
        open: 'checked in the handler: a page (type-5 menu) showing the report, or the design menu with preview=1',
      },
      schema: {
        params: idParams,
        querystring: { type: 'object', properties: previewQuery },
        response: answers(LOWCODE_ANSWERS.reportConfig),
      } as const,
    },
    async (req) => {
      const { rep, cfg } = await viewer(req, authOf(req).user, req.params.id);
      return ok({ id: rep.id, fullName: rep.fullName, enCode: rep.enCode, config: cfg });
    },
  );

  r.get(
    `${REPORT}/:id/Data`,
    {
      config: {
        open: 'checked in the handler: a page (type-5 menu) showing the report, or the design menu with preview=1',
      },
      schema: {
        params: idParams,
        querystring: {
          type: 'object',
          properties: {
            ...previewQuery,
            ...pagingQuery,
            /** `{ param: value }` of the report's filters, as JSON text */
            queryJson: { type: 'string', maxLength: 4000 },
            sidx: { type: 'string', maxLength: 64, 'x-text': 'line' },
            sort: { enum: ['asc', 'desc'] },
          },
        },
        response: answers(LOWCODE_ANSWERS.reportData),
      } as const,
    },
    async (req) => {
      const q = req.query;
      const { rep, cfg } = await viewer(req, authOf(req).user, req.params.id);
      let values: Record<string, string> = {};
      if (q.queryJson) {
        const parsed = parseJsonField(q.queryJson, 'queryJson');
        if (!parsed.ok) throw badRequest(parsed.message);
        const filled = reportFilterValues(parsed.value, cfg.filters);
        if (!filled.ok) throw badRequest(filled.message);
        values = filled.values;
      }
      if (q.sidx && !cfg.columns.some((c) => c.prop === q.sidx && c.sortable))
        throw badRequest(`sidx: "${q.sidx}" 不能排序`);
      const di = await interfaceOf(rep.dataInterfaceId);
      if (di.enabledMark !== 1) throw badRequest('dataInterfaceId: 数据接口已停用');
      const answer = await runDataInterface(ctx, di, values);
      // data permissions: a designer's preview sees every row; a page's holder what its schemes allow
      const scope = q.preview === 1 ? null : await reportScope(ctx, authOf(req).user, rep.id);
      const rows = interfaceRows(di.dataType === 1 ? answer : (answer as { data?: unknown }).data)
        .filter((x): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x))
        .slice(0, REPORT_ROWS_MAX)
        .filter((row) => !scope || rowInScope(scope, row));
      const sidx = q.sidx || cfg.defaultSidx;
      const sorted = sidx
        ? sortReportRows(rows, sidx, q.sidx ? (q.sort ?? 'asc') : (cfg.sort ?? 'desc'))
        : rows;
      const start = (q.currentPage - 1) * q.pageSize;
      const props = cfg.columns.map((c) => c.prop);
      const list = sorted
        .slice(start, start + q.pageSize)
        .map((row) => Object.fromEntries(props.map((p) => [p, row[p] ?? null])));
      return page(list, { currentPage: q.currentPage, pageSize: q.pageSize, total: sorted.length });
    },
  );
}

/** Releases a report under the directory `b.parentId`, in `trx` (routes and the seed). */
export async function releaseReport(
  trx: AppContext['db'],
  rep: { id: string; fullName: string; enCode: string; config: string },
  b: ReleaseBody,
): Promise<{ menuId: string; created: boolean }> {
  const cfg = normalizeReportConfig(rep.config);
  await markReportReleased(trx, rep.id);
  return putInMenu(trx, {
    moduleId: rep.id,
    type: REPORT_MENU_TYPE,
    fullName: rep.fullName,
    defaultCode: `dynamicModel.report.${rep.enCode}`.slice(0, 50).replace(/\.+$/, ''),
    urlAddress: `${REPORT_PREFIX}${rep.enCode}`,
    icon: REPORT_ICON,
    body: b,
    buttons: [{ enCode: 'btn_download', fullName: '导出' }],
    columns: cfg.columns.map((c) => ({ enCode: c.prop, fullName: c.label.slice(0, 50) || c.prop })),
  });
}
