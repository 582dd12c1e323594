/**
 * @jest-environment jsdom
 */
// Session transitions (spec §4) against a fake transport.
import type { AxiosAdapter } from 'axios';
import { http } from '../http/client';
import { NO_PERMISSION_MESSAGE, useSession } from './store';
import { storage } from './storage';
import { useSettings } from '../settings/store';

function reply(data: unknown) {
  const adapter: AxiosAdapter = async (config) => ({
    data,
    status: 200,
    statusText: '',
    headers: {},
    config,
  });
  http.defaults.adapter = adapter;
}

beforeEach(() => {
  useSession.getState().resetToken();
  localStorage.clear();
});

test('login stores the token and takes the layout from the returned theme', async () => {
  reply({ code: 200, msg: 'ok', data: { token: 't-1', theme: 'functional' } });
  await useSession.getState().login({ account: ' admin ', password: 'admin123' });
  expect(useSession.getState().token).toBe('t-1');
  expect(storage.get('token')).toBe('t-1');
  expect(useSettings.getState().layoutType).toBe('functional');
  reply({ code: 200, msg: 'ok', data: { token: 't-2', theme: 'unknown' } });
  await useSession.getState().login({ account: 'admin', password: 'admin123' });
  expect(useSettings.getState().layoutType).toBe('classic');
});

test('an empty menu fails getInfo with the permission message and loads nothing', async () => {
  reply({ code: 200, msg: 'ok', data: { menuList: [], userInfo: { userId: 'u' }, permissionList: [] } });
  await expect(useSession.getState().getInfo()).rejects.toThrow(NO_PERMISSION_MESSAGE);
  expect(useSession.getState().menuLoaded).toBe(false);
});

test('lock persists the flag 1; resetToken clears the session', async () => {
  useSession.getState().setToken('t-9');
  useSession.getState().lock();
  expect(storage.get('lock')).toBe(1);
  expect(useSession.getState().locked).toBe(true);
  useSession.getState().resetToken();
  expect(useSession.getState()).toMatchObject({
    token: null,
    locked: false,
    menuLoaded: false,
    loginLoading: false,
  });
  expect(storage.get('token')).toBeUndefined();
});

test('unlock: a wrong password keeps the screen locked; the right one clears the persisted flag', async () => {
  useSession.getState().setToken('t-5');
  useSession.setState({
    userInfo: {
      userId: 'u1',
      userAccount: 'admin',
      userName: '管理员',
      headIcon: '',
      portalId: '',
      theme: 'classic',
      language: 'zh',
      organizeId: '',
      organizeName: '',
      positionId: '',
      positionName: '',
      isAdministrator: true,
      prevLogin: 0,
      prevLoginTime: null,
      prevLoginIpAddress: '',
      prevLoginIpAddressName: '',
    },
  });
  useSession.getState().lock();
  reply({ code: 400, msg: '账户或密码错误', data: null });
  await expect(useSession.getState().unlock('wrong1234')).rejects.toThrow('账户或密码错误');
  expect(useSession.getState().locked).toBe(true);
  expect(storage.get('lock')).toBe(1);
  let sent: unknown = null;
  http.defaults.adapter = async (config) => {
    sent = JSON.parse(String(config.data));
    return { data: { code: 200, msg: 'ok', data: null }, status: 200, statusText: '', headers: {}, config };
  };
  await useSession.getState().unlock('admin123');
  expect(useSession.getState().locked).toBe(false);
  expect(storage.get('lock')).toBeUndefined();
  // account and the password's MD5 go to the server; the password itself is never kept
  expect(sent).toEqual({ account: 'admin', password: '0192023a7bbd73250516f069df18b500' });
  expect(JSON.stringify(localStorage)).not.toContain('admin123');
});
