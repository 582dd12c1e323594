/** /api/system/Base: Area (menu system.area) and DictionaryType / DictionaryData (menu systemData.dictionary). */
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../http/envelope';
import { typed } from '../http/typed';
import { OPEN, NO_BODY } from '../http/route-table';
import { requirePermission } from '../auth';
import { registerSaveRoutes } from './save-routes';
import { answers } from '../http/response';
import { SYSTEM_ANSWERS, asFlag } from './responses';
import { keywordQuery } from '../http/validation';
import {
  assertRefs,
  EMPTY_QUERY,
  assertUniqueCode,
  countWhere,
  descriptionField,
  enabledField,
  enCodeField,
  fullNameField,
  idParams,
  parentIdField,
  sortCodeField,
  storedParent,
  toggleState,
  buildTree,
  subtreeIds,
  withAncestors,
} from '../kernel';
import {
  bumpDictionaryVersion,
  checkDictionaryItem,
  currentDictionaryVersion,
  dataBody,
  dictionaryItemsOf,
  type DataBody,
} from './dictionary-items';
import {
  allDictionaryTypes,
  deleteDictionaryItem,
  deleteDictionaryType,
  dictionaryTypeOf,
  dictionaryTypePlaces,
  enabledDictionaries,
  enabledItemOptions,
  enabledItems,
  loadDictionaryItem,
  loadDictionaryType,
} from './dictionary-store';
import {
  areaPlaces,
  areasWithChildren,
  childAreas,
  deleteArea,
  enabledChildAreas,
  loadArea as loadAreaRow,
} from './area-store';
import { dictionaryCache } from './rules';

const BASE = '/api/system/Base';
const AREA_MENU = 'system.area';
const DICT_MENU = 'systemData.dictionary';

const keywordOnly = { querystring: { type: 'object', properties: { keyword: keywordQuery } } } as const;

