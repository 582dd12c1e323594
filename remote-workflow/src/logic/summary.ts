// What a node's card says in the designer and the task chart (the line under its title), as an
// i18n key with parameters, so the view only translates. null: nothing is set yet (the card shows
// its "please set" text in red). Pure: names come from a Directory, field labels from the form.
import {
  AssigneeType,
  SignMode,
  subFlowPropsOf,
  type ApproverNode,
  type ConditionNode,
  type CopyNode,
  type FlowFormField,
  type FlowNode,
  type StartNode,
  type SubFlowNode,
  type TimerNode,
} from '@lighting/shared/flowcore';
import { chosenNames, type Directory } from './names';

export interface Summary {
  key: string;
  params?: Record<string, string | number>;
}

/** At most `max` names joined by `sep`, then "…等 N 人" through the `namesMore` key. */
export function nameList(names: readonly string[], sep = '、', max = 3): Summary {
  if (names.length <= max) return { key: 'names', params: { names: names.join(sep) } };
  return { key: 'namesMore', params: { names: names.slice(0, max).join(sep), count: names.length } };
}

function startSummary(n: StartNode, dir: Directory, sep: string): Summary {
  const p = n.properties;
  const names = chosenNames(dir, p.initiator, p.initiatePos, p.initiateRole);
  return names.length ? nameList(names, sep) : { key: 'everyone' };
}

function approverSummary(
  n: ApproverNode,
  dir: Directory,
  fields: readonly FlowFormField[],
  findTitle: (id: string) => string | null,
  sep: string,
): Summary | null {
  const p = n.properties;
  switch (p.assigneeType) {
    case AssigneeType.MANAGER:
      return { key: 'assigneeManagerLevel', params: { level: p.managerLevel ?? 1 } };
    case AssigneeType.DEPARTMENT_HEAD:
      return { key: 'assigneeDeptHead' };
    case AssigneeType.INITIATOR:
      return { key: 'assigneeInitiator' };
    case AssigneeType.FORM_FIELD: {
      if (!p.formField) return null;
      const f = fields.find((x) => x.key === p.formField);
      return { key: 'assigneeFormFieldOf', params: { field: f?.label ?? p.formField } };
    }
    case AssigneeType.SAME_AS_NODE:
      if (!p.assigneeNode) return null;
      return { key: 'assigneeSameNodeOf', params: { node: findTitle(p.assigneeNode) ?? p.assigneeNode } };
    case AssigneeType.NAMED: {
      const names = chosenNames(dir, p.approvers, p.approverPos, p.approverRole);
      return names.length ? nameList(names, sep) : null;
    }
    case AssigneeType.CHOSEN_AT_LAUNCH: {
      const names = chosenNames(dir, p.approvers, p.approverPos, p.approverRole);
      return names.length
        ? { key: 'assigneeChosenAmong', params: nameList(names, sep).params }
        : { key: 'assigneeChosen' };
    }
    default:
      return null;
  }
}

/** A sub-flow card: its child flow and who launches it (named people: one child each). */
function subFlowSummary(n: SubFlowNode, dir: Directory, sep: string): Summary | null {
  const p = subFlowPropsOf(n);
  if (!p.flowId) return null;
  const flow = p.flowName || p.flowId;
  const mode = p.isAsync === true ? 'subFlowAsyncOf' : 'subFlowSyncOf';
  if (p.initiateType === AssigneeType.NAMED) {
    const names = chosenNames(dir, p.initiator, [], []);
    if (!names.length) return null;
    return { key: mode, params: { flow, who: String(nameList(names, sep).params?.names ?? '') } };
  }
  return { key: mode, params: { flow, who: '' } };
}

/** The sign mode's tag on an approver card ('' for or-sign with one approver rule). */
export function signTag(n: FlowNode): Summary | null {
  if (n.type !== 'approver') return null;
  const p = n.properties;
  if (p.counterSign === SignMode.COUNTER)
    return { key: 'signCounterRatio', params: { ratio: p.countersignRatio ?? 100 } };
  if (p.counterSign === SignMode.SEQUENTIAL) return { key: 'signSequential' };
  return null;
}

