import { createPlannedPage } from '@lighting/shared/ui';

/** Pages the lighting map issue (#5) builds. */
export default createPlannedPage(
  {
    'bt/gzyp/statistic':
      '统计一张图：按类型、状态、区县统计资产，亮灯率与设施完好率对照指标，图表与地图联动。',
    'bt/map/fault': '故障研判：故障在地图上标红并列出，判断同一回路或控制箱的共因故障，向上游定位。',
  },
  '照明地图页面',
  '照明地图议题（#5）',
);
