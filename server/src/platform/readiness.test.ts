import { readinessOf } from './readiness';

describe('readiness', () => {
  it('ready only when not draining, the database answers and Redis (if any) is connected', () => {
    expect(readinessOf(false, 'ok', 'off').status).toBe('ready');
    expect(readinessOf(false, 'ok', 'ok').status).toBe('ready');
    expect(readinessOf(false, 'ok', 'down').status).toBe('unavailable');
    expect(readinessOf(false, 'down', 'ok').status).toBe('unavailable');
    expect(readinessOf(true, 'ok', 'ok')).toEqual({ status: 'draining', database: 'ok', redis: 'ok' });
  });
});
