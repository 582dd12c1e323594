import type { RemotePageProps } from '@lighting/shared';
import { PlannedPage } from '@lighting/shared/ui';

const WHAT: Record<string, string> = {
  'workFlow/flowTodo': '待办事宜：需要我审批的流程任务，审批、驳回、转办。',
  'workFlow/flowCirculate': '抄送事宜：抄送给我的流程，查看与已读。',
  'workFlow/flowEngine': '流程设计：流程引擎列表、设计器、发布、停用与复制。',
};

/** Pages the workflow issue builds; each says what it will be. */
export default function Planned({ urlAddress, meta }: RemotePageProps) {
  return (
    <PlannedPage
      title={meta.title}
      description={`${WHAT[urlAddress] ?? '工作流程页面'} 由工作流程议题实现。`}
    />
  );
}
