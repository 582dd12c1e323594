/** Pure logic core of @lighting/shared: no React, DOM, storage or I/O — safe for the server too. */
export * from './validators';
export * from './expression';
export * from './format';
export * from './amount';
export * from './storage';
export * from './menuRoutes';
export * from './guard';
export * from './permissions';
export * from './http';
export * from './remotes';
export * from './tree';
export * from './chat';
export * from './citizen';
export * from './imageCompression';
export * from './errorLog';
export * from './wall';
export * from './assets';
