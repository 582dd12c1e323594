import { registerNamespace } from '@lighting/shared';

registerNamespace('host', {
  zh: {
    welcome: '欢迎回来',
    lastLogin: '上次登录',
    modules: '功能模块',
    lockedHint: '屏幕已锁定，请输入密码解锁',
  },
  zhtw: {
    welcome: '歡迎回來',
    lastLogin: '上次登錄',
    modules: '功能模塊',
    lockedHint: '屏幕已鎖定，請輸入密碼解鎖',
  },
  en: {
    welcome: 'Welcome back',
    lastLogin: 'Last sign-in',
    modules: 'Modules',
    lockedHint: 'Screen locked: enter your password to unlock',
  },
});
