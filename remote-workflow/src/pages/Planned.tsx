import { createPlannedPage } from '@lighting/shared/ui';

/** Pages the workflow issue builds. */
export default createPlannedPage(
  {
    'workFlow/flowTodo': {
      zh: '待办事宜：需要我审批的流程任务，审批、驳回、转办。',
      zhtw: '待辦事宜：需要我審批的流程任務，審批、駁回、轉辦。',
      en: 'To do: the flow tasks waiting for my approval — approve, reject, hand over',
    },
    'workFlow/flowCirculate': {
      zh: '抄送事宜：抄送给我的流程，查看与已读。',
      zhtw: '抄送事宜：抄送給我的流程，查看與已讀。',
      en: 'Copied to me: the flows copied to me, to view and mark read',
    },
  },
  { zh: '工作流程页面', zhtw: '工作流程頁面', en: 'This workflow page' },
  { zh: '工作流程议题', zhtw: '工作流程議題', en: 'the workflow issue' },
);
