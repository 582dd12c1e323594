/** Map routes: repair orders (list, read, create from a fault, and the state actions). */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { paged } from '../db/paging';
import { assertRefs, requireRef } from '../kernel';
import { contains } from '../db/search';
import { badRequest, ok, page } from '../http/envelope';
import { requirePermission } from '../auth';
import { typed } from '../http/typed';
import { NO_BODY } from '../http/route-table';
import { keywordQuery, pagingQuery } from '../http/validation';
import {
  mapAssetChangeMessage,
  mapFaultChangeMessage,
  mapRepairOrderChangeMessage,
} from '../realtime/protocol';
import { allocateBillNumber } from '../system';
import { isLampKind, restoredStatus } from './city';
import {
  MAX_ESTIMATED_COST,
  OPEN_ORDER_STATES,
  ORDER_STATES,
  STATE_NOT_ALLOWED,
  costToCents,
  directDispatchRefusal,
  dueAtFor,
  nextState,
  type OrderAction,
} from './rules';
import { REPAIR_ORDER_RULE } from './seed';
import { REPAIR_APPROVAL_THRESHOLD, onFlowApproved, repairApprovals } from '../workflow';

import { BASE, MENU_FAULT, idParams, setAssetStatus, ORDER_COLUMNS } from './store';
import type { MapReads } from './reads';

/** An order's estimated cost in the create / update bodies: 元, ≥ 0, two decimals (checked by `cents`). */
const estimatedCostField = {
  type: ['number', 'null'],
  minimum: 0,
  maximum: MAX_ESTIMATED_COST,
} as const;

/** What a user writes on an order, in the create and update bodies alike. */
const orderTextFields = {
  title: { type: 'string', minLength: 1, maxLength: 200 },
  remark: { type: 'string', maxLength: 500 },
  estimatedCost: estimatedCostField,
} as const;

/** A stored order's cost (元, or null) as whole cents. */
const storedCents = (yuan: number | null): number | null => (yuan === null ? null : Math.round(yuan * 100));

/** The body's estimated cost as whole cents (null clears it); 400 naming the field when not a cost. */
function cents(v: number | null | undefined): number | null | undefined {
  if (v === undefined || v === null) return v;
  const c = costToCents(v);
  if (c === null) throw badRequest('estimatedCost: 预估费用须为不小于 0 的金额，最多两位小数');
  return c;
}

