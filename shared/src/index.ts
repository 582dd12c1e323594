// @lighting/shared — the contract every app imports. Three federation singletons:
//   '@lighting/shared'          this entry: no antd, no rxjs, so the sign-in page stays small
//   '@lighting/shared/ui'       antd-based views (providers, standalone shell, planned pages)
//   '@lighting/shared/realtime' the socket stream (rxjs)
// Apps import only these three names (never deep paths) so every copy on the page is the same.
export * from './core';
export * from './config/runtime';
export * from './session/storage';
export * from './session/api';
export * from './session/store';
export * from './settings/settings';
export * from './settings/store';
export * from './http/client';
export * from './i18n';
export * from './i18n/useDictionaryName';
export * from './auth/Auth';
export * from './ui/toast';
export * from './ui/pagination';
export * from './login/LoginPanel';
export * from './remote/types';
export * from './router';
export * from './list/usePagedList';
export * from './errorLog/reporter';
export * from './errorLog/ErrorBoundary';
