// The session store (spec §3 session state, §4 transitions). One instance on the page: this
// package is a federation singleton, so the host and every remote read the same token and user.
import { create } from 'zustand';
import { configureHttp } from '../http/client';
import { storage } from './storage';
import { useSettings } from '../settings/store';
import {
  currentUserCall,
  lockScreenCall,
  loginCall,
  logoutCall,
  type CurrentUser,
  type LoginInput,
  type UserInfo,
} from './api';
import type { MenuEntry } from '../core/menuRoutes';
import type { PermissionEntry } from '../core/permissions';

export const NO_PERMISSION_MESSAGE = 'Your permissions are insufficient, please contact the administrator';
export const LOGIN_STATE_FAILED = 'verification failed, please log in again';

export interface SessionState {
  token: string | null;
  locked: boolean;
  menuList: MenuEntry[];
  menuLoaded: boolean;
  userInfo: UserInfo | null;
  permissionList: PermissionEntry[];
  loginLoading: boolean;
  /** The realtime socket handle (set by the realtime module). */
  socket: { close: () => void } | null;
  login: (input: LoginInput) => Promise<void>;
  getInfo: () => Promise<CurrentUser>;
  logout: () => Promise<void>;
  resetToken: () => void;
  setToken: (token: string) => void;
  lock: () => void;
  unlock: (password: string) => Promise<void>;
}

export const useSession = create<SessionState>()((set, get) => ({
  token: storage.get<string>('token') ?? null,
  locked: storage.get<number>('lock') === 1,
  menuList: [],
  menuLoaded: false,
  userInfo: null,
  permissionList: [],
  loginLoading: false,
  socket: null,

  async login(input) {
    set({ loginLoading: true });
    try {
      const res = await loginCall(input);
      get().setToken(res.data.token);
      // spec §4: the layout becomes the returned theme (settings store)
      useSettings.getState().setLayoutType(res.data.theme);
    } finally {
      set({ loginLoading: false });
    }
  },

  setToken(token) {
    storage.set('token', token);
    set({ token });
  },

  async getInfo() {
    const res = await currentUserCall();
    const data = res.data;
    if (!data || !data.userInfo) throw new Error(LOGIN_STATE_FAILED);
    if (!Array.isArray(data.menuList) || data.menuList.length === 0) throw new Error(NO_PERMISSION_MESSAGE);
    set({
      menuList: data.menuList,
      userInfo: data.userInfo,
      permissionList: data.permissionList ?? [],
      menuLoaded: true,
    });
    return data;
  },

  async logout() {
    // Close this tab's socket first: the server pushes 'logout' to the token's sockets.
    get().socket?.close();
    try {
      await logoutCall();
    } finally {
      get().resetToken();
      storage.clear();
    }
  },

  resetToken() {
    get().socket?.close();
    storage.remove('token');
    storage.remove('lock');
    set({
      token: null,
      locked: false,
      menuList: [],
      menuLoaded: false,
      userInfo: null,
      permissionList: [],
      loginLoading: false,
      socket: null,
    });
  },

  lock() {
    storage.set('lock', 1);
    set({ locked: true });
  },

  async unlock(password) {
    const account = get().userInfo?.userAccount ?? '';
    await lockScreenCall(account, password);
    storage.remove('lock');
    set({ locked: false });
  },
}));

configureHttp({
  getToken: () => useSession.getState().token,
  onAuthReset: () => useSession.getState().resetToken(),
});
