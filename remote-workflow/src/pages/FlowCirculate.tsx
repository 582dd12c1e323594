// workFlow/flowCirculate — the circulate list (FlowBefore/List) and the task page over it.
import type { RemotePageProps } from '@lighting/shared';
import { TaskList } from '../components/TaskList';

export default function FlowCirculate(_props: RemotePageProps) {
  return <TaskList kind="circulate" />;
}
