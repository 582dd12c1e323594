/** Pure logic core of @lighting/shared: no React, DOM, storage or I/O — safe for the server too. */
export * from './validators';
export * from './links';
export * from './expression';
export * from './format';
export {
  CITY_TIME_ZONE,
  CITY_OFFSET_MINUTES,
  toInstant,
  cityDayjs,
  formatCityTime,
  cityDayStart,
} from './cityTime';
export * from './collate';
export * from './textWidth';
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
export * from './menuLabels';
export * from './dictionaryNames';
export * from './md5';
export * from './ipPlace';
export * from './colour';
export * from './messageTitles';