export function registerRepairOrderRoutes(app: FastifyInstance, m: MapReads): void {
  const r = typed(app);
  const { db, clock, push, faultSelect, faultOut, orderOut, withApproval, loadOrder, loadAsset } = m;
  /* ---------------- repair orders ---------------- */

  r.get(
    `${BASE}/repair-orders`,
    {
      onRequest: requirePermission({ menu: MENU_FAULT }),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pagingQuery,
            state: { type: 'string', enum: [...ORDER_STATES] },
            crewId: { type: 'string', minLength: 1, maxLength: 64 },
            district: { type: 'string', minLength: 1, maxLength: 50 },
            urgency: { type: 'integer', enum: [1, 2, 3] },
            assetId: { type: 'integer', minimum: 1 },
            keyword: keywordQuery,
          },
        },
      } as const,
    },
    async (req) => {
      const q = req.query;
      let base = db
        .selectFrom('work_order as o')
        .leftJoin('map_asset as a', 'a.objectid', 'o.assetId')
        .leftJoin('map_crew as c', 'c.id', 'o.crewId')
        .where('o.assetId', 'is not', null);
      if (q.state) base = base.where('o.state', '=', q.state);
      if (q.crewId) base = base.where('o.crewId', '=', q.crewId);
      if (q.district) base = base.where('o.district', '=', q.district);
      if (q.urgency) base = base.where('o.urgency', '=', q.urgency);
      if (q.assetId) base = base.where('o.assetId', '=', q.assetId);
      const kw = q.keyword?.trim();
      if (kw) {
        const like = `%${kw.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
        base = base.where((eb) =>
          eb.or([
            eb('o.billNo', 'like', sql<string>`${like} escape '\\'`),
            eb('o.title', 'like', sql<string>`${like} escape '\\'`),
            // the order of a fault a citizen reported, by the reference the citizen quotes
            eb.exists(
              eb
                .selectFrom('fault as kf')
                .select('kf.id')
                .whereRef('kf.id', '=', 'o.faultId')
                .where(contains('kf.sourceRef', kw)),
            ),
          ]),
        );
      }
      const { list, pagination } = await paged(base, q, (b) =>
        b.select(ORDER_COLUMNS).orderBy('o.createdAt', 'desc').orderBy('o.id', 'desc'),
      );
      return page(await withApproval(list.map(orderOut)), pagination);
    },
  );

  r.get(
    `${BASE}/repair-orders/:id`,
    { onRequest: requirePermission({ menu: MENU_FAULT }), schema: { params: idParams } as const },
    async (req) => ok(await loadOrder(req.params.id)),
  );

  r.post(
    `${BASE}/repair-orders`,
    {
      onRequest: requirePermission({ menu: MENU_FAULT, button: 'btn_add' }),
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            faultId: { type: 'string', minLength: 1, maxLength: 64 },
            assetId: { type: 'integer', minimum: 1 },
            urgency: { type: 'integer', enum: [1, 2, 3] },
            ...orderTextFields,
          },
        },
      } as const,
    },
    async (req) => {
      const b = req.body;
      if ((b.faultId === undefined) === (b.assetId === undefined))
        throw badRequest('faultId: give faultId or assetId');
      const costCents = cents(b.estimatedCost) ?? null;
      let assetId: number;
      let assetField: string;
      let urgency: number;
      let faultType = '';
      if (b.faultId !== undefined) {
        // a map fault (home's dashboard rows carry no asset and are not the map's)
        const f = requireRef(
          await db
            .selectFrom('fault')
            .selectAll()
            .where('id', '=', b.faultId)
            .where('assetId', 'is not', null)
            .executeTakeFirst(),
          'faultId',
          '故障',
        );
        if (f.closedAt !== null) throw badRequest('faultId: 故障已关闭');
        const open = await db
          .selectFrom('work_order')
          .select('id')
          .where('faultId', '=', f.id)
          .where('state', 'in', [...OPEN_ORDER_STATES])
          .executeTakeFirst();
        if (open) throw badRequest('faultId: 该故障已有未完成的维修工单');
        assetId = f.assetId ?? 0;
        assetField = 'faultId';
        urgency = b.urgency ?? f.urgency;
        faultType = f.faultType;
      } else {
        assetId = b.assetId ?? 0;
        assetField = 'assetId';
        urgency = b.urgency ?? 1;
      }
      const asset = await loadAsset(assetId, assetField);
      const now = clock();
      const id = `ro-${randomUUID()}`;
      await db.transaction().execute(async (trx) => {
        const billNo = await allocateBillNumber(trx, REPAIR_ORDER_RULE, now);
        await trx
          .insertInto('work_order')
          .values({
            id,
            billNo,
            title: b.title?.trim() || `${asset.district}${asset.road}${asset.code}${faultType || ''}维修`,
            district: asset.district,
            faultId: b.faultId ?? null,
            assetId: asset.objectid,
            urgency,
            state: 'pending',
            crewId: null,
            createdAt: now,
            dueAt: dueAtFor(urgency, now),
            dispatchedAt: null,
            startedAt: null,
            completedAt: null,
            verifiedAt: null,
            remark: (b.remark ?? '').trim(),
            estimatedCostCents: costCents,
          })
          .execute();
      });
      const order = await loadOrder(id);
      void push(mapRepairOrderChangeMessage(order));
      return ok(order, '新建成功');
    },
  );

  r.put(
    `${BASE}/repair-orders/:id`,
    {
      onRequest: requirePermission({ menu: MENU_FAULT, button: 'btn_edit' }),
      schema: {
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: {
            ...orderTextFields,
          },
        },
      } as const,
    },
    async (req) => {
      const b = req.body;
      const costCents = cents(b.estimatedCost);
      const title = b.title?.trim();
      if (title === '') throw badRequest('title: 不能为空');
      const o = await loadOrder(req.params.id);
      // an order closed is a record; one whose approval waits keeps the cost the manager is judging
      if (!OPEN_ORDER_STATES.includes(o.state as (typeof OPEN_ORDER_STATES)[number]))
        throw badRequest(`${STATE_NOT_ALLOWED}: ${o.state}`);
      const costChanges = costCents !== undefined && costCents !== storedCents(o.estimatedCost);
      if (costChanges && o.dispatchApproval === 'waiting')
        throw badRequest('estimatedCost: 该工单正在派工审批中，不能修改预估费用');
      const patch = {
        ...(title !== undefined ? { title } : {}),
        ...(b.remark !== undefined ? { remark: b.remark.trim() } : {}),
        ...(costCents !== undefined ? { estimatedCostCents: costCents } : {}),
      };
      const done = await db
        .updateTable('work_order')
        .set(patch)
        .where('id', '=', o.id)
        .where('state', '=', o.state)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw badRequest(`${STATE_NOT_ALLOWED}: ${o.state}`);
      const order = await loadOrder(o.id);
      void push(mapRepairOrderChangeMessage(order));
      return ok(order, '修改成功');
    },
  );

  /** A state action on an order (the path's): 404 for no such order, 400 when its state forbids it. */
  const runAction = async (
    id: string,
    name: OrderAction,
    body: { crewId?: string; remark?: string },
    opts: { fromApproval?: boolean } = {},
  ) => {
    const o = await loadOrder(id);
    // the body's references first: a crew that does not exist is named whatever the order's state
    if (name === 'Dispatch')
      await assertRefs(db, [{ field: 'crewId', table: 'map_crew', id: body.crewId, what: '班组' }]);
    const to = nextState(o.state, name);
    if (!to) throw badRequest(`${STATE_NOT_ALLOWED}: ${o.state}`);
    // a direct dispatch: not while the order's approval (workflow 故障维修工单) waits (that approval
    // dispatches it), nor at or above the cost threshold until an approval covers the cost
    if (name === 'Dispatch' && !opts.fromApproval) {
      const a = (await repairApprovals(db, [o.id])).get(o.id);
      const refusal = directDispatchRefusal({
        costCents: storedCents(o.estimatedCost),
        approvedCents: a?.approvedCents ?? null,
        waiting: a?.waiting ?? false,
        thresholdYuan: REPAIR_APPROVAL_THRESHOLD,
      });
      if (refusal) throw badRequest(`id: ${refusal}`);
    }
    const now = clock();
    const pushes: Array<() => Promise<void>> = [];
    const done = await db.transaction().execute(async (trx) => {
      const patch =
        name === 'Dispatch'
          ? { state: to, crewId: body.crewId ?? null, dispatchedAt: now }
          : name === 'Start'
            ? { state: to, startedAt: now }
            : name === 'Complete'
              ? { state: to, completedAt: now, ...(body.remark ? { remark: body.remark.trim() } : {}) }
              : { state: to, verifiedAt: now };
      const r = await trx
        .updateTable('work_order')
        .set(patch)
        .where('id', '=', o.id)
        .where('state', '=', o.state)
        // the cost the rule judged (an edit in between refuses this dispatch rather than skip the rule)
        .$if(name === 'Dispatch', (qb) =>
          o.estimatedCost === null
            ? qb.where('estimatedCostCents', 'is', null)
            : qb.where('estimatedCostCents', '=', storedCents(o.estimatedCost)),
        )
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      if (name === 'Complete' && o.assetId !== null) {
        // Close the order's fault (an asset order closes all the asset's open faults).
        let fq = trx
          .updateTable('fault')
          .set({ closedAt: now })
          .where('closedAt', 'is', null)
          .where('assetId', '=', o.assetId);
        if (o.faultId) fq = fq.where('id', '=', o.faultId);
        const closing = await trx
          .selectFrom('fault')
          .select(['id', 'restoreStatus'])
          .where('closedAt', 'is', null)
          .where('assetId', '=', o.assetId)
          .$if(!!o.faultId, (qb) => qb.where('id', '=', o.faultId ?? ''))
          .execute();
        await fq.execute();
        const stillOpen = await trx
          .selectFrom('fault')
          .select('id')
          .where('assetId', '=', o.assetId)
          .where('closedAt', 'is', null)
          .executeTakeFirst();
        if (!stillOpen) {
          const asset = await trx
            .selectFrom('map_asset')
            .select(['kind', 'status'])
            .where('objectid', '=', o.assetId)
            .executeTakeFirst();
          if (asset && (asset.status === 'fault' || asset.status === 'offline')) {
            const back = isLampKind(asset.kind)
              ? restoredStatus(asset.kind, now)
              : (closing.find((f) => f.restoreStatus && f.restoreStatus !== 'fault')?.restoreStatus ??
                'completed');
            const res = await setAssetStatus(trx, [o.assetId], back, now);
            if (res.changed.length)
              pushes.push(() => push(mapAssetChangeMessage(res.changed, res.lastEditDate)));
          }
        }
        for (const f of closing)
          pushes.push(async () => {
            const row = await faultSelect().where('f.id', '=', f.id).executeTakeFirst();
            if (row) await push(mapFaultChangeMessage('closed', faultOut(row)));
          });
      }
      return true;
    });
    if (!done) throw badRequest(`${STATE_NOT_ALLOWED}: ${o.state}`);
    const order = await loadOrder(o.id);
    for (const p of pushes) void p();
    void push(mapRepairOrderChangeMessage(order));
    return ok(order, '操作成功');
  };
  // the approved dispatch approval dispatches the order to the crew it names (durably, once: a
  // second run finds the order dispatched and is refused, which the workflow counts as done)
  onFlowApproved(app.ctx, 'repairDispatch', async (_task, data) => {
    const orderId = typeof data.orderId === 'string' ? data.orderId : '';
    const crewId = typeof data.crewId === 'string' ? data.crewId : '';
    const o = await db.selectFrom('work_order').select('state').where('id', '=', orderId).executeTakeFirst();
    if (!o || o.state !== 'pending') return;
    await runAction(orderId, 'Dispatch', { crewId }, { fromApproval: true });
  });
  const guard = requirePermission({ menu: MENU_FAULT, button: 'btn_edit' });
  const actionPath = (name: OrderAction) => `${BASE}/repair-orders/:id/Actions/${name}`;
  r.put(
    actionPath('Dispatch'),
    {
      onRequest: guard,
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['crewId'],
          additionalProperties: false,
          properties: { crewId: { type: 'string', minLength: 1, maxLength: 64 } },
        },
      } as const,
    },
    async (req) => runAction(req.params.id, 'Dispatch', req.body),
  );
  r.put(
    actionPath('Start'),
    { onRequest: guard, schema: { params: idParams, body: NO_BODY } as const },
    async (req) => runAction(req.params.id, 'Start', {}),
  );
  r.put(
    actionPath('Complete'),
    {
      onRequest: guard,
      schema: {
        params: idParams,
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { remark: { type: 'string', maxLength: 500 } },
        },
      } as const,
    },
    async (req) => runAction(req.params.id, 'Complete', req.body ?? {}),
  );
  r.put(
    actionPath('Verify'),
    { onRequest: guard, schema: { params: idParams, body: NO_BODY } as const },
    async (req) => runAction(req.params.id, 'Verify', {}),
  );
}
