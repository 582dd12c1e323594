/**
 * Sub-flow links as the task page shows them: a child task names its parent (task, node), a parent
 * lists the children its sub-flow nodes launched (the latest round of each node first in time).
 */
import type { Db } from '../database';
import type { FlowTaskTable } from './schema';

export interface ParentLink {
  taskId: string;
  fullName: string;
  nodeId: string;
  nodeName: string;
}

export interface ChildLink {
  taskId: string;
  fullName: string;
  nodeId: string;
  round: number;
  status: number;
  creatorUserId: string;
}

export async function subFlowLinks(
  db: Db,
  task: Pick<FlowTaskTable, 'id' | 'parentTaskId' | 'parentNodeId'>,
): Promise<{ parent: ParentLink | null; children: ChildLink[] }> {
  const [parent, node, children] = await Promise.all([
    task.parentTaskId
      ? db
          .selectFrom('flow_task')
          .select(['id', 'fullName'])
          .where('id', '=', task.parentTaskId)
          .executeTakeFirst()
      : undefined,
    task.parentTaskId && task.parentNodeId
      ? db
          .selectFrom('flow_task_node')
          .select(['title'])
          .where('taskId', '=', task.parentTaskId)
          .where('nodeId', '=', task.parentNodeId)
          .executeTakeFirst()
      : undefined,
    db
      .selectFrom('flow_task')
      .select(['id', 'fullName', 'parentNodeId', 'parentRound', 'status', 'creatorUserId'])
      .where('parentTaskId', '=', task.id)
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
  ]);
  return {
    parent: parent
      ? {
          taskId: parent.id,
          fullName: parent.fullName,
          nodeId: task.parentNodeId ?? '',
          nodeName: node?.title ?? '',
        }
      : null,
    children: children.map((c) => ({
      taskId: c.id,
      fullName: c.fullName,
      nodeId: c.parentNodeId ?? '',
      round: c.parentRound ?? 0,
      status: c.status,
      creatorUserId: c.creatorUserId,
    })),
  };
}
