// '@lighting/shared/ui' — views built on antd. Imports the root entry by package name so the
// session store and the rest are the page's one shared copy.
export * from './ui/AppProviders';
export * from './ui/NoPage';
export * from './ui/LazyResult';
export * from './ui/PhotoThumbs';
export * from './remote/StandaloneApp';
export * from './ui/sanitizeHtml';
export * from './charts/useEChart';
export * from './charts/chartSummary';
export type { ChartOption } from './charts/types';
