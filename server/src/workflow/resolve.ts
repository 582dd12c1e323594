/**
 * Who approves (effects: reads the organisation): every assigneeType of design/workflow.md, over
 * enabled users only. Used as the engine's `approvers` port; empty answers go to the engine's
 * no-approver handling.
 */
import {
  AssigneeType,
  OperatorState,
  RecordAction,
  type ApproverNode,
  type CirculateTargets,
} from '@lighting/shared/flowcore';
import type { Db } from '../database';
import type { TaskState } from './engine';

const ids = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((x): x is string => typeof x === 'string' && x.length > 0 && x.length <= 64)
    : [];

/** One action's reads of the organisation, cached for the action. */
export class Directory {
  private users = new Map<
    string,
    { id: string; managerId: string | null; organizeId: string | null; enabled: boolean } | null
  >();

  constructor(private readonly db: Db) {}

  async user(id: string) {
    if (this.users.has(id)) return this.users.get(id) ?? null;
    const u = await this.db
      .selectFrom('user')
      .select(['id', 'managerId', 'organizeId', 'enabledMark'])
      .where('id', '=', id)
      .executeTakeFirst();
    const row = u
      ? { id: u.id, managerId: u.managerId, organizeId: u.organizeId, enabled: u.enabledMark === 1 }
      : null;
    this.users.set(id, row);
    return row;
  }

  /** The enabled ones among `want`, in the order given. */
  async enabled(want: readonly string[]): Promise<string[]> {
    const list = [...new Set(want)];
    if (!list.length) return [];
    const rows = await this.db
      .selectFrom('user')
      .select('id')
      .where('id', 'in', list)
      .where('enabledMark', '=', 1)
      .execute();
    const ok = new Set(rows.map((r) => r.id));
    return list.filter((id) => ok.has(id));
  }

  /** Users named directly, by position and by role (enabled, ordered by sort code then id). */
  async named(
    users: readonly string[],
    positions: readonly string[],
    roles: readonly string[],
  ): Promise<string[]> {
    const direct = await this.enabled(users);
    const more: string[] = [];
    if (positions.length) {
      const rows = await this.db
        .selectFrom('user')
        .select('id')
        .where('positionId', 'in', [...positions])
        .where('enabledMark', '=', 1)
        .orderBy('sortCode')
        .orderBy('id')
        .execute();
      more.push(...rows.map((r) => r.id));
    }
    if (roles.length) {
      const rows = await this.db
        .selectFrom('user_role as ur')
        .innerJoin('user as u', 'u.id', 'ur.userId')
        .select('u.id')
        .where('ur.roleId', 'in', [...roles])
        .where('u.enabledMark', '=', 1)
        .orderBy('u.sortCode')
        .orderBy('u.id')
        .execute();
      more.push(...rows.map((r) => r.id));
    }
    return [...new Set([...direct, ...more])];
  }

  /** The manager `level` steps up from `userId` (1 = the direct manager). */
  async managerOf(userId: string, level: number): Promise<string | null> {
    let at: string | null = userId;
    for (let i = 0; i < level && at; i++) at = (await this.user(at))?.managerId ?? null;
    if (!at || at === userId) return null;
    const m = await this.user(at);
    return m?.enabled ? m.id : null;
  }

  /** The head of the user's department (its organize row's manager, else the nearest parent's). */
  async departmentHeadOf(userId: string): Promise<string | null> {
    let org = (await this.user(userId))?.organizeId ?? null;
    for (let hops = 0; org && hops < 20; hops++) {
      const o = await this.db
        .selectFrom('organize')
        .select(['managerId', 'parentId'])
        .where('id', '=', org)
        .executeTakeFirst();
      if (!o) return null;
      if (o.managerId && o.managerId !== userId) {
        const m = await this.user(o.managerId);
        if (m?.enabled) return m.id;
      }
      org = o.parentId;
    }
    return null;
  }

  async admins(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user')
      .select('id')
      .where('isAdministrator', '=', 1)
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  circulateUsers(t: CirculateTargets): Promise<string[]> {
    return this.named(ids(t.circulateUser), ids(t.circulatePosition), ids(t.circulateRole));
  }
}

/** The approvers of `node` for the task in `state` (the engine's port). */
export async function resolveApprovers(
  dir: Directory,
  node: ApproverNode,
  state: TaskState,
): Promise<string[]> {
  const p = node.properties;
  const initiator = state.task.creatorUserId;
  switch (p.assigneeType) {
    case AssigneeType.MANAGER: {
      const m = await dir.managerOf(initiator, Math.max(1, Number(p.managerLevel ?? 1)));
      return m ? [m] : [];
    }
    case AssigneeType.DEPARTMENT_HEAD: {
      const h = await dir.departmentHeadOf(initiator);
      return h ? [h] : [];
    }
    case AssigneeType.INITIATOR:
      return dir.enabled([initiator]);
    case AssigneeType.FORM_FIELD: {
      let data: Record<string, unknown> = {};
      try {
        data = JSON.parse(state.task.data) as Record<string, unknown>;
      } catch {
        data = {};
      }
      const v = p.formField ? data[p.formField] : undefined;
      // a text of ids joined by ',' (JNPF 3.x split the field's value so) or a list of ids
      return dir.enabled(typeof v === 'string' ? ids(v.split(',').map((x) => x.trim())) : ids(v));
    }
    case AssigneeType.SAME_AS_NODE: {
      const target = p.assigneeNode ?? '';
      const rows = state.operators.filter(
        (o) => o.nodeId === target && o.state === OperatorState.DONE && o.handleStatus === RecordAction.AGREE,
      );
      const latest = rows.reduce((m, o) => Math.max(m, o.round), -1);
      return dir.enabled(rows.filter((o) => o.round === latest).map((o) => o.userId));
    }
    case AssigneeType.NAMED:
      return dir.named(ids(p.approvers), ids(p.approverPos), ids(p.approverRole));
    case AssigneeType.CHOSEN_AT_LAUNCH: {
      let chosen: Record<string, unknown> = {};
      try {
        chosen = JSON.parse(state.task.candidates) as Record<string, unknown>;
      } catch {
        chosen = {};
      }
      return dir.enabled(ids(chosen[node.nodeId]));
    }
    default:
      return [];
  }
}

/** The users an approver node of type 7 may be given (null: any enabled user). */
export async function candidatesOf(dir: Directory, node: ApproverNode): Promise<string[] | null> {
  const p = node.properties;
  if (!ids(p.approvers).length && !ids(p.approverPos).length && !ids(p.approverRole).length) return null;
  return dir.named(ids(p.approvers), ids(p.approverPos), ids(p.approverRole));
}
