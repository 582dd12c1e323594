import {
  FORMATS,
  formatValidationErrors,
  isAccount,
  isEmail,
  isEnCode,
  isFullName,
  isMobile,
} from './validation';

type E = Parameters<typeof formatValidationErrors>[0][number] & { parentSchema?: Record<string, unknown> };
const err = (e: Partial<E>): E => ({ keyword: 'type', instancePath: '', schemaPath: '', params: {}, ...e });

describe('field checks', () => {
  it('mobile: 11 digits starting 1 then 3-9', () => {
    expect(isMobile('13800000000')).toBe(true);
    expect(isMobile('12800000000')).toBe(false);
    expect(isMobile('1380000000')).toBe(false);
  });
  it('email', () => {
    expect(isEmail('a.b@example.com')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
  });
  it('account: letters and digits', () => {
    expect(isAccount('admin01')).toBe(true);
    expect(isAccount('ad min')).toBe(false);
    expect(FORMATS.loginAccount?.('138@admin')).toBe(true);
    expect(FORMATS.loginAccount?.('a@b@c')).toBe(false);
  });
  it('full name: Chinese, letters, digits', () => {
    expect(isFullName('李明Li2')).toBe(true);
    expect(isFullName('李<明>')).toBe(false);
  });
  it('enCode: dots inside only', () => {
    expect(isEnCode('permission.user')).toBe(true);
    expect(isEnCode('.x')).toBe(false);
    expect(isEnCode('x.')).toBe(false);
  });
  it('optional mobile/email formats accept empty (clearing the field)', () => {
    expect(FORMATS.mobile?.('')).toBe(true);
    expect(FORMATS.email?.('')).toBe(true);
  });
});

describe('formatValidationErrors', () => {
  it.each([
    [err({ keyword: 'required', params: { missingProperty: 'account' } }), 'body', 'account: required'],
    [
      err({ keyword: 'maximum', instancePath: '/pageSize', params: { limit: 100, comparison: '<=' } }),
      'querystring',
      'pageSize: must be ≤ 100',
    ],
    [
      err({ keyword: 'minimum', instancePath: '/currentPage', params: { limit: 1 } }),
      'querystring',
      'currentPage: must be ≥ 1',
    ],
    [
      err({ keyword: 'type', instancePath: '/gender', params: { type: 'integer' } }),
      'body',
      'gender: must be integer',
    ],
    [
      err({ keyword: 'enum', instancePath: '/theme', params: { allowedValues: ['classic', 'plain'] } }),
      'body',
      'theme: must be one of classic, plain',
    ],
    [
      err({ keyword: 'format', instancePath: '/account', params: { format: 'account' } }),
      'body',
      'account: digits and English only',
    ],
    [
      err({ keyword: 'maxLength', instancePath: '/a/0/b', params: { limit: 5 } }),
      'body',
      'a.0.b: must be at most 5 characters',
    ],
    [
      err({ keyword: 'minLength', instancePath: '/realName', params: { limit: 1 } }),
      'body',
      'realName: must not be empty',
    ],
    [err({ keyword: 'type', instancePath: '', params: { type: 'object' } }), 'body', 'body: must be object'],
    [
      err({ keyword: 'pattern', instancePath: '/t', params: {}, parentSchema: { 'x-msg': 'digits only' } }),
      'params',
      't: digits only',
    ],
    [
      err({
        keyword: 'const',
        instancePath: '/client_id',
        params: {},
        parentSchema: { 'x-msg': 'invalid client credentials' },
      }),
      'querystring',
      'client_id: invalid client credentials',
    ],
  ])('%j in %s → %s', (e, dataVar, msg) => {
    expect(formatValidationErrors([e], dataVar as 'body')).toBe(msg);
  });
});
