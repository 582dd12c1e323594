/** Map routes: repair orders (list, read, create from a fault, and the state actions). */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Expression, SqlBool } from 'kysely';
import { answers } from '../http/response';
import { MAP_ANSWERS } from './responses';
import { assertRefs, requireRef, rowInScope } from '../kernel';
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
  orderActionPatch,
  type OrderAction,
} from './rules';
import {
  assetHasOpenFault,
  assetKindStatus,
  closeOrderFaults,
  faultHasOpenOrder,
  insertNumberedOrder,
  mapFault,
  orderState,
  pageOrders,
  updateOrderInState,
} from './order-store';
import { REPAIR_APPROVAL_THRESHOLD, onFlowApproved, repairApprovals } from '../workflow';

import { BASE, MENU_ASSETS, MENU_FAULT, idParams, setAssetStatus } from './store';
import type { MapReads } from './reads';
import { MENU_REPAIR, requestScope } from './scope';

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
  const { db, clock, push, faultSelect, faultOut, orderOut, withApproval, loadOrder, loadFault, loadAsset } =
    m;
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
        response: answers(MAP_ANSWERS.orders),
      } as const,
    },
    async (req) => {
      const scope = await requestScope(req, MENU_REPAIR);
      const { list, pagination } = await pageOrders(db, { ...req.query, scope: scope?.where });
      return page(await withApproval(list.map(orderOut)), pagination);
    },
  );

  r.get(
    `${BASE}/repair-orders/:id`,
    {
      onRequest: requirePermission({ menu: MENU_FAULT }),
      schema: { params: idParams, response: answers(MAP_ANSWERS.order) } as const,
    },
    async (req) => ok(await loadOrder(req.params.id, (await requestScope(req, MENU_REPAIR))?.where)),
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
        response: answers(MAP_ANSWERS.order),
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
        const f = requireRef(await mapFault(db, b.faultId), 'faultId', '故障');
        // a fault outside the caller's faults is not there for them
        const faults = await requestScope(req, MENU_FAULT);
        if (
          faults &&
          !(await loadFault(f.id, faults.where).then(
            () => true,
            () => false,
          ))
        )
          throw badRequest('faultId: 故障不存在');
        if (f.closedAt !== null) throw badRequest('faultId: 故障已关闭');
        if (await faultHasOpenOrder(db, f.id)) throw badRequest('faultId: 该故障已有未完成的维修工单');
        assetId = f.assetId ?? 0;
        assetField = 'faultId';
        urgency = b.urgency ?? f.urgency;
        faultType = f.faultType;
      } else {
        assetId = b.assetId ?? 0;
        assetField = 'assetId';
        urgency = b.urgency ?? 1;
      }
      const asset = await loadAsset(assetId, assetField, (await requestScope(req, MENU_ASSETS))?.where);
      const orders = await requestScope(req, MENU_REPAIR);
      if (
        orders &&
        !rowInScope(orders.predicate, { district: asset.district, crewId: null, state: 'pending', urgency })
      )
        throw badRequest(`${assetField}: 此工单不在您的数据权限内`);
      const now = clock();
      const id = `ro-${randomUUID()}`;
      await insertNumberedOrder(
        db,
        {
          id,
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
        },
        now,
      );
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
        response: answers(MAP_ANSWERS.order),
      } as const,
    },
    async (req) => {
      const b = req.body;
      const costCents = cents(b.estimatedCost);
      const title = b.title?.trim();
      if (title === '') throw badRequest('title: 不能为空');
      const o = await loadOrder(req.params.id, (await requestScope(req, MENU_REPAIR))?.where);
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
      if (!(await updateOrderInState(db, o.id, o.state, patch)))
        throw badRequest(`${STATE_NOT_ALLOWED}: ${o.state}`);
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
    opts: { fromApproval?: boolean; scope?: Expression<SqlBool> } = {},
  ) => {
    // the caller's data permissions: an order outside them is not there (an approval has none)
    const o = await loadOrder(id, opts.scope);
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
      const moved = await updateOrderInState(
        trx,
        o.id,
        o.state,
        orderActionPatch(name, to, now, body),
        // the cost the rule judged (an edit in between refuses this dispatch rather than skip the rule)
        name === 'Dispatch' ? storedCents(o.estimatedCost) : undefined,
      );
      if (!moved) return false;
      if (name === 'Complete' && o.assetId !== null) {
        // Close the order's fault (an asset order closes all the asset's open faults).
        const closing = await closeOrderFaults(trx, o.assetId, o.faultId, now);
        if (!(await assetHasOpenFault(trx, o.assetId))) {
          const asset = await assetKindStatus(trx, o.assetId);
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
    if ((await orderState(db, orderId)) !== 'pending') return;
    await runAction(orderId, 'Dispatch', { crewId }, { fromApproval: true });
  });
  const guard = requirePermission({ menu: MENU_FAULT, button: 'btn_edit' });
  const actionScope = async (req: FastifyRequest) => {
    const s = await requestScope(req, MENU_REPAIR);
    return s ? { scope: s.where } : {};
  };
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
        response: answers(MAP_ANSWERS.order),
      } as const,
    },
    async (req) => runAction(req.params.id, 'Dispatch', req.body, await actionScope(req)),
  );
  r.put(
    actionPath('Start'),
    {
      onRequest: guard,
      schema: { params: idParams, body: NO_BODY, response: answers(MAP_ANSWERS.order) } as const,
    },
    async (req) => runAction(req.params.id, 'Start', {}, await actionScope(req)),
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
        response: answers(MAP_ANSWERS.order),
      } as const,
    },
    async (req) => runAction(req.params.id, 'Complete', req.body ?? {}, await actionScope(req)),
  );
  r.put(
    actionPath('Verify'),
    {
      onRequest: guard,
      schema: { params: idParams, body: NO_BODY, response: answers(MAP_ANSWERS.order) } as const,
    },
    async (req) => runAction(req.params.id, 'Verify', {}, await actionScope(req)),
  );
}
