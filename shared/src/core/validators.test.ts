import {
  EMPTY_CELL_MESSAGE,
  MESSAGES,
  PREDICATES,
  type RuleName,
  idCardCheckChar,
  isAccount,
  isArithmeticExpression,
  isChinese,
  isEmail,
  isEmptyCell,
  isEnCode,
  isExternalLink,
  isFullName,
  isHalfHour,
  isIdCard,
  isMobile,
  isNumericString,
  isPassword,
  isPlate,
  isPositiveInteger,
  isUserCode,
  rule,
  trimAccount,
  validate,
  validateRequired,
} from './validators';
import { isSafeLink } from './links';

type Case = [RuleName, (v: unknown) => boolean, unknown[], unknown[]];

const cases: Case[] = [
  [
    'mobile',
    isMobile,
    ['13800138000', '19912345678', 15012345678],
    ['12800138000', '1380013800', '138001380001', '+8613800138000', '1380013800a', ''],
  ],
  [
    'password',
    isPassword,
    ['abc123', 'A1b2C3d4E5f6G7h8', '123abc'],
    ['abc12', 'abcdefgh', '12345678', 'abc123!', 'a1b2c3d4e5f6g7h8i', ''],
  ],
  [
    'idCard',
    isIdCard,
    ['11010519491231002X', '11010519491231002x', '440524188001010014', '110105491231002'],
    [
      '110105194912310021',
      '11010519491331002X',
      '01010519491231002X',
      '1101051949123100',
      '110105491331002',
      '110105199002300012',
      'abc',
    ],
  ],
  [
    'email',
    isEmail,
    ['a@b.cn', 'first.last+tag@mail.example.com', 'user_1@sub-domain.org'],
    ['a@b', '@b.com', 'a@.com', 'a..b@c.com', '.a@b.com', 'a b@c.com', 'a@b.c', 'a@-b.com'],
  ],
  [
    'plate',
    isPlate,
    ['京A12345', '粤B1234学', '沪AD12345', '浙A12345D', '川AF12345', '苏E1234挂', '京AK12345'],
    ['A123456', '京A1234', '京a12345', '京AI2345', '京A123456X', '京A12345E', '美A12345', '京1A2345'],
  ],
  ['chinese', isChinese, ['中文', '路灯'], ['中文a', 'abc', '中 文', '１']],
  [
    'enCode',
    isEnCode,
    ['abc', 'a.b.c', 'Sys01.Menu', '1'],
    ['.abc', 'abc.', 'a_b', 'a-b', 'a b', '.', '中文'],
  ],
  ['account', isAccount, ['admin', 'Admin01', '007'], ['admin!', 'ad min', '管理员', 'a_b']],
  ['fullName', isFullName, ['张三', 'Zhang3', '路灯Team1'], ['张 三', 'a-b', 'a@b', '张三!']],
  ['userCode', isUserCode, ['0012', '123', 42], ['12a', '-1', '1.5', ' 1']],
  [
    'halfHour',
    isHalfHour,
    ['1', '0.5', '1.5', '2.0', '10.50', 0, 3, 2.5],
    ['1.2', '0.25', '-1', '-0.5', '.5', '1.', 'a', 1.3],
  ],
  ['positiveInteger', isPositiveInteger, ['1', '42', 7], ['0', '01', '-1', '1.5', '1.0', '+1', 0, -3]],
  [
    'numericString',
    isNumericString,
    ['0', '-0.5', '+12', '3.25', '100', -4, 1.5],
    ['01', '1.', '.5', '--1', '1e3', '1,000', '+'],
  ],
  [
    'externalLink',
    isExternalLink,
    ['http://a.cn', 'https://x.y/z', 'mailto:a@b.cn', 'tel:110'],
    ['ftp://a', '/home', 'www.a.cn', 'javascript:alert(1)', 'HTTP://a'],
  ],
  [
    'safeLink',
    isSafeLink,
    ['http://a.cn', 'https://x.y/z?q=1#h', 'mailto:a@b.cn', 'tel:110', '/help/index.html', '/'],
    [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:x',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      '/\\evil.example',
      'https://',
      'https:evil',
      'http://a.cn/ x',
      'vbscript:x',
      'help/index.html',
      '',
      7,
    ],
  ],
  [
    'arithmeticExpression',
    isArithmeticExpression,
    ['1+2', '(1 + 2) × 3', '4 ÷ 2 - 1', '2*3/4', '((1))', '-1 + 2'],
    ['1+', '+ 1', '× 1', '1 2', '()', '(1+2', '1+2)', 'a + 1', '1 % 2', 3],
  ],
];

