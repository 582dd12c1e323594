// workFlow/flowTodo — the todo list (FlowBefore/List) and the task page over it.
import type { RemotePageProps } from '@lighting/shared';
import { TaskList } from '../components/TaskList';

export default function FlowTodo(_props: RemotePageProps) {
  return <TaskList kind="todo" />;
}
