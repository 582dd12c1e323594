// Calls the session makes (spec §7 Authentication and current user).
import { request } from '../http/client';
import type { MenuEntry } from '../core/menuRoutes';
import type { PermissionEntry } from '../core/permissions';

/** Fixed OAuth client of the console (spec §9: fixed client id and secret). */
export const OAUTH_CLIENT = {
  client_id: 'admin',
  client_secret: '123456',
  scope: 'all',
  grant_type: 'password',
};

export interface UserInfo {
  userId: string;
  userAccount: string;
  userName: string;
  headIcon: string;
  portalId?: string;
  theme?: string;
  language?: string;
  organizeName?: string;
  positionName?: string;
  isAdministrator?: boolean;
  prevLogin?: number;
  prevLoginTime?: number;
  prevLoginIpAddress?: string;
  prevLoginIpAddressName?: string;
}

export interface CurrentUser {
  menuList: MenuEntry[];
  userInfo: UserInfo;
  permissionList: PermissionEntry[];
}

export interface LoginInput {
  account: string;
  password: string; // plain; hashed here before it leaves the browser
  code?: string;
  timestamp?: string;
}

/** spark-md5 loads with the first sign-in or unlock: signed-in pages do not download it. */
const hashed = (s: string): Promise<string> => import('../core/md5').then((m) => m.md5(s));

export async function loginCall(input: LoginInput) {
  const password = await hashed(input.password);
  return request<{ token: string; theme: string }>({
    url: '/oauth/Login',
    method: 'post',
    params: OAUTH_CLIENT,
    data: {
      account: input.account.trim(),
      password,
      ...(input.code ? { code: input.code, timestamp: input.timestamp } : {}),
    },
  });
}

export function loginConfigCall(account: string) {
  return request<{ needCode: boolean }>({ url: '/oauth/LoginConfig', method: 'get', data: { account } });
}

export const currentUserCall = () => request<CurrentUser>({ url: '/oauth/CurrentUser', method: 'get' });
export const logoutCall = () => request({ url: '/oauth/Logout', method: 'get' });
export const lockScreenCall = async (account: string, password: string) =>
  request({ url: '/oauth/LockScreen', method: 'post', data: { account, password: await hashed(password) } });

export interface ApplyInput {
  companyName: string;
  contact: string;
  mobile: string;
  code: string;
  timestamp: string;
}

/** An outside company asks for console access (the sign-in page's application form). */
export const applyCall = (input: ApplyInput) =>
  request<null>({ url: '/oauth/Apply', method: 'post', data: input });
