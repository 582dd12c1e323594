import { createField } from './controls';
import {
  REG_PRESETS,
  compileRegRule,
  isEmptyValue,
  isSlowPattern,
  parseRegPattern,
  presetOf,
  regListProblem,
  requiredMessage,
  requiredProblem,
} from './rules';
import type { FormField } from './types';

const withRegs = (regList: Array<{ pattern: string; message: string }>): FormField => {
  const f = createField('input', 1);
  f.__config__.regList = regList;
  return f;
};

describe('parseRegPattern', () => {
  it('parses /body/flags without eval', () => {
    const re = parseRegPattern('/^ab+c$/i');
    expect(re?.source).toBe('^ab+c$');
    expect(re?.flags).toBe('i');
    expect(re?.test('ABBC')).toBe(true);
    expect(parseRegPattern('/a\\/b/')?.test('a/b')).toBe(true);
    expect(parseRegPattern('^\\d+$')?.test('12')).toBe(true);
  });

  it('drops g and y so a rule answers the same twice', () => {
    const re = parseRegPattern('/^a$/g');
    expect(re?.flags).toBe('');
    expect(re?.test('a')).toBe(true);
    expect(re?.test('a')).toBe(true);
  });

  it('returns null for what is not a pattern', () => {
    expect(parseRegPattern('/(/')).toBeNull();
    expect(parseRegPattern('/a/q')).toBeNull();
    expect(parseRegPattern('/a/ii')).toBeNull();
    expect(parseRegPattern('//')).toBeNull();
    expect(parseRegPattern('')).toBeNull();
    expect(parseRegPattern(3)).toBeNull();
    expect(parseRegPattern('/alert(1)//')).not.toBeNull(); // just a pattern, never run
  });
});

describe('regList', () => {
  it('checks patterns in order, with their messages; empty values pass', () => {
    const f = withRegs([
      { pattern: '/^\\d+$/', message: 'digits' },
      { pattern: '/^.{3}$/', message: 'three' },
    ]);
    expect(regListProblem(f, 'x')).toBe('digits');
    expect(regListProblem(f, '12')).toBe('three');
    expect(regListProblem(f, 123)).toBeNull();
    expect(regListProblem(f, '')).toBeNull();
    expect(regListProblem(f, null)).toBeNull();
    expect(regListProblem(f, ['x'])).toBeNull();
  });

  it('skips an invalid pattern and gives a default message', () => {
    expect(regListProblem(withRegs([{ pattern: '/(/', message: 'x' }]), 'a')).toBeNull();
    expect(regListProblem(withRegs([{ pattern: '/b/', message: '' }]), 'a')).toBe('格式不正确');
    expect(regListProblem(withRegs([{ pattern: '/b/', message: '' }]), 'a', 'en')).toBe('Invalid format');
    const rule = { pattern: '/b/', message: 'm' };
    expect(compileRegRule(rule)).toBe(compileRegRule(rule));
  });

  it('has the presets with the spec messages; a custom message overrides', () => {
    const p = Object.fromEntries(REG_PRESETS.map((x) => [x.key, x]));
    expect(Object.keys(p)).toEqual(['digits', 'amount', 'phone', 'mobile', 'email', 'idCard']);
    expect(p.mobile?.messages.en).toBe('please enter your mobile number correctly');
    expect(p.email?.messages.en).toBe('enter your e-mail address correctly');
    expect(p.idCard?.messages.en).toBe('enter your ID number correctly');
    for (const x of REG_PRESETS) expect(parseRegPattern(x.pattern)).not.toBeNull();
    const mobile = withRegs([{ pattern: p.mobile?.pattern ?? '', message: '' }]);
    expect(regListProblem(mobile, '13812345678')).toBeNull();
    expect(regListProblem(mobile, '12812345678', 'en')).toBe('please enter your mobile number correctly');
    const custom = withRegs([{ pattern: p.mobile?.pattern ?? '', message: '手机号不对' }]);
    expect(regListProblem(custom, '1')).toBe('手机号不对');
    // the ID card preset checks the check character, not only the shape
    const id = withRegs([{ pattern: p.idCard?.pattern ?? '', message: '' }]);
    expect(regListProblem(id, '11010519491231002X')).toBeNull();
    expect(regListProblem(id, '110105194912310021', 'en')).toBe('enter your ID number correctly');
    const amount = withRegs([{ pattern: p.amount?.pattern ?? '', message: '' }]);
    expect(regListProblem(amount, '12.50')).toBeNull();
    expect(regListProblem(amount, '12.505')).not.toBeNull();
    const phone = withRegs([{ pattern: p.phone?.pattern ?? '', message: '' }]);
    expect(regListProblem(phone, '010-88886666')).toBeNull();
    expect(regListProblem(phone, 'abc')).not.toBeNull();
    const digits = withRegs([{ pattern: p.digits?.pattern ?? '', message: '' }]);
    expect(regListProblem(digits, '0012')).toBeNull();
    expect(regListProblem(digits, '1.2', 'en')).toBe('digits only');
  });

  it("says a preset's message in the reader's language, whatever language it was stored in", () => {
    const mobile = presetOf(REG_PRESETS.find((x) => x.key === 'mobile')?.pattern);
    if (!mobile) throw new Error('no mobile preset');
    // inserted by the designer with no message; stored by an earlier designer in English or Chinese
    for (const message of ['', mobile.messages.en, mobile.messages.zh]) {
      const f = withRegs([{ pattern: mobile.pattern, message }]);
      expect(regListProblem(f, '123', 'zh')).toBe('请输入正确的手机号码');
      expect(regListProblem(f, '123', 'zhtw')).toBe('請輸入正確的手機號碼');
      expect(regListProblem(f, '123', 'en')).toBe('please enter your mobile number correctly');
    }
    // a message the designer wrote is data: shown as written to everyone
    const own = withRegs([{ pattern: mobile.pattern, message: '联系电话填错了' }]);
    expect(regListProblem(own, '123', 'en')).toBe('联系电话填错了');
  });
});

