// @lighting/shared — the contract every app imports. Federation singletons:
//   '@lighting/shared'          this entry: no antd, no rxjs, so the sign-in page stays small
//   '@lighting/shared/login'    the sign-in form
//   '@lighting/shared/ui'       antd-based views (providers, standalone shell, the no-page panel)
//   '@lighting/shared/realtime' the socket stream (rxjs)
//   '@lighting/shared/admin', '@lighting/shared/form' the administration pieces, the form renderer
// Apps import only these names (never deep paths) so every copy on the page is the same; pure
// logic also comes bundled where used from '@lighting/shared/core' and '/formcore'.
// Of core, this entry re-exports what the console's shell runs on every signed-in page; the rest
// (validators, calculate expressions and amounts with big.js, the chat and citizen rules, image
// compression, asset kinds, trees) is imported from '@lighting/shared/core' where it is used.
export * from './core/format';
export * from './core/storage';
export * from './core/menuRoutes';
export * from './core/guard';
export * from './core/permissions';
export * from './core/http';
export * from './core/remotes';
export * from './core/errorLog';
export * from './core/wall';
export * from './core/links';
export * from './core/menuLabels';
export * from './core/dictionaryNames';
export * from './core/ipPlace';
export * from './core/messageTitles';
export * from './core/colour';
export * from './core/textWidth';
export * from './config/runtime';
export * from './session/storage';
export * from './session/api';
export * from './session/store';
export * from './settings/settings';
export * from './settings/store';
export * from './http/client';
export * from './http/saveBlob';
export * from './i18n';
export * from './i18n/useDictionaryName';
export * from './auth/Auth';
export * from './ui/toast';
export * from './ui/pagination';
export * from './contract';
export * from './remote/types';
export * from './router';
export * from './list/usePagedList';
export * from './errorLog/reporter';
export * from './errorLog/ErrorBoundary';
