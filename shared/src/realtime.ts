// '@lighting/shared/realtime' — the tab's one socket as an RxJS stream.
export * from './realtime/socket';
export * from './realtime/chat';
