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