describe.each(cases)('%s', (name, predicate, valid, invalid) => {
  it.each(valid.map((v) => [v]))('accepts %p', (v) => {
    expect(predicate(v)).toBe(true);
    expect(validate(name, v)).toBeNull();
  });
  it.each(invalid.filter((v) => v !== '').map((v) => [v]))('rejects %p with the default message', (v) => {
    expect(predicate(v)).toBe(false);
    expect(validate(name, v)).toBe(MESSAGES[name]);
  });
  it('is registered in PREDICATES', () => {
    expect(PREDICATES[name]).toBe(predicate);
  });
});

describe('messages', () => {
  it('uses the spec wording', () => {
    expect(MESSAGES).toMatchObject({
      mobile: 'please enter your mobile number correctly',
      password: '6-16 character password (digits and letters)',
      idCard: 'enter your ID number correctly',
      email: 'enter your e-mail address correctly',
      plate: 'enter your plate number correctly',
      enCode:
        'codes may only contain English letters, digits and dots, and the dot may not be at the start or end',
      account: 'digits and English only',
      fullName: 'names may not contain special symbols',
      halfHour: 'time can only be an integer or a multiple of 0.5',
      positiveInteger: 'please enter a positive integer',
    });
    for (const m of Object.values(MESSAGES)) expect(m.length).toBeGreaterThan(0);
  });
});

describe('predicates on non-text values', () => {
  it('reject objects, booleans, null and non-finite numbers', () => {
    for (const p of Object.values(PREDICATES)) {
      expect(p(null)).toBe(false);
      expect(p(undefined)).toBe(false);
      expect(p({})).toBe(false);
      expect(p(true)).toBe(false);
      expect(p(Number.NaN)).toBe(false);
    }
  });
});

describe('idCardCheckChar', () => {
  it('computes the ISO 7064 MOD 11-2 check character', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44052418800101001')).toBe('4');
  });
  it('rejects 29 February in a non-leap year and accepts it in a leap year', () => {
    const leap = '11010520000229001';
    const nonLeap = '11010519000229001';
    expect(isIdCard(leap + idCardCheckChar(leap))).toBe(true);
    expect(isIdCard(nonLeap + idCardCheckChar(nonLeap))).toBe(false);
  });
});

describe('isEmptyCell / validateRequired', () => {
  it.each([[null], [undefined], [''], [[]]])('%p is empty', (v) => {
    expect(isEmptyCell(v)).toBe(true);
    expect(validateRequired(v)).toBe('不能为空');
  });
  it.each([[0], [false], [' '], [[0]], [{}]])('%p is not empty', (v) => {
    expect(isEmptyCell(v)).toBe(false);
    expect(validateRequired(v)).toBeNull();
  });
  it('takes a custom message', () => {
    expect(EMPTY_CELL_MESSAGE).toBe('不能为空');
    expect(validateRequired('', 'name is required')).toBe('name is required');
  });
});

describe('trimAccount', () => {
  it('trims the login account', () => {
    expect(trimAccount('  admin \n')).toBe('admin');
    expect(trimAccount('13800138000@sub')).toBe('13800138000@sub');
  });
});

describe('validate', () => {
  it('treats empty values as valid (required is separate)', () => {
    expect(validate('mobile', '')).toBeNull();
    expect(validate('mobile', null)).toBeNull();
    expect(validate('mobile', undefined)).toBeNull();
  });
  it('lets a custom message override the default', () => {
    expect(validate('mobile', '123', 'bad phone')).toBe('bad phone');
    expect(validate('mobile', '13800138000', 'bad phone')).toBeNull();
  });
});

describe('rule (antd Form)', () => {
  it('resolves for valid and empty values', async () => {
    const r = rule('mobile');
    await expect(r.validator({}, '13800138000')).resolves.toBeUndefined();
    await expect(r.validator({}, '')).resolves.toBeUndefined();
    await expect(r.validator({}, undefined)).resolves.toBeUndefined();
    await expect(r.validator({}, [])).resolves.toBeUndefined();
  });
  it('rejects with an Error carrying the default message', async () => {
    const err = await rule('password')
      .validator({}, 'abc')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe('6-16 character password (digits and letters)');
  });
  it('rejects with the custom message when given', async () => {
    await expect(rule('account', '只能输入英文和数字').validator({}, 'a b')).rejects.toThrow(
      '只能输入英文和数字',
    );
    await expect(rule('halfHour').validator({}, '1.2')).rejects.toThrow(
      'time can only be an integer or a multiple of 0.5',
    );
  });
});