export function registerBaseRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;

  /* ---------------- areas ---------------- */

  interface AreaBody {
    parentId: string;
    fullName: string;
    enCode: string;
    type?: number;
    sortCode?: number;
    enabledMark?: number;
  }
  const areaBody = {
    type: 'object',
    required: ['parentId', 'fullName', 'enCode'],
    additionalProperties: false,
    properties: {
      parentId: parentIdField,
      fullName: fullNameField,
      enCode: enCodeField,
      type: { type: 'integer', enum: [1, 2, 3, 4] },
      sortCode: sortCodeField,
      enabledMark: enabledField,
    },
  } as const;

  const withChildFlag = async <T extends { id: string; createdAt: number }>(rows: T[]) => {
    const parents = await areasWithChildren(
      ctx.db,
      rows.map((r) => r.id),
    );
    return rows.map(({ createdAt, ...r }) => ({
      ...r,
      creatorTime: createdAt,
      hasChildren: parents.has(r.id),
      isLeaf: !parents.has(r.id),
    }));
  };

  const loadArea = (id: string) => loadAreaRow(ctx.db, id);

  r.get(
    `${BASE}/Area/:id/Selector`,
    {
      config: { open: OPEN.codes },
      schema: {
        params: idParams,
        querystring: { type: 'object' },
        response: answers(SYSTEM_ANSWERS.areas),
      } as const,
    },
    async (req) => {
      const rows = await enabledChildAreas(ctx.db, req.params.id);
      return ok({ list: await withChildFlag(rows) });
    },
  );

  r.get(
    `${BASE}/Area/:id/Info`,
    {
      onRequest: requirePermission({ menu: AREA_MENU }),
      schema: { params: idParams, response: answers(SYSTEM_ANSWERS.area) } as const,
    },
    async (req) => {
      const { createdAt, ...a } = await loadArea(req.params.id);
      return ok({ ...a, creatorTime: createdAt });
    },
  );

  r.get(
    `${BASE}/Area/:id`,
    {
      onRequest: requirePermission({ menu: AREA_MENU }),
      schema: { params: idParams, ...keywordOnly, response: answers(SYSTEM_ANSWERS.areas) } as const,
    },
    async (req) => {
      const rows = await childAreas(ctx.db, req.params.id, req.query.keyword);
      return ok({ list: await withChildFlag(rows) });
    },
  );

  const checkArea = async (b: AreaBody, selfId?: string) => {
    if (b.parentId !== '-1') {
      await assertRefs(ctx.db, [{ field: 'parentId', table: 'area', id: b.parentId, what: '上级区划' }]);
      const rows = await areaPlaces(ctx.db);
      if (selfId && subtreeIds(rows, selfId).has(b.parentId))
        throw badRequest('parentId: 上级不能是自己或下级');
    }
    await assertUniqueCode(ctx.db, 'area', b.enCode, { exceptId: selfId });
    return {
      parentId: b.parentId,
      fullName: b.fullName,
      enCode: b.enCode,
      type: b.type ?? 4,
      sortCode: b.sortCode ?? 0,
      enabledMark: b.enabledMark ?? 1,
    };
  };

  registerSaveRoutes(app, {
    path: `${BASE}/Area`,
    menu: AREA_MENU,
    table: 'area',
    body: areaBody,
    check: checkArea,
    load: loadArea,
    created: () => ({ createdAt: ctx.clock() }),
  });

  r.delete(
    `${BASE}/Area/:id`,
    {
      onRequest: requirePermission({ menu: AREA_MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const a = await loadArea(req.params.id);
      const n = await countWhere(ctx.db, 'area', 'parentId', a.id);
      if (n) throw badRequest(`该区划下有 ${n} 个下级区划，不能删除`);
      await deleteArea(ctx.db, a.id);
      return ok(null, '删除成功');
    },
  );

  r.put(
    `${BASE}/Area/:id/Actions/State`,
    {
      onRequest: requirePermission({ menu: AREA_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.state) } as const,
    },
    async (req) => ok({ enabledMark: asFlag(await toggleState(ctx.db, 'area', req.params.id)) }, '更新成功'),
  );

  /* ---------------- dictionary types ---------------- */

  interface TypeBody {
    parentId?: string;
    fullName: string;
    enCode: string;
    isTree?: number;
    sortCode?: number;
    enabledMark?: number;
    description?: string;
  }
  const typeBody = {
    type: 'object',
    required: ['fullName', 'enCode'],
    additionalProperties: false,
    properties: {
      parentId: parentIdField,
      fullName: fullNameField,
      enCode: enCodeField,
      isTree: enabledField,
      sortCode: sortCodeField,
      enabledMark: enabledField,
      description: descriptionField,
    },
  } as const;

  const allTypes = () => allDictionaryTypes(ctx.db);
  const loadType = (id: string) => loadDictionaryType(ctx.db, id);
  const bump = bumpDictionaryVersion;

  r.get(
    `${BASE}/DictionaryType`,
    {
      onRequest: requirePermission({ menu: DICT_MENU }),
      schema: { ...keywordOnly, response: answers(SYSTEM_ANSWERS.dictionaryTypes) },
    },
    async (req) => {
      const kw = req.query.keyword?.toLowerCase();
      const rows = await allTypes();
      const kept = kw
        ? withAncestors(
            rows,
            (t) => t.fullName.toLowerCase().includes(kw) || t.enCode.toLowerCase().includes(kw),
          )
        : rows;
      return ok({ list: buildTree(kept) });
    },
  );

  r.get(
    `${BASE}/DictionaryType/Selector`,
    {
      config: { open: OPEN.codes },
      schema: { ...EMPTY_QUERY, response: answers(SYSTEM_ANSWERS.dictionaryTypes) },
    },
    async () => ok({ list: buildTree((await allTypes()).filter((t) => t.enabledMark === 1)) }),
  );

  const checkType = async (b: TypeBody, selfId?: string) => {
    const parentId = storedParent(b.parentId);
    await assertRefs(ctx.db, [
      { field: 'parentId', table: 'dictionary_type', id: parentId, what: '上级分类' },
    ]);
    if (parentId) {
      const rows = await dictionaryTypePlaces(ctx.db);
      if (selfId && subtreeIds(rows, selfId).has(parentId))
        throw badRequest('parentId: 上级不能是自己或下级');
    }
    await assertUniqueCode(ctx.db, 'dictionary_type', b.enCode, { exceptId: selfId });
    return {
      parentId,
      fullName: b.fullName,
      enCode: b.enCode,
      isTree: b.isTree ?? 0,
      sortCode: b.sortCode ?? 0,
      enabledMark: b.enabledMark ?? 1,
      description: b.description ?? '',
    };
  };

  registerSaveRoutes(app, {
    path: `${BASE}/DictionaryType`,
    menu: DICT_MENU,
    table: 'dictionary_type',
    body: typeBody,
    check: checkType,
    load: loadType,
    after: bump,
  });

  r.get(
    `${BASE}/DictionaryType/:id`,
    {
      onRequest: requirePermission({ menu: DICT_MENU }),
      schema: { params: idParams, response: answers(SYSTEM_ANSWERS.dictionaryType) } as const,
    },
    async (req) => {
      const t = await loadType(req.params.id);
      return ok({ ...t, parentId: t.parentId ?? '-1' });
    },
  );

  r.delete(
    `${BASE}/DictionaryType/:id`,
    {
      onRequest: requirePermission({ menu: DICT_MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const t = await loadType(req.params.id);
      const data = await countWhere(ctx.db, 'dictionary_data', 'dictionaryTypeId', t.id);
      if (data) throw badRequest(`该字典分类下有 ${data} 条字典数据，不能删除`);
      const children = await countWhere(ctx.db, 'dictionary_type', 'parentId', t.id);
      if (children) throw badRequest(`该字典分类下有 ${children} 个下级分类，不能删除`);
      await deleteDictionaryType(ctx.db, t.id);
      bump();
      return ok(null, '删除成功');
    },
  );

  /* ---------------- dictionary data ---------------- */

  /** A type by id or by enCode. */
  const typeOf = (idOrCode: string) => dictionaryTypeOf(ctx.db, idOrCode);
  const loadData = (id: string) => loadDictionaryItem(ctx.db, id);

  r.get(
    `${BASE}/DictionaryData/Version`,
    {
      config: { open: OPEN.codes },
      schema: { ...EMPTY_QUERY, response: answers(SYSTEM_ANSWERS.dictionaryVersion) },
    },
    async () => ok({ version: currentDictionaryVersion() }),
  );

  r.get(
    `${BASE}/DictionaryData/:id/Data/Selector`,
    {
      config: { open: OPEN.codes },
      schema: {
        params: idParams,
        querystring: { type: 'object' },
        response: answers(SYSTEM_ANSWERS.dictionaryOptions),
      } as const,
    },
    async (req) => {
      const t = await typeOf(req.params.id);
      if (!t) throw notFound('字典分类不存在');
      const list = await enabledItemOptions(ctx.db, t.id);
      return ok({ list: list.map((d) => ({ ...d, parentId: d.parentId ?? '-1' })) });
    },
  );

  r.get(
    `${BASE}/DictionaryData/:id/Selector`,
    {
      config: { open: OPEN.codes },
      schema: {
        params: idParams,
        querystring: { type: 'object', properties: { id: { type: 'string', maxLength: 64 } } },
        response: answers(SYSTEM_ANSWERS.dictionaryItems),
      } as const,
    },
    async (req) => {
      const t = await typeOf(req.params.id);
      if (!t) throw notFound('字典分类不存在');
      const rows = await enabledItems(ctx.db, t.id);
      const skip = req.query.id ? subtreeIds(rows, req.query.id) : new Set<string>();
      return ok({ list: buildTree(rows.filter((r) => !skip.has(r.id))), isTree: t.isTree });
    },
  );

  r.get(
    `${BASE}/DictionaryData/:id/Info`,
    {
      onRequest: requirePermission({ menu: DICT_MENU }),
      schema: { params: idParams, response: answers(SYSTEM_ANSWERS.dictionaryItem) } as const,
    },
    async (req) => {
      const d = await loadData(req.params.id);
      return ok({ ...d, parentId: d.parentId ?? '-1' });
    },
  );

  r.get(
    `${BASE}/DictionaryData/:id`,
    {
      onRequest: requirePermission({ menu: DICT_MENU }),
      schema: {
        params: idParams,
        ...keywordOnly,
        response: answers(SYSTEM_ANSWERS.dictionaryItems),
      } as const,
    },
    async (req) => {
      const t = await typeOf(req.params.id);
      if (!t) throw notFound('字典分类不存在');
      return ok(await dictionaryItemsOf(ctx.db, t, req.query.keyword));
    },
  );

  registerSaveRoutes(app, {
    path: `${BASE}/DictionaryData`,
    menu: DICT_MENU,
    table: 'dictionary_data',
    body: dataBody,
    check: (b: DataBody, exceptId?: string) => checkDictionaryItem(ctx.db, b, exceptId),
    load: loadData,
    after: bump,
  });

  r.delete(
    `${BASE}/DictionaryData/:id`,
    {
      onRequest: requirePermission({ menu: DICT_MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const d = await loadData(req.params.id);
      const n = await countWhere(ctx.db, 'dictionary_data', 'parentId', d.id);
      if (n) throw badRequest(`该字典项下有 ${n} 个下级项，不能删除`);
      await deleteDictionaryItem(ctx.db, d.id);
      bump();
      return ok(null, '删除成功');
    },
  );

  r.put(
    `${BASE}/DictionaryData/:id/Actions/State`,
    {
      onRequest: requirePermission({ menu: DICT_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.state) } as const,
    },
    async (req) => {
      const enabledMark = await toggleState(ctx.db, 'dictionary_data', req.params.id);
      bump();
      return ok({ enabledMark: asFlag(enabledMark) }, '更新成功');
    },
  );

  // Every enabled dictionary with its items, for the client's dictionary cache (any signed-in user:
  // dictionary values are shown on every page that displays coded data).
  r.get(
    '/api/system/Base/DictionaryData/All',
    {
      config: { open: OPEN.codes },
      schema: { querystring: { type: 'object' }, response: answers(SYSTEM_ANSWERS.dictionaries) } as const,
    },
    async () => {
      const { types, data } = await enabledDictionaries(ctx.db);
      return ok({ list: dictionaryCache(types, data) });
    },
  );
}
