/**
 * The workflow's operations as the routes, the scheduler and other domains call them: launching a
 * task (draft or submit), running an action on one (one transaction, then the messages and pushes),
 * the approval hooks of system forms (what a domain does when its form's task is approved), and what
 * the map's dispatch gate reads (a repair order's waiting and approved flows).
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  AssigneeType,
  FormType,
  TaskStatus,
  flowNodes,
  operatesOf,
  type ApproverNode,
  type FlowDefinition,
} from '@lighting/shared/flowcore';
import type { AppContext } from '../context';
import type { Db } from '../database';
import type { User } from '../system';
import { ApiError, Code, badRequest } from '../http/envelope';
import { FlowActionError } from './engine';
import { draftData, fillBillNumbers, parseForm, prepareFlowData, systemForm, type Data } from './forms';
import { deliver } from './notify';
import { Directory, candidatesOf } from './resolve';
import type { FlowTaskTable } from './schema';
import { loadVersion, parseData, withTask, type TaskTx, type TaskTxOptions, type VersionRow } from './store';
import { newId, priorAnswer, userKey } from '../kernel';

/** What a domain does once a task of its system form is approved (after the commit, durably). */
export type ApprovalHook = (task: FlowTaskTable, data: Data) => Promise<void>;

const services = new WeakMap<AppContext, WorkflowService>();

/** The app's workflow service (created by the workflow routes). */
export function workflowOf(ctx: AppContext): WorkflowService {
  const s = services.get(ctx);
  if (!s) throw new Error('the workflow domain is not registered');
  return s;
}

const hookMaps = new WeakMap<AppContext, Map<string, ApprovalHook>>();
const hooksOf = (ctx: AppContext): Map<string, ApprovalHook> => {
  let m = hookMaps.get(ctx);
  if (!m) hookMaps.set(ctx, (m = new Map()));
  return m;
};

/**
 * Registers what happens when a task of system form `key` is approved (the map dispatches a repair
 * order). Runs after the approval commits, from a timer row, so a crash does not lose it; it may run
 * again after a crash, so it must be idempotent (the map refuses a second dispatch). Domains may
 * register before or after the workflow's routes.
 */
export function onFlowApproved(ctx: AppContext, key: string, hook: ApprovalHook): void {
  hooksOf(ctx).set(key, hook);
}

/** What the workflow knows of a repair order's dispatch approvals (workflow 故障维修工单). */
export interface RepairApprovals {
  /** a flow for the order is waiting (it dispatches the order when approved) */
  waiting: boolean;
  /** the highest estimated cost (whole cents) of the order's approved flows, or null when none */
  approvedCents: number | null;
}

/**
 * The dispatch approvals of repair orders, by order id (every id answered; the map's rule
 * `directDispatchRefusal` decides with them). One query per call, however many orders.
 */
