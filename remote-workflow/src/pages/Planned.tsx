import { createPlannedPage } from '@lighting/shared/ui';

/** Pages the workflow issue builds. */
export default createPlannedPage(
  {
    'workFlow/flowTodo': '待办事宜：需要我审批的流程任务，审批、驳回、转办。',
    'workFlow/flowCirculate': '抄送事宜：抄送给我的流程，查看与已读。',
    'workFlow/flowEngine': '流程设计：流程引擎列表、设计器、发布、停用与复制。',
  },
  '工作流程页面',
  '工作流程议题',
);
