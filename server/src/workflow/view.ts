/**
 * What the task page shows one viewer: the task, its form and data as the viewer's node may read
 * them, the chart's node states, the timeline with names (and "X (for Y)"), the viewer's waiting
 * row with the node's buttons, and what else the viewer may do.
 */
import {
  NodeState,
  OperatorState,
  RecordAction,
  TaskStatus,
  fieldAccess,
  findNode,
  flowNodes,
  nodeActions,
  operatesOf,
  readableData,
  rejectTargetsOf,
  type ApproverNode,
  type FlowNode,
} from '@lighting/shared/flowcore';
import { valueFields } from '@lighting/shared/formcore';
import type { AppContext } from '../context';
import type { User } from '../system';
import { activeDelegations, assertMayView, assertWorkflowUser, isMonitor } from './access';
import { copyRecipients } from './engine';
import { parseForm, withOptions } from './forms';
import { Directory, resolveApprovers } from './resolve';
import type { FlowOperatorTable, FlowRecordTable, FlowTaskNodeTable, FlowTaskTable } from './schema';
import type { WorkflowService } from './service';
import { loadTaskRow, loadVersion, parseData } from './store';
import { namesOf } from '../kernel';
import { subFlowLinks } from './subflow-store';

type Ctx = Pick<AppContext, 'db' | 'access' | 'clock' | 'dialect' | 'config'>;