describe('required', () => {
  it('says {label}不能为空 unless the designer wrote a placeholder', () => {
    const f = createField('input', 1);
    f.__config__.label = '灯杆编号';
    expect(requiredMessage(f)).toBe('灯杆编号不能为空');
    f.placeholder = '请输入灯杆编号';
    expect(requiredMessage(f)).toBe('请输入灯杆编号');
  });

  it("says the required message in the reader's language; default placeholders are not the designer's", () => {
    const f = createField('input', 1);
    f.__config__.label = 'Pole';
    expect(requiredMessage(f, 'en')).toBe('Pole is required');
    expect(requiredMessage(f, 'zhtw')).toBe('Pole不能為空');
    for (const generic of ['请输入', '请选择', '系统自动生成']) {
      f.placeholder = generic;
      expect(requiredMessage(f, 'en')).toBe('Pole is required');
    }
    const cell = { ...createField('inputNumber', 2), __config__: { ...f.__config__, required: true } };
    expect(requiredProblem(cell, '', { inTable: true, lang: 'en' })).toBe('Required');
  });

  it('finds empty values per control', () => {
    const input = {
      ...createField('input', 1),
      __config__: { ...createField('input', 1).__config__, required: true },
    };
    expect(requiredProblem(input, '  ')).toBe('单行输入不能为空');
    expect(requiredProblem(input, 'a')).toBeNull();
    expect(requiredProblem(input, 0, {})).toBeNull();
    expect(requiredProblem(input, undefined, { required: false })).toBeNull();
    expect(requiredProblem(createField('input', 2), undefined, { required: true })).toBe('单行输入不能为空');
    expect(requiredProblem(createField('input', 2), undefined)).toBeNull();
    expect(isEmptyValue(createField('switch', 1), 0)).toBe(false);
    expect(isEmptyValue(createField('checkbox', 1), [])).toBe(true);
    expect(isEmptyValue(createField('editor', 1), '<p> &nbsp;</p>')).toBe(true);
    expect(isEmptyValue(createField('editor', 1), '<p><img src="/a.png"></p>')).toBe(false);
    // display controls are never required
    expect(requiredProblem(createField('divider', 1), undefined, { required: true })).toBeNull();
  });

  it('fails a required table cell on null, undefined, empty text or an empty list only', () => {
    const cell = createField('inputNumber', 1);
    for (const v of [null, undefined, '', []])
      expect(requiredProblem(cell, v, { inTable: true, required: true })).toBe('不能为空');
    for (const v of [0, ' ', 'x', [1]])
      expect(requiredProblem(cell, v, { inTable: true, required: true })).toBeNull();
  });
});

describe('isSlowPattern', () => {
  it('finds repeated groups that repeat', () => {
    for (const p of ['/^(a+)+$/', '/(\\d*)*x/', '/((ab)+c)*/', '/(x{2,})+/', '/^([a-z]+)*$/i'])
      expect(isSlowPattern(p)).toBe(true);
  });
  it('passes ordinary patterns, presets and escapes', () => {
    for (const p of [
      '/^LD-\\d{6}$/',
      '/^(ab)+$/',
      '/^(\\+)+$/',
      '/^[(a+)]+$/',
      '/^(a+){2}$/',
      '/^1[3-9]\\d{9}$/',
    ])
      expect(isSlowPattern(p)).toBe(false);
    for (const preset of REG_PRESETS) expect(isSlowPattern(preset.pattern)).toBe(false);
  });
});
