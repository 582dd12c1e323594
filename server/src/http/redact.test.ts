import { redactUrl } from './redact';

describe('redactUrl', () => {
  it('hides token query values only', () => {
    expect(redactUrl('/api/x?token=abc&n=1')).toBe('/api/x?token=***&n=1');
    expect(redactUrl('/api/x?n=1&TOKEN=abc')).toBe('/api/x?n=1&TOKEN=***');
    expect(redactUrl('/api/x?mytoken=abc')).toBe('/api/x?mytoken=abc');
    expect(redactUrl('/api/x')).toBe('/api/x');
  });
});
