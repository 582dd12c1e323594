// @lighting/shared — the contract every app imports. Apps import only from this root so that the
// federation singleton covers everything (deep imports would bypass the shared copy).
export * from './core';
export * from './config/runtime';
export * from './session/storage';
export * from './session/api';
export * from './session/store';
export * from './http/client';
export * from './i18n';
export * from './auth/Auth';
export * from './realtime/socket';
export * from './ui/toast';
export * from './ui/AppProviders';
export * from './ui/PlannedPage';
export * from './ui/LoginForm';
export * from './remote/types';
export * from './remote/StandaloneApp';
export * from './ui/pagination';