export async function taskView(
  ctx: Ctx,
  service: WorkflowService,
  user: Readonly<User>,
  taskId: string,
  o: { operatorId?: string; circulateId?: string } = {},
) {
  const db = ctx.db;
  await assertWorkflowUser(ctx, user);
  const task = await loadTaskRow(db, taskId);
  await assertMayView(ctx, user, task);
  const now = ctx.clock();
  const { row: version, def } = await loadVersion(db, task.versionId);
  const flow = await db
    .selectFrom('flow_engine')
    .select(['fullName', 'category'])
    .where('id', '=', task.flowId)
    .executeTakeFirst();
  const [nodes, operators, records, copies] = await Promise.all([
    db.selectFrom('flow_task_node').selectAll().where('taskId', '=', task.id).execute(),
    db
      .selectFrom('flow_operator')
      .selectAll()
      .where('taskId', '=', task.id)
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    db.selectFrom('flow_record').selectAll().where('taskId', '=', task.id).orderBy('seq').execute(),
    db
      .selectFrom('flow_circulate')
      .select(['nodeId', 'userId'])
      .where('taskId', '=', task.id)
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
  ]);
  const rowByNode = new Map(nodes.map((n) => [n.nodeId, n]));
  const planned = await plannedPeople(db, def, task, nodes, operators, rowByNode);
  const links = await subFlowLinks(db, task);
  const names = await namesOf(db, 'user', [
    task.creatorUserId,
    ...links.children.map((c) => c.creatorUserId),
    ...operators.map((x) => x.userId),
    ...records.flatMap((x) => [x.handleId, x.delegatorId, x.targetUserId]),
    ...copies.map((x) => x.userId),
    ...[...planned.values()].flat(),
  ]);

  // the viewer's waiting rows: their own, and those entrusted to them for this flow
  const delegators = new Set(
    (await activeDelegations(db, user.id, now))
      .filter((d) => d.flowId === '' || d.flowId === task.flowId)
      .map((d) => d.userId),
  );
  const mine =
    task.status === TaskStatus.WAITING
      ? operators.filter(
          (x) => x.state === OperatorState.WAITING && (x.userId === user.id || delegators.has(x.userId)),
        )
      : [];
  const op =
    mine.find((x) => x.id === o.operatorId) ?? mine.find((x) => x.userId === user.id) ?? mine[0] ?? null;
  const opNode = op ? (findNode(def, op.nodeId) as ApproverNode | null) : null;

  // the form and the data the viewer's node may read
  const key = await service.systemKeyOf(db, version);
  const form = await withOptions(db, parseForm(version.formData), key);
  const keys = valueFields(form).map((v) => v.key);
  const data = parseData(task.data);
  const isInitiator = task.creatorUserId === user.id;
  const { operates, isStart } = opNode
    ? operatesOf(opNode)
    : isInitiator
      ? operatesOf(def)
      : { operates: [], isStart: false };
  const readable = opNode || isInitiator ? readableData(data, keys, operates, isStart) : data;
  // with no node of their own the viewer reads, never writes
  const formOperates =
    opNode ||
    (isInitiator &&
      (task.status === TaskStatus.DRAFT ||
        task.status === TaskStatus.REJECTED ||
        task.status === TaskStatus.REVOKED))
      ? keys.map((k) => ({ id: k, ...fieldAccess(operates, k, isStart) }))
      : keys.map((k) => ({ id: k, read: true, write: false, required: false }));

  const chart = flowNodes(def).map((n) => {
    const row = rowByNode.get(n.nodeId);
    const handlers = row
      ? operators.filter(
          (x) => x.nodeId === n.nodeId && x.round === row.round && x.state !== OperatorState.TRANSFERRED,
        )
      : [];
    // a copy node's people are the copies it sent
    const copied =
      n.type === 'copy' && row?.state === NodeState.DONE
        ? [...new Set(copies.filter((c) => c.nodeId === n.nodeId).map((c) => c.userId))]
        : [];
    return {
      nodeId: n.nodeId,
      type: n.type,
      title: String((n.properties as { title?: unknown }).title ?? ''),
      state: row?.state ?? NodeState.PENDING,
      handlers: [
        ...handlers.map((h) => ({
          userId: h.userId,
          userName: names.get(h.userId) ?? '',
          state: h.state,
          handleStatus: h.handleStatus,
        })),
        ...copied.map((u) => ({
          userId: u,
          userName: names.get(u) ?? '',
          state: OperatorState.DONE,
          handleStatus: null,
        })),
      ],
      planned: (planned.get(n.nodeId) ?? []).map((u) => ({ userId: u, userName: names.get(u) ?? '' })),
    };
  });

  // a vote the viewer may still take back (checked again when they do)
  const myAgree = [...records]
    .reverse()
    .find(
      (r) =>
        r.handleStatus === RecordAction.AGREE &&
        r.recalled === 0 &&
        (r.handleId === user.id || r.delegatorId === user.id),
    );
  const recallNode = myAgree ? (findNode(def, myAgree.nodeId) as ApproverNode | null) : null;
  const recall =
    task.status === TaskStatus.WAITING && myAgree && nodeActions(recallNode?.properties).revoke
      ? { recordId: myAgree.id }
      : null;

  if (o.circulateId)
    await db
      .updateTable('flow_circulate')
      .set({ isRead: 1, readAt: now })
      .where('id', '=', o.circulateId)
      .where('userId', '=', user.id)
      .where('isRead', '=', 0)
      .execute();

  const p = opNode?.properties;
  const allowed = nodeActions(p);
  return {
    flowTaskInfo: {
      id: task.id,
      fullName: task.fullName,
      flowId: task.flowId,
      flowName: flow?.fullName ?? '',
      flowCategory: flow?.category ?? '',
      flowVersion: task.flowVersion,
      status: task.status,
      flowUrgent: task.flowUrgent,
      creatorUserId: task.creatorUserId,
      userName: names.get(task.creatorUserId) ?? '',
      creatorTime: Number(task.createdAt),
      startTime: task.startTime === null ? null : Number(task.startTime),
      completionTime: task.completionTime === null ? null : Number(task.completionTime),
      thisStep: task.thisStep,
      version: task.version,
    },
    formType: version.formType,
    formKey: key,
    formData: JSON.stringify(form),
    data: JSON.stringify(readable),
    formOperates,
    flowTemplateJson: version.flowTemplateJson,
    nodes: chart,
    records: records.map((r) => ({
      id: r.id,
      nodeId: r.nodeId,
      nodeName: r.nodeName,
      handleStatus: r.handleStatus,
      handleId: r.handleId,
      userName: r.handleId ? (names.get(r.handleId) ?? '') : '',
      delegatorId: r.delegatorId,
      delegatorName: r.delegatorId ? (names.get(r.delegatorId) ?? '') : '',
      handleTime: Number(r.handleTime),
      handleOpinion: r.handleOpinion,
      signImg: r.signImg,
      targetUserId: r.targetUserId,
      targetUserName: r.targetUserId ? (names.get(r.targetUserId) ?? '') : '',
      targetNodeId: r.targetNodeId,
      recalled: r.recalled === 1,
    })),
    rejection: rejectionOf(task.status, records, names),
    /** a sub-flow's child: the parent task and its sub-flow node */
    parent: links.parent,
    /** the child tasks this task's sub-flow nodes launched (a waiting synchronous node: those not approved hold it) */
    children: links.children.map((c) => ({ ...c, userName: names.get(c.creatorUserId) ?? '' })),
    operator:
      op && opNode && p
        ? {
            id: op.id,
            nodeId: op.nodeId,
            nodeName: p.title,
            delegatorId: op.userId === user.id ? null : op.userId,
            delegatorName: op.userId === user.id ? '' : (names.get(op.userId) ?? ''),
            properties: {
              hasAuditBtn: allowed.audit,
              hasRejectBtn: allowed.reject,
              hasTransferBtn: allowed.transfer,
              hasFreeApprover: allowed.freeApprover,
              hasSign: allowed.sign,
              hasCopyBtn: allowed.copy,
              rejectStep: String(p.rejectStep ?? '0'),
            },
            rejectTargets: rejectTargetsOf(def, op.nodeId).map((n) => ({
              nodeId: n.nodeId,
              title: n.properties.title,
            })),
          }
        : null,
    operators: mine.map((x) => ({
      id: x.id,
      nodeId: x.nodeId,
      delegatorName: x.userId === user.id ? '' : (names.get(x.userId) ?? ''),
    })),
    recall,
    canRevoke: isInitiator && task.status === TaskStatus.WAITING,
    canPress: isInitiator && task.status === TaskStatus.WAITING,
    canEdit:
      isInitiator &&
      (task.status === TaskStatus.DRAFT ||
        task.status === TaskStatus.REJECTED ||
        task.status === TaskStatus.REVOKED),
    canCancel: task.status === TaskStatus.WAITING && (await isMonitor(ctx, user)),
  };
}

