// workFlow/flowDone — the done list (FlowBefore/List) and the task page over it.
import type { RemotePageProps } from '@lighting/shared';
import { TaskList } from '../components/TaskList';

export default function FlowDone(_props: RemotePageProps) {
  return <TaskList kind="done" />;
}
