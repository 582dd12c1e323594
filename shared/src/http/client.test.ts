/**
 * @jest-environment jsdom
 */
// The HTTP client's interceptors against a fake transport (spec §7 shared behaviour, §8 errors).
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { configureHttp, http, request } from './client';
import { setToaster } from '../ui/toast';
import { setConfig } from '../config/runtime';

type Reply = { status?: number; data?: unknown } | 'network';

let seen: InternalAxiosRequestConfig[] = [];
function respond(reply: Reply) {
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    if (reply === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response = { data: reply.data, status: reply.status ?? 200, statusText: '', headers: {}, config };
    if (response.status >= 400)
      throw new AxiosError('bad status', 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  http.defaults.adapter = adapter;
}

const toast = jest.fn();
const onAuthReset = jest.fn();
const reload = jest.fn();

beforeEach(() => {
  seen = [];
  toast.mockReset();
  onAuthReset.mockReset();
  reload.mockReset();
  setToaster(toast);
  setConfig({ apiBase: '/api', timeout: 60000 });
  configureHttp({ getToken: () => 'tok-1', onAuthReset, reload });
  window.history.pushState({}, '', '/home');
});

describe('request shaping', () => {
  it('sends to /api with the token, GET payload as query and the n timestamp in seconds', async () => {
    respond({ data: { code: 200, msg: 'ok', data: 1 } });
    const before = Math.floor(Date.now() / 1000);
    await request({ url: '/system/Permission/Users', method: 'get', data: { keyword: 'x', currentPage: 2 } });
    const cfg = seen[0]!;
    expect(cfg.baseURL).toBe('/api');
    expect(cfg.headers.get('Authorization')).toBe('tok-1');
    expect(cfg.params).toEqual({ keyword: 'x', currentPage: 2 });
    expect(cfg.data).toBeUndefined();
    const n = Number(new URL(cfg.url!, 'http://x').searchParams.get('n'));
    expect(n).toBeGreaterThanOrEqual(before);
    expect(n).toBeLessThanOrEqual(before + 1);
  });

  it('uses the configured timeout, and 100 s for the long paths', async () => {
    respond({ data: { code: 200, msg: 'ok', data: null } });
    await request({ url: '/system/Base/Area/-1', method: 'get' });
    await request({ url: '/system/Permission/Authority/Data/1', method: 'get' });
    await request({ url: '/extend/Email/Receive', method: 'post' });
    expect(seen.map((c) => c.timeout)).toEqual([60000, 100000, 100000]);
  });

  it('sends no Authorization header without a token', async () => {
    configureHttp({ getToken: () => null });
    respond({ data: { code: 200, msg: 'ok', data: null } });
    await request({ url: '/oauth/Login', method: 'post', data: {} });
    expect(seen[0]!.headers.get('Authorization')).toBeFalsy();
  });
});

describe('responses', () => {
  it('code 200 resolves with the envelope', async () => {
    respond({ data: { code: 200, msg: 'Success', data: { a: 1 } } });
    await expect(request({ url: '/x', method: 'get' })).resolves.toEqual({
      code: 200,
      msg: 'Success',
      data: { a: 1 },
    });
    expect(toast).not.toHaveBeenCalled();
  });

  it('another code rejects and toasts the server message for 1.5 s', async () => {
    respond({ status: 400, data: { code: 400, msg: 'account: digits and English only', data: null } });
    await expect(request({ url: '/x', method: 'post' })).rejects.toThrow('account: digits and English only');
    expect(toast).toHaveBeenCalledWith('error', 'account: digits and English only', 1.5);
    expect(onAuthReset).not.toHaveBeenCalled();
  });

  it('another code without a message toasts 请求出错，请重试', async () => {
    respond({ data: { code: 500, msg: '', data: null } });
    await expect(request({ url: '/x', method: 'get' })).rejects.toThrow();
    expect(toast).toHaveBeenCalledWith('error', '请求出错，请重试', 1.5);
  });

  it.each([600, 601, 602])('code %i resets the session and reloads', async (code) => {
    respond({ status: 401, data: { code, msg: '登录过期,请重新登录', data: null } });
    await expect(request({ url: '/oauth/CurrentUser', method: 'get' })).rejects.toThrow();
    expect(onAuthReset).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it.each(['/oauth/Login', '/oauth/LockScreen'])('code 601 on %s only rejects (no reset)', async (url) => {
    respond({ data: { code: 601, msg: 'nope', data: null } });
    await expect(request({ url, method: 'post' })).rejects.toThrow('nope');
    expect(onAuthReset).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith('error', 'nope', 1.5);
  });

  it('code 600 on the login page resets but does not reload', async () => {
    window.history.pushState({}, '', '/login');
    respond({ data: { code: 600, msg: 'expired', data: null } });
    await expect(request({ url: '/oauth/CurrentUser', method: 'get' })).rejects.toThrow();
    expect(onAuthReset).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('a network failure toasts 请求出错，请重试', async () => {
    respond('network');
    await expect(request({ url: '/x', method: 'get' })).rejects.toThrow('请求出错，请重试');
    expect(toast).toHaveBeenCalledWith('error', '请求出错，请重试', 1.5);
  });

  it('statistic and dv endpoints reject silently', async () => {
    respond({ data: { code: 500, msg: 'boom', data: null } });
    await expect(request({ url: '/visualdev/Dashboard/statistic/count', method: 'get' })).rejects.toThrow();
    respond('network');
    await expect(request({ url: '/DataV/screen/1', method: 'get' })).rejects.toThrow();
    expect(toast).not.toHaveBeenCalled();
  });

  it('file downloads are returned as they are', async () => {
    respond({ data: 'binary-bytes' });
    const res = (await request({
      url: '/file/Download/annex/a.bin',
      method: 'get',
      responseType: 'blob',
    })) as unknown as {
      data: unknown;
    };
    expect(res.data).toBe('binary-bytes');
  });

  it('pass-through calls get the envelope whatever the code', async () => {
    respond({ data: { code: 400, msg: 'connection refused', data: null } });
    await expect(
      request({ url: '/system/DataSource/Actions/Test', method: 'post', passThrough: true }),
    ).resolves.toMatchObject({
      code: 400,
    });
    expect(toast).not.toHaveBeenCalled();
  });
});
