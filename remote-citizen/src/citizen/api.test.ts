import { ApiFailure, CALL_TIMEOUT_MS, api } from './api';

describe('the citizens’ API client', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    jest.useRealTimers();
  });

  it('gives up on a stalled call after its timeout, as a failure worth retrying', async () => {
    jest.useFakeTimers();
    let signal: AbortSignal | undefined;
    globalThis.fetch = jest.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init?.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    ) as typeof fetch;
    const call = api('POST', 'reports', { idemKey: 'k' });
    const outcome = call.then(
      () => null,
      (e: unknown) => e,
    );
    jest.advanceTimersByTime(CALL_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    const e = await outcome;
    expect(e).toBeInstanceOf(ApiFailure);
    expect((e as ApiFailure).code).toBe(0);
    expect((e as ApiFailure).transient).toBe(true);
    expect((e as ApiFailure).message).toBe('timeout');
  });

  it('reads the envelope and refuses what the server refused, not to be retried', async () => {
    globalThis.fetch = jest.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 400, msg: 'category: 未知的故障类型', data: null })),
      ),
    ) as typeof fetch;
    const e = await api('POST', 'reports', {}).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 400, message: 'category: 未知的故障类型' });
    expect((e as ApiFailure).transient).toBe(false);
    globalThis.fetch = jest.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ code: 200, msg: 'ok', data: { a: 1 } }))),
    ) as typeof fetch;
    expect(await api('GET', 'config')).toEqual({ data: { a: 1 }, msg: 'ok' });
  });
});
