import { MESSAGES } from '../core/validators';
import { fieldRules, type AntdRule } from './formRules';

const messages = {
  required: (l: string) => `请输入${l}`,
  max: (l: string, n: number) => `${l}最多${n}个字符`,
};

async function run(rules: AntdRule[], value: unknown): Promise<string | null> {
  for (const r of rules) {
    if ('validator' in r) {
      try {
        await r.validator({}, value);
      } catch (e) {
        return (e as Error).message;
      }
    }
  }
  return null;
}

describe('fieldRules', () => {
  it('adds required with the field named, and the length cap', async () => {
    const rules = fieldRules({ label: '账号', required: true, max: 50 }, messages);
    expect(rules[0]).toMatchObject({ required: true, message: '请输入账号' });
    expect(rules[1]).toEqual({ max: 50, message: '账号最多50个字符' });
    for (const empty of ['', '  ', null, undefined, []]) expect(await run(rules, empty)).toBe('请输入账号');
    // numbers, false and text are values (a plain antd required rule refused numbers)
    for (const value of [0, 12, false, 'a']) expect(await run(rules, value)).toBeNull();
  });
  it('wires the §5 validators with their messages', async () => {
    const rules = fieldRules({ label: 'x', rules: ['account', 'enCode'] }, messages);
    expect(await run(rules, 'abc1')).toBeNull();
    expect(await run(rules, 'ab-c')).toBe(MESSAGES.account);
    expect(await run(rules, '')).toBeNull();
    expect(await run(fieldRules({ label: 'm', rules: ['mobile'] }, messages), '12345')).toBe(MESSAGES.mobile);
    expect(await run(fieldRules({ label: 'c', rules: ['enCode'] }, messages), '.a')).toBe(MESSAGES.enCode);
  });
});
