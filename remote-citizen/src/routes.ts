// urlAddress → page for the citizen remote: the public /bt/gzh pages (rendered by the host's public
// route, outside the console) and the console's pages for the citizens' service (bt/citizen/).
import type { RemoteRoutes } from '@lighting/shared';

/** The public pages (spec §2), below /bt/gzh: one citizen app routes between them. */
const GZH_PAGES = [
  '',
  'success',
  'repair/repair-report/scan',
  'repair/repair-report',
  'repair/repair-log',
  'repair/my-log',
  'repair/repair-report-nowx',
  'feedback/feedback-add',
  'feedback/feedback-list',
  'feedback/feedback-reply',
];
const citizenPage = () => import(/* webpackChunkName: "citizen-host" */ './citizen/HostPage');

const routes: RemoteRoutes = {
  prefixes: ['bt/gzh/', 'bt/citizen/'],
  pages: {
    'bt/citizen/feedback': () => import(/* webpackChunkName: "console-feedback" */ './console/FeedbackAdmin'),
    'bt/citizen/plates': () => import(/* webpackChunkName: "console-plates" */ './console/Plates'),
    'bt/citizen/open311': () => import(/* webpackChunkName: "console-open311" */ './console/Open311Keys'),
    ...Object.fromEntries(GZH_PAGES.map((p) => [p ? `bt/gzh/${p}` : 'bt/gzh', citizenPage])),
  },
};

export default routes;
