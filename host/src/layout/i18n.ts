// The layout's own strings beyond the 'host' namespace: namespace 'host-layout' (zh, zhtw, en).
import { registerNamespace } from '@lighting/shared';

export const LAYOUT_NS = 'host-layout';

registerNamespace(LAYOUT_NS, {
  zh: {
    exitFullscreen: '退出全屏',
    relogin: '重新登录',
    noPermissionTitle: '无权访问',
    noPermission: '您的权限不足，请联系管理员',
    goToAddress: '前往 {{address}}',
  },
  zhtw: {
    exitFullscreen: '退出全屏',
    relogin: '重新登錄',
    noPermissionTitle: '無權訪問',
    noPermission: '您的權限不足，請聯繫管理員',
    goToAddress: '前往 {{address}}',
  },
  en: {
    exitFullscreen: 'Exit full screen',
    relogin: 'Sign in again',
    noPermissionTitle: 'No permission',
    noPermission: 'Your permissions are insufficient, please contact the administrator',
    goToAddress: 'Go to {{address}}',
  },
});
