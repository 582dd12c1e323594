import { useSession } from '../session/store';
import { captureError, flushErrors, RESEND_MS, setErrorLogEnabled, useErrorLog } from './reporter';

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('the production error handler', () => {
  const fetchMock = jest.fn(async () => ({ ok: true }) as Response);
  beforeAll(() => {
    global.fetch = fetchMock as unknown as typeof fetch;
    jest.useFakeTimers();
  });
  afterAll(() => {
    jest.useRealTimers();
    setErrorLogEnabled(false);
  });
  beforeEach(() => {
    fetchMock.mockClear();
    useErrorLog.setState({ entries: [] });
  });

  it('records nothing outside the builds errorLog names (here: a test build)', () => {
    setErrorLogEnabled(false);
    expect(captureError({ message: 'x', url: '/home', source: 'error' })).toBeNull();
    expect(useErrorLog.getState().entries).toEqual([]);
  });

  it('stores a repeated error once with its count, sends it at once and its repeats a minute later', async () => {
    setErrorLogEnabled(true);
    useSession.setState({ token: 'tok' });
    const e = {
      message: 'boom',
      stack: '    at f (a.js:1:1)',
      url: 'http://h/home?token=secret',
      source: 'error' as const,
    };
    captureError(e);
    jest.advanceTimersByTime(0);
    await flush();
    for (let i = 0; i < 99; i++) captureError(e);
    expect(useErrorLog.getState().entries).toHaveLength(1);
    expect(useErrorLog.getState().entries[0]?.count).toBe(100);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/system/ErrorLog');
    expect(init.headers).toMatchObject({ Authorization: 'tok' });
    expect(JSON.parse(String(init.body))).toMatchObject({ message: 'boom', url: '/home', count: 1 });

    jest.advanceTimersByTime(RESEND_MS - 1);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const second = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(String(second[1].body))).toMatchObject({ count: 99 });
  });

  it('keeps errors caught before sign-in until there is a token', async () => {
    setErrorLogEnabled(true);
    useSession.setState({ token: null });
    captureError({ message: 'early', url: '/login', source: 'rejection' });
    jest.advanceTimersByTime(RESEND_MS);
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    useSession.setState({ token: 'later' });
    jest.advanceTimersByTime(0);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('leaving the page', () => {
  it('sends the repeats still waiting for their minute', async () => {
    const fetchMock = jest.fn(async () => ({ ok: true }) as Response);
    global.fetch = fetchMock as unknown as typeof fetch;
    jest.useFakeTimers();
    setErrorLogEnabled(true);
    useSession.setState({ token: 'tok' });
    const e = { message: 'leaving', url: '/x', source: 'error' as const };
    captureError(e);
    jest.advanceTimersByTime(0);
    await flush();
    captureError(e);
    captureError(e);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    flushErrors();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ message: 'leaving', count: 2 });
    expect(init.keepalive).toBe(true);
    jest.useRealTimers();
    setErrorLogEnabled(false);
  });
});