/**
 * Who a node not reached yet will go to, as the engine would resolve it now (the same resolver,
 * over the task's data and votes so far): approver nodes' approvers, copy nodes' recipients. An
 * answer that depends on what has not happened yet (the same people as a later node) is empty.
 */
async function plannedPeople(
  db: Ctx['db'],
  def: FlowNode,
  task: FlowTaskTable,
  nodes: readonly FlowTaskNodeTable[],
  operators: readonly FlowOperatorTable[],
  rowByNode: ReadonlyMap<string, FlowTaskNodeTable>,
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  // a finished task will reach no other node
  if (task.status === TaskStatus.APPROVED || task.status === TaskStatus.CANCELLED) return out;
  const dir = new Directory(db);
  const state = {
    task,
    nodes: [...nodes],
    operators: [...operators],
    records: [],
    circulates: [],
    timers: [],
    children: [],
    launches: [],
  };
  for (const n of flowNodes(def)) {
    const row = rowByNode.get(n.nodeId);
    if (row && row.state !== NodeState.PENDING) continue;
    if (n.type === 'approver') out.set(n.nodeId, await resolveApprovers(dir, n, state));
    else if (n.type === 'copy')
      out.set(n.nodeId, await copyRecipients((t) => dir.circulateUsers(t), n, task));
  }
  return out;
}

/** Why a task rejected to its initiator came back: the reject that did it (null otherwise). */
function rejectionOf(
  status: number,
  records: readonly FlowRecordTable[],
  names: ReadonlyMap<string, string>,
) {
  if (status !== TaskStatus.REJECTED) return null;
  const r = [...records].reverse().find((x) => x.handleStatus === RecordAction.REJECT);
  if (!r) return null;
  return {
    nodeName: r.nodeName,
    userName: r.handleId ? (names.get(r.handleId) ?? '') : '',
    handleTime: Number(r.handleTime),
    handleOpinion: r.handleOpinion,
  };
}
