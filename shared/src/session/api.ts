// Calls the session makes (spec §7 Authentication and current user).
import { request } from '../http/client';
import type { MenuEntry } from '../core/menuRoutes';
import type { PermissionEntry } from '../core/permissions';
import type { ApiData, ApiTree } from '../api';

/** Fixed OAuth client of the console (spec §9: fixed client id and secret). */
export const OAUTH_CLIENT = {
  client_id: 'admin',
  client_secret: '123456',
  scope: 'all',
  grant_type: 'password',
};

// The answers' types from the server's own description (../api/schema.gen.ts), never a copy.
type CurrentUserAnswer = ApiData<'/api/oauth/CurrentUser', 'get'>;
export type UserInfo = CurrentUserAnswer['userInfo'];

/** The signed-in user, their menu tree (whole at every depth) and the buttons and columns of each page. */
export type CurrentUser = Omit<CurrentUserAnswer, 'menuList'> & {
  menuList: Array<ApiTree<CurrentUserAnswer['menuList'][number]>>;
};

// the routing rules read the menu and the grants through their own narrower shapes: the server's
// must stay assignable to them (a compile error here when it drifts)
type Fits<T extends U, U> = T;
type _MenuFits = Fits<CurrentUser, { menuList: MenuEntry[]; permissionList: PermissionEntry[] }>;

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
  return request<ApiData<'/api/oauth/Login', 'post'>>({
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
  return request<ApiData<'/api/oauth/LoginConfig', 'get'>>({
    url: '/oauth/LoginConfig',
    method: 'get',
    data: { account },
  });
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
