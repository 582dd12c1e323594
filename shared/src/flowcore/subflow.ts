/**
 * Sub-flow nodes (子流程) as JNPF 3.x wrote and ran them: what a node's properties mean, the child
 * tasks it launches, the field copies from the parent's form, and when the parent goes on. The
 * facts and where they come from: docs/jnpf3-flows.md "Sub-flows".
 *
 * Pure: no I/O, no React (the engine, release validation and the designer import it).
 */
import { AssigneeType, SignMode, TaskStatus } from './codes';
import type { ApproverNode, FlowDefinition, FlowNode, SubFlowNode, SubFlowProperties } from './types';

/** Who launches the child tasks (`initiateType`): the approver codes 3.x's designer offered there. */
export const SUBFLOW_INITIATE_TYPES: readonly number[] = [
  AssigneeType.MANAGER,
  AssigneeType.DEPARTMENT_HEAD,
  AssigneeType.INITIATOR,
  AssigneeType.FORM_FIELD,
  AssigneeType.SAME_AS_NODE,
  AssigneeType.NAMED,
];

/** `errorRule`: who launches when nobody is resolved (3.x: 1 超级管理员, 2 指定人员, 6 发起者本人). */
export const SubFlowErrorRule = { ADMINS: 1, NAMED: 2, INITIATOR: 6 } as const;

/** Every sub-flow node of a definition, in drawing order. */
export function subFlowNodesOf(root: FlowDefinition): SubFlowNode[] {
  const out: SubFlowNode[] = [];
  const visit = (head: FlowNode | null | undefined): void => {
    let node = head;
    while (node) {
      if (node.type === 'subFlow') out.push(node);
      node.conditionNodes?.forEach((b) => visit(b));
      node = node.childNode;
    }
  };
  visit(root);
  return out;
}

/**
 * The launchers' rule as an approver rule, so the organisation is read by the same code that finds
 * approvers (manager levels, department heads, form fields, an earlier node's approvers, named users).
 */
export function initiatorRuleOf(node: SubFlowNode): ApproverNode {
  const p = node.properties;
  return {
    type: 'approver',
    nodeId: node.nodeId,
    prevId: node.prevId,
    properties: {
      title: p.title,
      assigneeType: p.initiateType as ApproverNode['properties']['assigneeType'],
      managerLevel: p.managerLevel ?? 1,
      formField: p.formField,
      assigneeNode: p.nodeId,
      approvers: Array.isArray(p.initiator) ? p.initiator : [],
      counterSign: SignMode.OR,
      rejectStep: '0',
      formOperates: [],
    },
  };
}

/**
 * The child's form data: each rule copies a parent field into a child field (3.x's `assignList`,
 * one list per node before the sub-flow; here every list applies, in order, later rules winning).
 * A parent field the task does not hold copies nothing. `@prevNodeFormId` (3.x: the previous
 * node's form id, for forms stored per node) has no meaning here, where a task has one form.
 */
export function childDataOf(
  props: Pick<SubFlowProperties, 'assignList'>,
  parentData: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of props.assignList ?? [])
    for (const r of a.ruleList ?? []) {
      if (!r.parentField || !r.childField || r.parentField.startsWith('@')) continue;
      if (!Object.prototype.hasOwnProperty.call(parentData, r.parentField)) continue;
      out[r.childField] = structuredClone(parentData[r.parentField]);
    }
  return out;
}

/** A child task as the parent sees it. */
export interface ChildTaskView {
  status: number;
}

/**
 * Whether a synchronous sub-flow node is done: every child approved. A child rejected or revoked
 * goes back to its initiator, who may submit it again; a cancelled one never finishes: the parent
 * waits either way, and the monitor shows which child holds it (docs/jnpf3-flows.md).
 */
export function subFlowDone(children: readonly ChildTaskView[]): boolean {
  return children.every((c) => c.status === TaskStatus.APPROVED);
}

/** The children holding a synchronous node, with why (the monitor's words). */
export function subFlowBlockers<T extends ChildTaskView>(children: readonly T[]): T[] {
  return children.filter((c) => c.status !== TaskStatus.APPROVED);
}
