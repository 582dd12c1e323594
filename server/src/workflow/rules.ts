/** Pure rules of the workflow domain (no I/O), tested in rules.test.ts beside this file. */
import { TaskStatus } from '@lighting/shared/flowcore';

/**
 * The name and code of a flow's copy: "<name>副本", then "<name>副本2", "副本3"… and
 * "<code>.copy1", ".copy2"… — the first not taken, each cut to 50 characters.
 */
export function copyNames(
  source: { fullName: string; enCode: string },
  names: ReadonlySet<string>,
  codes: ReadonlySet<string>,
): { fullName: string; enCode: string } {
  let fullName = `${source.fullName}副本`.slice(0, 50);
  for (let i = 2; names.has(fullName); i++) fullName = `${source.fullName}副本${i}`.slice(0, 50);
  let enCode = `${source.enCode}.copy1`.slice(0, 50);
  for (let i = 2; codes.has(enCode); i++) enCode = `${source.enCode}.copy${i}`.slice(0, 50);
  return { fullName, enCode };
}

/** Flows grouped by category ('未分类' when none), in the order each category first appears. */
export function groupByCategory<T extends { category: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const f of rows)
    groups.set(f.category || '未分类', [...(groups.get(f.category || '未分类') ?? []), f]);
  return groups;
}

/**
 * Whether an action that took a task from `before` to `after` stops its sub-flows' children: the
 * task was revoked or cancelled by it (a called process ends with the process that called it).
 */
export function stopsChildren(before: number, after: number): boolean {
  return before !== after && (after === TaskStatus.REVOKED || after === TaskStatus.CANCELLED);
}
