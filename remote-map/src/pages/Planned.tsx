import { createPlannedPage } from '@lighting/shared/ui';

/** Map-remote addresses without a page yet. */
export default createPlannedPage(
  {},
  { zh: '照明地图页面', zhtw: '照明地圖頁面', en: 'This lighting map page' },
  { zh: '照明地图议题（#5）', zhtw: '照明地圖議題（#5）', en: 'the lighting map issue (#5)' },
);
