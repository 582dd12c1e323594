/**
 * /api/system/Permission/Organize (companies, menu permission.organize), Organize/Department
 * (departments, menu permission.department) and Position (menu permission.position).
 * Companies and departments are rows of one `organize` tree (category company | department).
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, ok, page } from '../http/envelope';
import { typed } from '../http/typed';
import { answers } from '../http/response';
import { SYSTEM_ANSWERS } from './responses';
import { OPEN, NO_BODY } from '../http/route-table';
import { requirePermission } from '../auth';
import { registerSaveRoutes } from './save-routes';
import { keywordQuery, pagingQuery } from '../http/validation';
import {
  assertRefs,
  refId,
  requireRef,
  EMPTY_QUERY,
  assertUniqueCode,
  countWhere,
  descriptionField,
  enabledField,
  enCodeField,
  fullNameField,
  idParams,
  optionalId,
  parentIdField,
  sortCodeField,
  storedParent,
  buildTree,
  subtreeIds,
  withAncestors,
  toggleState,
} from '../kernel';
import {
  allOrgs as allOrgRows,
  deleteOrg,
  deletePosition,
  enabledPositions,
  isDistrictName,
  loadOrg as loadOrgRow,
  loadPosition,
  orgPlaces,
  pagePositions,
  positionOptions,
  POSITION_SORTS,
  type OrgRow,
} from './organize-store';
import { departmentsUnder } from './rules';

const BASE = '/api/system/Permission';
const ORG_MENU = 'permission.organize';
const DEPT_MENU = 'permission.department';
const POS_MENU = 'permission.position';

interface OrgBody {
  parentId?: string;
  fullName: string;
  enCode: string;
  managerId?: string | null;
  /** the district it looks after (a name of the 行政区 dictionary): data permissions' `@district` */
  district?: string | null;
  sortCode?: number;
  enabledMark?: number;
}

const orgBody = (parentRequired: boolean) =>
  ({
    type: 'object',
    required: parentRequired ? ['parentId', 'fullName', 'enCode'] : ['fullName', 'enCode'],
    additionalProperties: false,
    properties: {
      parentId: parentIdField,
      fullName: fullNameField,
      enCode: enCodeField,
      managerId: optionalId,
      district: { type: ['string', 'null'], maxLength: 50 },
      sortCode: sortCodeField,
      enabledMark: enabledField,
      category: { type: 'string', enum: ['company'] },
    },
  }) as const;

