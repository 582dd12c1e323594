// The designer's state as a pure reducer: the definition, the selected node and undo / redo of up
// to 100 steps. Every edit goes through flowcore's tree operations (one piece of code with the
// server); ids come in the action so the reducer stays pure.
import {
  FlowEditError,
  addBranch,
  addBranchGroup,
  addNewNode,
  moveBranch,
  normalizeFlow,
  removeNode,
  updateNodeProperties,
  type BranchKind,
  type BranchTitles,
  type FlowDefinition,
  type FlowNode,
} from '@lighting/shared/flowcore';

export const HISTORY_LIMIT = 100;

export interface DesignState {
  def: FlowDefinition;
  past: FlowDefinition[];
  future: FlowDefinition[];
  /** the node whose drawer is open */
  selected: string | null;
}

export type DesignAction =
  | {
      type: 'add';
      afterId: string;
      node: 'approver' | 'copy' | 'timer' | 'subFlow';
      id: string;
      title?: string;
    }
  | { type: 'addGroup'; afterId: string; kind: BranchKind; ids: readonly string[]; titles?: BranchTitles }
  | { type: 'addBranch'; holderId: string; id: string; titles?: BranchTitles }
  | { type: 'remove'; nodeId: string }
  | { type: 'update'; nodeId: string; properties: FlowNode['properties'] }
  | { type: 'moveBranch'; branchId: string; toIndex: number }
  | { type: 'replace'; def: FlowDefinition }
  | { type: 'select'; nodeId: string | null }
  | { type: 'undo' }
  | { type: 'redo' };

export function initialDesign(def: FlowDefinition): DesignState {
  return { def: normalizeFlow(def), past: [], future: [], selected: null };
}

function commit(state: DesignState, def: FlowDefinition, selected = state.selected): DesignState {
  return {
    def,
    past: [...state.past, state.def].slice(-HISTORY_LIMIT),
    future: [],
    selected,
  };
}

/** An id generator over the ids an action carries (a group needs one per new node). */
function idsFrom(list: readonly string[]): () => string {
  let i = 0;
  return () => {
    const id = list[i++];
    if (id === undefined) throw new Error('not enough ids for the new nodes');
    return id;
  };
}

function apply(state: DesignState, action: DesignAction): DesignState {
  switch (action.type) {
    case 'add':
      return commit(state, addNewNode(state.def, action.afterId, action.node, action.id, action.title));
    case 'addGroup':
      return commit(
        state,
        addBranchGroup(state.def, action.afterId, action.kind, idsFrom(action.ids), action.titles),
      );
    case 'addBranch':
      return commit(state, addBranch(state.def, action.holderId, action.id, action.titles));
    case 'remove':
      return commit(
        state,
        removeNode(state.def, action.nodeId),
        state.selected === action.nodeId ? null : state.selected,
      );
    case 'update':
      return commit(state, updateNodeProperties(state.def, action.nodeId, action.properties));
    case 'moveBranch':
      return commit(state, moveBranch(state.def, action.branchId, action.toIndex));
    case 'replace':
      return commit(state, normalizeFlow(action.def), null);
    case 'select':
      return { ...state, selected: action.nodeId };
    case 'undo': {
      const prev = state.past[state.past.length - 1];
      if (!prev) return state;
      return {
        def: prev,
        past: state.past.slice(0, -1),
        future: [state.def, ...state.future],
        selected: null,
      };
    }
    case 'redo': {
      const next = state.future[0];
      if (!next) return state;
      return { def: next, past: [...state.past, state.def], future: state.future.slice(1), selected: null };
    }
  }
}

/**
 * The reducer: an edit flowcore refuses (removing the start, a node that is gone) leaves the
 * state as it was.
 */
export function designReducer(state: DesignState, action: DesignAction): DesignState {
  try {
    return apply(state, action);
  } catch (e) {
    if (e instanceof FlowEditError) return state;
    throw e;
  }
}

export const canUndo = (s: DesignState): boolean => s.past.length > 0;
export const canRedo = (s: DesignState): boolean => s.future.length > 0;

/** A fresh node id: 'node_' and 12 base-36 characters from the browser's random source. */
export function newNodeId(random: () => number = Math.random): string {
  let s = '';
  for (let i = 0; i < 12; i++) s += Math.floor(random() * 36).toString(36);
  return `node_${s}`;
}

/** The empty definition a new flow starts with: the start node and one approver. */
export function blankDefinition(
  startTitle: string,
  approverTitle: string,
  ids: () => string,
): FlowDefinition {
  const start = normalizeFlow({
    type: 'start',
    nodeId: ids(),
    prevId: null,
    properties: { title: startTitle, initiator: [], initiatePos: [], initiateRole: [], formOperates: [] },
  });
  return addNewNode(start, start.nodeId, 'approver', ids(), approverTitle);
}