function copySummary(n: CopyNode, dir: Directory, sep: string): Summary | null {
  const p = n.properties;
  const names = chosenNames(dir, p.circulateUser, p.circulatePosition, p.circulateRole);
  if (names.length) return nameList(names, sep);
  return p.userOptional ? { key: 'copyChosenByInitiator' } : null;
}

/** '1天2小时' style: the units that are not zero, in the caller's words. */
export function durationParts(p: {
  day?: number;
  hour?: number;
  minute?: number;
  second?: number;
}): Array<[unit: 'day' | 'hour' | 'minute' | 'second', n: number]> {
  const out: Array<['day' | 'hour' | 'minute' | 'second', number]> = [];
  for (const u of ['day', 'hour', 'minute', 'second'] as const) {
    const v = Number(p[u] ?? 0);
    if (Number.isFinite(v) && v > 0) out.push([u, v]);
  }
  return out;
}

function timerSummary(n: TimerNode): Summary | null {
  const parts = durationParts(n.properties);
  return parts.length ? { key: 'timerAfter', params: Object.fromEntries(parts) } : null;
}

/** Words the condition text is made of (the view passes them in the language shown). */
export interface ConditionWords {
  and: string;
  or: string;
  yes: string;
  no: string;
  /** between names in a list ('、' in Chinese, ', ' in English) */
  sep: string;
}

/** A condition branch's predicates as one line: '金额 >= 5000 且 类型 == 抢修'. */
export function conditionText(
  n: ConditionNode,
  fields: readonly FlowFormField[],
  words: ConditionWords,
): string {
  const list = n.properties.conditions ?? [];
  return list
    .map((c, i) => {
      const label = fields.find((f) => f.key === c.field)?.label ?? c.fieldName ?? c.field;
      const value =
        c.fieldType === 'boolean'
          ? c.filedValue === true || c.filedValue === 'true'
            ? words.yes
            : words.no
          : String(c.filedValue);
      const join = i < list.length - 1 ? ` ${c.logic === '||' ? words.or : words.and} ` : '';
      return `${label} ${c.symbol} ${value}${join}`;
    })
    .join('');
}

function conditionSummary(
  n: ConditionNode,
  fields: readonly FlowFormField[],
  words: ConditionWords,
): Summary | null {
  if (n.properties.isDefault) return { key: 'conditionOtherwise' };
  if (!n.properties.conditions?.length) return null;
  return { key: 'text', params: { text: conditionText(n, fields, words) } };
}

export interface SummaryContext {
  dir: Directory;
  fields: readonly FlowFormField[];
  words: ConditionWords;
  /** a node's title by id (for 'same as node') */
  findTitle: (nodeId: string) => string | null;
}

/** The card's line for any node; null when what it needs is not set yet. */
export function nodeSummary(n: FlowNode, ctx: SummaryContext): Summary | null {
  switch (n.type) {
    case 'start':
      return startSummary(n, ctx.dir, ctx.words.sep);
    case 'approver':
      return approverSummary(n, ctx.dir, ctx.fields, ctx.findTitle, ctx.words.sep);
    case 'copy':
      return copySummary(n, ctx.dir, ctx.words.sep);
    case 'timer':
      return timerSummary(n);
    case 'condition':
      return conditionSummary(n, ctx.fields, ctx.words);
    case 'subFlow':
      return subFlowSummary(n, ctx.dir, ctx.words.sep);
    default:
      return { key: 'text', params: { text: '' } };
  }
}

/** What the task page knows of a node's people (FlowBefore/{id}'s `nodes`). */
export interface NodePeople {
  handlers: ReadonlyArray<{ userName: string }>;
  planned?: ReadonlyArray<{ userName: string }>;
}

/**
 * The names a task chart's card shows: who acts or acted there (a copy node: whom it copied to),
 * else, for a node not reached yet, whom the engine would send it to now; the start node names the
 * initiator. null: nobody to name (the card says the design's rule instead).
 */
export function chartNames(n: FlowNode, people: NodePeople | undefined, initiator: string): string[] | null {
  const named = (list: ReadonlyArray<{ userName: string }> | undefined) =>
    (list ?? []).map((x) => x.userName).filter((s) => s !== '');
  const acted = named(people?.handlers);
  if (acted.length) return acted;
  if (n.type === 'start') return initiator ? [initiator] : null;
  const planned = named(people?.planned);
  return planned.length ? planned : null;
}
