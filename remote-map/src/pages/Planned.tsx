import { createPlannedPage } from '@lighting/shared/ui';

/** Map-remote addresses without a page yet. */
export default createPlannedPage({}, '照明地图页面', '照明地图议题（#5）');