export async function repairApprovals(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, RepairApprovals>> {
  const out = new Map<string, RepairApprovals>(
    orderIds.map((id) => [id, { waiting: false, approvedCents: null }]),
  );
  if (!orderIds.length) return out;
  const rows = await db
    .selectFrom('flow_task')
    .select(['refId', 'status', 'data'])
    .where('refType', '=', 'repairOrder')
    .where('refId', 'in', [...new Set(orderIds)])
    .where('status', 'in', [TaskStatus.WAITING, TaskStatus.APPROVED])
    .execute();
  for (const r of rows) {
    const a = r.refId === null ? undefined : out.get(r.refId);
    if (!a) continue;
    if (r.status === TaskStatus.WAITING) {
      a.waiting = true;
      continue;
    }
    const cost = parseData(r.data).estimatedCost;
    if (typeof cost !== 'number' || !Number.isFinite(cost) || cost < 0) continue;
    const cents = Math.round(cost * 100);
    if (a.approvedCents === null || cents > a.approvedCents) a.approvedCents = cents;
  }
  return out;
}

export interface LaunchInput {
  flowId: string;
  /** an existing draft / rejected / revoked task of the caller to continue */
  id?: string;
  data: Data;
  status: 0 | 1;
  flowUrgent?: number;
  fullName?: string;
  candidates?: Record<string, string[]>;
  copyIds?: string[];
  version?: number;
  idemKey?: string;
}

export class WorkflowService {
  readonly hooks: Map<string, ApprovalHook>;

  constructor(
    readonly ctx: AppContext,
    readonly log: FastifyBaseLogger,
  ) {
    this.hooks = hooksOf(ctx);
    services.set(ctx, this);
  }

  /** The form key (system forms) of a flow version, or null. */
  async systemKeyOf(db: Db, version: Pick<VersionRow, 'formType' | 'formId'>): Promise<string | null> {
    if (version.formType !== FormType.SYSTEM) return null;
    const f = await db
      .selectFrom('flow_form')
      .select('systemKey')
      .where('id', '=', version.formId)
      .executeTakeFirst();
    return f?.systemKey ?? null;
  }

  /**
   * One action on a task: the transaction, the engine's refusals as 400 (403 for another's row),
   * then the messages and the count pushes.
   */
  async act<T>(
    actorId: string | null,
    taskId: string,
    opts: TaskTxOptions,
    fn: (tx: TaskTx) => Promise<T>,
  ): Promise<T> {
    let result;
    try {
      result = await withTask(this.ctx, taskId, opts, fn, {
        onApproved: async (tx) => {
          const key = await this.systemKeyOf(tx.trx, tx.version);
          if (key && this.hooks.has(key)) tx.run().addHook(this.ctx.clock(), { key });
        },
      });
    } catch (e) {
      throw toApiError(e);
    }
    if (!result.repeated) await this.deliverSafely(result.task, result.events, result.touched, actorId);
    return result.answer;
  }

  async deliverSafely(
    task: Pick<FlowTaskTable, 'id' | 'flowId' | 'fullName' | 'creatorUserId'>,
    events: Parameters<typeof deliver>[2],
    touched: readonly string[],
    actorId: string | null,
  ): Promise<void> {
    try {
      await deliver(this.ctx, task, events, touched, actorId);
    } catch (err) {
      this.log.error(
        { err, taskId: task.id },
        'workflow: delivering messages failed (the action is committed)',
      );
    }
  }

  /** Whether `user` may launch a flow whose start node says who may. */
  async mayLaunch(user: Readonly<User>, def: FlowDefinition): Promise<boolean> {
    const p = def.properties;
    const users = p.initiator ?? [];
    const pos = p.initiatePos ?? [];
    const roles = p.initiateRole ?? [];
    if (!users.length && !pos.length && !roles.length) return true;
    if (user.isAdministrator === 1) return true;
    if (users.includes(user.id)) return true;
    if (user.positionId && pos.includes(user.positionId)) return true;
    if (roles.length) {
      const r = await this.ctx.db
        .selectFrom('user_role')
        .select('roleId')
        .where('userId', '=', user.id)
        .where('roleId', 'in', roles)
        .executeTakeFirst();
      if (r) return true;
    }
    return false;
  }

  /** The released version a new task of `flowId` runs on; refuses a stopped or unreleased flow. */
  async launchVersion(
    db: Db,
    flowId: string,
    user: Readonly<User>,
  ): Promise<{ version: VersionRow; def: FlowDefinition; flowName: string }> {
    const flow = await db
      .selectFrom('flow_engine')
      .select(['id', 'fullName', 'enabledMark', 'version'])
      .where('id', '=', flowId)
      .executeTakeFirst();
    if (!flow) throw badRequest('flowId: 流程不存在');
    if (flow.enabledMark !== 1 || Number(flow.version) === 0) throw badRequest('flowId: 流程已停用');
    const row = await db
      .selectFrom('flow_version')
      .select('id')
      .where('flowId', '=', flowId)
      .where('version', '=', Number(flow.version))
      .executeTakeFirst();
    if (!row) throw badRequest('flowId: 流程未发布');
    const { row: version, def } = await loadVersion(db, row.id);
    if (!(await this.mayLaunch(user, def))) throw new ApiError(Code.FORBIDDEN, '权限不足: 无权发起该流程');
    return { version, def, flowName: flow.fullName };
  }

  /** The approvers the initiator chose, checked: every type-7 node needs at least one. */
  async checkCandidates(
    def: FlowDefinition,
    chosen: Record<string, string[]>,
    submit: boolean,
  ): Promise<Record<string, string[]>> {
    const dir = new Directory(this.ctx.db);
    const out: Record<string, string[]> = {};
    const nodes = flowNodes(def).filter(
      (n): n is ApproverNode =>
        n.type === 'approver' && n.properties.assigneeType === AssigneeType.CHOSEN_AT_LAUNCH,
    );
    const known = new Set(nodes.map((n) => n.nodeId));
    for (const k of Object.keys(chosen))
      if (!known.has(k)) throw badRequest(`candidates.${k}: 该节点不需要选择审批人员`);
    for (const n of nodes) {
      const want = [...new Set(chosen[n.nodeId] ?? [])];
      const enabled = await dir.enabled(want);
      const bad = want.find((u) => !enabled.includes(u));
      if (bad) throw badRequest(`candidates.${n.nodeId}: 用户不存在或已禁用 (${bad})`);
      const allowed = await candidatesOf(dir, n);
      const outside = allowed ? want.find((u) => !allowed.includes(u)) : undefined;
      if (outside) throw badRequest(`candidates.${n.nodeId}: 不在可选审批人员之内 (${outside})`);
      if (submit && want.length === 0) throw badRequest(`candidates.${n.nodeId}: 请选择审批人员`);
      out[n.nodeId] = want;
    }
    return out;
  }

  /**
   * Launch: a new task (or the caller's draft / rejected / revoked one, `input.id`), saved as a
   * draft or submitted, in one transaction.
   */
  async launch(user: Readonly<User>, input: LaunchInput): Promise<{ id: string; status: number }> {
    const ctx = this.ctx;
    const idem = userKey(user.id, input.idemKey, 'flow.launch');
    const prior = await priorAnswer(ctx.db, idem);
    if (prior !== undefined) return prior as { id: string; status: number };
    const submit = input.status === 0;
    const copyIds = [...new Set(input.copyIds ?? [])];
    if (copyIds.length) {
      const enabled = await new Directory(ctx.db).enabled(copyIds);
      const bad = copyIds.find((u) => !enabled.includes(u));
      if (bad) throw badRequest(`copyIds: 用户不存在或已禁用 (${bad})`);
    }
    const now = ctx.clock();

    let existing: FlowTaskTable | undefined;
    if (input.id) {
      existing = await ctx.db
        .selectFrom('flow_task')
        .selectAll()
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!existing || existing.creatorUserId !== user.id) throw badRequest('id: 流程不存在');
      if (existing.flowId !== input.flowId) throw badRequest('flowId: 与流程实例不符');
      if (
        existing.status !== TaskStatus.DRAFT &&
        existing.status !== TaskStatus.REJECTED &&
        existing.status !== TaskStatus.REVOKED
      )
        throw badRequest('id: 只有草稿、被驳回或已撤回的流程可以修改');
      if (input.version !== undefined && input.version !== existing.version)
        throw badRequest('version: 流程已变化，请刷新后重试');
    }
    // a draft keeps the version it was drafted on; a new task, or a resubmit of an old one, runs on the latest release
    const { version, def, flowName } = await this.launchVersion(ctx.db, input.flowId, user);
    const candidates = await this.checkCandidates(def, input.candidates ?? {}, submit);
    const formJson = parseForm(version.formData);
    const key = await this.systemKeyOf(ctx.db, version);
    const previous = existing ? parseData(existing.data) : null;
    const { operates } = operatesOf(def);
    const data = submit
      ? await prepareFlowData(ctx, {
          form: formJson,
          systemKey: key,
          submitted: input.data,
          previous,
          operates,
          isStart: true,
          user,
          now,
          taskId: existing?.id ?? null,
        })
      : { ...(previous ?? {}), ...draftData(formJson, input.data) };
    const dataText = JSON.stringify(data);
    if (dataText.length > 200_000) throw badRequest('data: 表单数据过大');
    const ref = systemForm(key)?.ref?.(data) ?? null;
    const title =
      input.fullName?.trim() ||
      existing?.fullName ||
      `${flowName}（${user.realName} ${new Date(now + 8 * 3600_000).toISOString().slice(0, 10)}）`;

    const id = existing?.id ?? newId();
    const row: FlowTaskTable = existing
      ? { ...existing }
      : {
          id,
          flowId: input.flowId,
          versionId: version.id,
          flowVersion: version.version,
          fullName: title,
          status: TaskStatus.DRAFT,
          flowUrgent: input.flowUrgent ?? 1,
          data: '{}',
          candidates: '{}',
          copyIds: '[]',
          creatorUserId: user.id,
          createdAt: now,
          startTime: null,
          completionTime: null,
          updatedAt: now,
          version: 1,
          thisStep: '',
          refType: null,
          refId: null,
          pressedAt: null,
          parentTaskId: null,
          parentNodeId: null,
          parentRound: null,
        };
    return this.act(user.id, id, { idem, ...(existing ? {} : { create: row }) }, async (tx) => {
      const t = tx.state.task;
      t.versionId = version.id;
      t.flowVersion = version.version;
      t.fullName = title.slice(0, 200);
      t.flowUrgent = input.flowUrgent ?? t.flowUrgent;
      t.data = submit ? JSON.stringify(await fillBillNumbers(tx.trx, formJson, data, now)) : dataText;
      t.candidates = JSON.stringify(candidates);
      t.copyIds = JSON.stringify(copyIds);
      t.refType = ref?.refType ?? null;
      t.refId = ref?.refId ?? null;
      t.updatedAt = now;
      if (submit) {
        // the definition of the version this task runs on now
        if (tx.version.id !== version.id) Object.assign(tx, { version, def });
        await tx.run().submit({ userId: user.id, delegatorId: null });
      } else {
        t.version += 1;
      }
      return { id, status: t.status };
    });
  }
}

/** The engine's refusals as the API's answers. */
export function toApiError(e: unknown): unknown {
  if (e instanceof FlowActionError) {
    if (e.reason === 'notAllowed') return new ApiError(Code.FORBIDDEN, `权限不足: ${e.message}`);
    return new ApiError(Code.BAD_REQUEST, e.message);
  }
  return e;
}