export function registerOrganizeRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;

  const allOrgs = () => allOrgRows(ctx.db);

  const node = ({ createdAt, manager, ...o }: OrgRow) => ({
    ...o,
    manager: manager ?? '',
    creatorTime: createdAt,
    type: o.category,
    icon:
      o.category === 'company' ? 'icon-ym icon-ym-tree-organization3' : 'icon-ym icon-ym-tree-department1',
  });

  const matches = (kw: string | undefined) => (o: OrgRow) =>
    !kw ||
    o.fullName.toLowerCase().includes(kw.toLowerCase()) ||
    o.enCode.toLowerCase().includes(kw.toLowerCase());

  const loadOrg = (id: string, category: 'company' | 'department') => loadOrgRow(ctx.db, id, category);

  /** Checks parent (exists, right kind, not inside the row's own subtree) and manager. */
  async function checkRefs(b: OrgBody, category: 'company' | 'department', selfId?: string) {
    const parentId = storedParent(b.parentId);
    if (category === 'department' && !parentId) throw badRequest('parentId: 请选择上级组织或部门');
    await assertRefs(ctx.db, [
      { field: 'parentId', table: 'organize', id: parentId, what: '上级' },
      { field: 'managerId', table: 'user', id: b.managerId, what: '用户' },
    ]);
    if (parentId) {
      const rows = await orgPlaces(ctx.db);
      const parent = requireRef(
        rows.find((r) => r.id === parentId),
        'parentId',
        '上级',
      );
      if (category === 'company' && parent.category !== 'company')
        throw badRequest('parentId: 组织的上级必须是组织');
      if (selfId && subtreeIds(rows, selfId).has(parentId))
        throw badRequest('parentId: 上级不能是自己或下级');
    }
    await assertUniqueCode(ctx.db, 'organize', b.enCode, { exceptId: selfId });
    const district = b.district?.trim() || null;
    if (district && !(await isDistrictName(ctx.db, district)))
      throw badRequest(`district: 不是行政区字典中的区: ${district}`);
    return {
      parentId,
      fullName: b.fullName,
      enCode: b.enCode,
      managerId: refId(b.managerId),
      // absent on a client that does not know it (JNPF 3.x): kept as it is
      ...(b.district !== undefined ? { district } : {}),
      sortCode: b.sortCode ?? 0,
      enabledMark: b.enabledMark ?? 1,
    };
  }

  async function refuseReferenced(id: string, what: string): Promise<void> {
    const children = await countWhere(ctx.db, 'organize', 'parentId', id);
    if (children) throw badRequest(`该${what}下有 ${children} 个下级组织或部门，不能删除`);
    const users = await countWhere(ctx.db, 'user', 'organizeId', id);
    if (users) throw badRequest(`该${what}下有 ${users} 个用户，不能删除`);
    const positions = await countWhere(ctx.db, 'position', 'organizeId', id);
    if (positions) throw badRequest(`该${what}下有 ${positions} 个岗位，不能删除`);
  }

  /* ---------------- organisations (companies) ---------------- */

  r.get(
    `${BASE}/Organize`,
    {
      onRequest: requirePermission({ menu: ORG_MENU }),
      schema: {
        querystring: { type: 'object', properties: { keyword: keywordQuery } },
        response: answers(SYSTEM_ANSWERS.organizeTree),
      } as const,
    },
    async (req) => {
      const companies = (await allOrgs()).filter((o) => o.category === 'company');
      return ok({ list: buildTree(withAncestors(companies, matches(req.query.keyword)).map(node)) });
    },
  );

  r.get(
    `${BASE}/Organize/Selector`,
    {
      config: { open: OPEN.names },
      schema: {
        querystring: { type: 'object', properties: { id: { type: 'string', maxLength: 64 } } },
        response: answers(SYSTEM_ANSWERS.organizeTree),
      } as const,
    },
    async (req) => {
      const rows = await allOrgs();
      const skip = req.query.id ? subtreeIds(rows, req.query.id) : new Set<string>();
      return ok({
        list: buildTree(
          rows.filter((o) => o.category === 'company' && o.enabledMark === 1 && !skip.has(o.id)).map(node),
        ),
      });
    },
  );

  r.get(
    `${BASE}/Organize/Tree`,
    {
      config: { open: OPEN.names },
      schema: { ...EMPTY_QUERY, response: answers(SYSTEM_ANSWERS.organizeTree) },
    },
    async () => ok({ list: buildTree((await allOrgs()).filter((o) => o.enabledMark === 1).map(node)) }),
  );

  registerSaveRoutes(app, {
    path: `${BASE}/Organize`,
    menu: ORG_MENU,
    table: 'organize',
    body: orgBody(false),
    check: (b: OrgBody, exceptId?: string) => checkRefs(b, 'company', exceptId),
    load: (id) => loadOrg(id, 'company'),
    created: () => ({ category: 'company', createdAt: ctx.clock() }),
    after: () => ctx.invalidateAccess(),
  });

  r.get(
    `${BASE}/Organize/:id`,
    {
      onRequest: requirePermission({ menu: ORG_MENU }),
      schema: { params: idParams, response: answers(SYSTEM_ANSWERS.organize) } as const,
    },
    async (req) => {
      const { createdAt, ...o } = await loadOrg(req.params.id, 'company');
      return ok({ ...o, parentId: o.parentId ?? '-1', creatorTime: createdAt });
    },
  );

  r.delete(
    `${BASE}/Organize/:id`,
    {
      onRequest: requirePermission({ menu: ORG_MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const row = await loadOrg(req.params.id, 'company');
      await refuseReferenced(row.id, '组织');
      await deleteOrg(ctx.db, row.id);
      return ok(null, '删除成功');
    },
  );

  // enabledMark as the JNPF 3.x list's switch toggles it (src/api/permission/*.js update…State)
  r.put(
    `${BASE}/Organize/:id/Actions/State`,
    {
      onRequest: requirePermission({ menu: ORG_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.state) } as const,
    },
    async (req) => {
      const row = await loadOrg(req.params.id, 'company');
      const enabledMark = await toggleState(ctx.db, 'organize', row.id);
      await ctx.invalidateAccess();
      return ok({ enabledMark: enabledMark === 0 ? (0 as const) : (1 as const) }, '更新成功');
    },
  );

  /* ---------------- departments ---------------- */

  r.get(
    `${BASE}/Organize/:id/Department`,
    {
      onRequest: requirePermission({ menu: DEPT_MENU }),
      schema: {
        params: idParams,
        querystring: { type: 'object', properties: { keyword: keywordQuery } },
        response: answers(SYSTEM_ANSWERS.departments),
      } as const,
    },
    async (req) => {
      const rows = await allOrgs();
      // Departments reachable from the company without passing through another company.
      const under = departmentsUnder(rows, req.params.id);
      const list = withAncestors(under, matches(req.query.keyword)).map((r) => ({
        ...node(r),
        parentId: r.parentId === req.params.id ? '-1' : (r.parentId ?? '-1'),
        organizeId: req.params.id,
      }));
      return ok({ list: buildTree(list) });
    },
  );

  r.get(
    `${BASE}/Organize/Department/Selector`,
    {
      config: { open: OPEN.names },
      schema: {
        querystring: { type: 'object', properties: { id: { type: 'string', maxLength: 64 } } },
        response: answers(SYSTEM_ANSWERS.organizeTree),
      } as const,
    },
    async (req) => {
      const rows = await allOrgs();
      const skip = req.query.id ? subtreeIds(rows, req.query.id) : new Set<string>();
      return ok({ list: buildTree(rows.filter((o) => o.enabledMark === 1 && !skip.has(o.id)).map(node)) });
    },
  );

  registerSaveRoutes(app, {
    path: `${BASE}/Organize/Department`,
    menu: DEPT_MENU,
    table: 'organize',
    body: orgBody(true),
    check: (b: OrgBody, exceptId?: string) => checkRefs(b, 'department', exceptId),
    load: (id) => loadOrg(id, 'department'),
    created: () => ({ category: 'department', createdAt: ctx.clock() }),
    after: () => ctx.invalidateAccess(),
  });

  r.get(
    `${BASE}/Organize/Department/:id`,
    {
      onRequest: requirePermission({ menu: DEPT_MENU }),
      schema: { params: idParams, response: answers(SYSTEM_ANSWERS.organize) } as const,
    },
    async (req) => {
      const { createdAt, ...o } = await loadOrg(req.params.id, 'department');
      return ok({ ...o, parentId: o.parentId ?? '-1', creatorTime: createdAt });
    },
  );

  r.delete(
    `${BASE}/Organize/Department/:id`,
    {
      onRequest: requirePermission({ menu: DEPT_MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const row = await loadOrg(req.params.id, 'department');
      await refuseReferenced(row.id, '部门');
      await deleteOrg(ctx.db, row.id);
      return ok(null, '删除成功');
    },
  );

  // enabledMark as the JNPF 3.x list's switch toggles it (src/api/permission/*.js update…State)
  r.put(
    `${BASE}/Organize/Department/:id/Actions/State`,
    {
      onRequest: requirePermission({ menu: DEPT_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.state) } as const,
    },
    async (req) => {
      const row = await loadOrg(req.params.id, 'department');
      const enabledMark = await toggleState(ctx.db, 'organize', row.id);
      await ctx.invalidateAccess();
      return ok({ enabledMark: enabledMark === 0 ? (0 as const) : (1 as const) }, '更新成功');
    },
  );

  /* ---------------- positions ---------------- */

  interface PosBody {
    fullName: string;
    enCode: string;
    organizeId: string;
    sortCode?: number;
    enabledMark?: number;
    description?: string;
  }
  const posBody = {
    type: 'object',
    required: ['fullName', 'enCode', 'organizeId'],
    additionalProperties: false,
    properties: {
      fullName: fullNameField,
      enCode: enCodeField,
      organizeId: parentIdField,
      sortCode: sortCodeField,
      enabledMark: enabledField,
      description: descriptionField,
    },
  } as const;

  r.get(
    `${BASE}/Position`,
    {
      onRequest: requirePermission({ menu: POS_MENU }),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            keyword: keywordQuery,
            organizeId: { type: 'string', maxLength: 64 },
            ...pagingQuery,
            sidx: { type: 'string', enum: [...POSITION_SORTS, ''] },
            sort: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
          },
        },
        response: answers(SYSTEM_ANSWERS.positions),
      } as const,
    },
    async (req) => {
      const q = req.query;
      const organizeIds = q.organizeId ? [...subtreeIds(await orgPlaces(ctx.db), q.organizeId)] : null;
      const { list, pagination } = await pagePositions(ctx.db, q, organizeIds);
      return page(
        list.map(({ createdAt, ...r }) => ({
          ...r,
          organize: r.organize ?? '',
          userCount: Number(r.userCount ?? 0),
          creatorTime: createdAt,
        })),
        pagination,
      );
    },
  );

  r.get(
    `${BASE}/Position/All`,
    {
      config: { open: OPEN.codes },
      schema: { ...EMPTY_QUERY, response: answers(SYSTEM_ANSWERS.positionOptions) },
    },
    async () => {
      const list = await enabledPositions(ctx.db);
      return ok({ list: list.map((p) => ({ ...p, organize: p.organize ?? '' })) });
    },
  );

  r.get(
    `${BASE}/Position/Selector`,
    {
      config: { open: OPEN.codes },
      schema: { ...EMPTY_QUERY, response: answers(SYSTEM_ANSWERS.positionTree) },
    },
    async () => {
      const orgs = (await allOrgs()).filter((o) => o.enabledMark === 1).map(node);
      const positions = await positionOptions(ctx.db);
      const list = [
        ...orgs,
        ...positions.map((p) => ({
          id: p.id,
          parentId: p.organizeId,
          fullName: p.fullName,
          enCode: p.enCode,
          sortCode: p.sortCode,
          type: 'position',
          icon: 'icon-ym icon-ym-tree-position1',
        })),
      ];
      return ok({ list: buildTree(list) });
    },
  );

  const checkPos = async (b: PosBody, selfId?: string) => {
    await assertRefs(ctx.db, [{ field: 'organizeId', table: 'organize', id: b.organizeId, what: '组织' }]);
    await assertUniqueCode(ctx.db, 'position', b.enCode, { exceptId: selfId });
    return {
      fullName: b.fullName,
      enCode: b.enCode,
      organizeId: b.organizeId,
      sortCode: b.sortCode ?? 0,
      enabledMark: b.enabledMark ?? 1,
      description: b.description ?? '',
    };
  };
  const loadPos = (id: string) => loadPosition(ctx.db, id);

  registerSaveRoutes(app, {
    path: `${BASE}/Position`,
    menu: POS_MENU,
    table: 'position',
    body: posBody,
    check: checkPos,
    load: loadPos,
    created: () => ({ createdAt: ctx.clock() }),
    after: () => ctx.invalidateAccess(),
  });

  r.get(
    `${BASE}/Position/:id`,
    {
      onRequest: requirePermission({ menu: POS_MENU }),
      schema: { params: idParams, response: answers(SYSTEM_ANSWERS.position) } as const,
    },
    async (req) => {
      const { createdAt, ...p } = await loadPos(req.params.id);
      return ok({ ...p, creatorTime: createdAt });
    },
  );

  r.delete(
    `${BASE}/Position/:id`,
    {
      onRequest: requirePermission({ menu: POS_MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const row = await loadPos(req.params.id);
      const users = await countWhere(ctx.db, 'user', 'positionId', row.id);
      if (users) throw badRequest(`该岗位下有 ${users} 个用户，不能删除`);
      await deletePosition(ctx.db, row.id);
      await ctx.invalidateAccess();
      return ok(null, '删除成功');
    },
  );

  // enabledMark as the JNPF 3.x list's switch toggles it (src/api/permission/*.js update…State)
  r.put(
    `${BASE}/Position/:id/Actions/State`,
    {
      onRequest: requirePermission({ menu: POS_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.state) } as const,
    },
    async (req) => {
      const row = await loadPos(req.params.id);
      const enabledMark = await toggleState(ctx.db, 'position', row.id);
      await ctx.invalidateAccess();
      return ok({ enabledMark: enabledMark === 0 ? (0 as const) : (1 as const) }, '更新成功');
    },
  );
}
