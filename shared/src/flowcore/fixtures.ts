/**
 * Small definitions for tests (here and in the server's engine tests): built with the tree's own
 * functions' shapes, ids readable.
 */
import { AssigneeType, RejectStep, SignMode } from './codes';
import type {
  ApproverNode,
  ApproverProperties,
  ConditionNode,
  ConditionPredicate,
  CopyNode,
  EmptyNode,
  FlowDefinition,
  FlowNode,
} from './types';

export function approver(
  nodeId: string,
  props: Partial<ApproverProperties> = {},
  childNode?: FlowNode,
): ApproverNode {
  return {
    type: 'approver',
    nodeId,
    prevId: null,
    properties: {
      title: nodeId,
      assigneeType: AssigneeType.NAMED,
      approvers: ['u1'],
      counterSign: SignMode.OR,
      rejectStep: RejectStep.INITIATOR,
      formOperates: [],
      ...props,
    },
    ...(childNode ? { childNode } : {}),
  };
}

export function condition(
  nodeId: string,
  conditions: ConditionPredicate[],
  childNode?: FlowNode,
  isDefault = false,
): ConditionNode {
  return {
    type: 'condition',
    nodeId,
    prevId: null,
    properties: { title: nodeId, priority: 0, isDefault, conditions },
    ...(childNode ? { childNode } : {}),
  };
}

export function copy(nodeId: string, users: string[], childNode?: FlowNode): CopyNode {
  return {
    type: 'copy',
    nodeId,
    prevId: null,
    properties: { title: nodeId, circulateUser: users },
    ...(childNode ? { childNode } : {}),
  };
}

export function group(
  nodeId: string,
  kind: 'condition' | 'interflow',
  heads: FlowNode[],
  childNode?: FlowNode,
): EmptyNode {
  return {
    type: 'empty',
    nodeId,
    prevId: null,
    properties: {},
    conditionType: kind,
    conditionNodes: heads.map((h) => (kind === 'interflow' ? { ...h, isInterflow: true } : h)) as FlowNode[],
    ...(childNode ? { childNode } : {}),
  };
}

export const gte = (field: string, value: number, logic: '&&' | '||' = '&&'): ConditionPredicate => ({
  field,
  fieldType: 'number',
  symbol: '>=',
  filedValue: value,
  logic,
});

/** Sets every prevId from the structure (fixtures are written without them). */
export function linked(
  childNode?: FlowNode,
  props: Partial<FlowDefinition['properties']> = {},
): FlowDefinition {
  const root: FlowDefinition = {
    type: 'start',
    nodeId: 'start',
    prevId: null,
    properties: {
      title: 'start',
      initiator: [],
      initiatePos: [],
      initiateRole: [],
      formOperates: [],
      ...props,
    },
    ...(childNode ? { childNode } : {}),
  };
  const fix = (n: FlowNode, prev: string | null): void => {
    n.prevId = prev;
    n.conditionNodes?.forEach((c) => fix(c, n.nodeId));
    if (n.childNode) fix(n.childNode, n.nodeId);
  };
  fix(root, null);
  return root;
}
