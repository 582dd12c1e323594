import { AMOUNT_TOO_LARGE, amountToChinese } from './amount';

describe('amountToChinese', () => {
  it.each([
    // required vectors
    ['1409.50', '壹仟肆佰零玖元伍角'],
    ['6007.14', '陆仟零柒元壹角肆分'],
    ['325.04', '叁佰贰拾伍元零肆分'],
    ['100000', '壹拾万元整'],
    // zero runs in the middle: one 零 per run
    ['1010', '壹仟零壹拾元整'],
    ['100000001', '壹亿零壹元整'],
    ['100001000', '壹亿零壹仟元整'],
    ['10000100', '壹仟万零壹佰元整'],
    ['1000010', '壹佰万零壹拾元整'],
    ['100100100', '壹亿零壹拾万零壹佰元整'],
    ['204060.08', '贰拾万肆仟零陆拾元零捌分'],
    // run ending at a 万 boundary with a non-zero 千位: short form without 零
    ['105000', '壹拾万伍仟元整'],
    ['1004000', '壹佰万肆仟元整'],
    ['110000000', '壹亿壹仟万元整'],
    // fractions
    ['0.05', '伍分'],
    ['0.5', '伍角'],
    ['.5', '伍角'],
    ['0.15', '壹角伍分'],
    ['1680.32', '壹仟陆佰捌拾元叁角贰分'],
    ['30000000000.01', '叁佰亿元零壹分'],
    // 整 and 壹拾
    ['10.00', '壹拾元整'],
    ['10', '壹拾元整'],
    ['110', '壹佰壹拾元整'],
    ['1100', '壹仟壹佰元整'],
    ['1000000', '壹佰万元整'],
    ['100000000', '壹亿元整'],
    ['0', '零元整'],
    ['0.00', '零元整'],
    ['-0', '零元整'],
    ['007', '柒元整'],
    ['  12 ', '壹拾贰元整'],
    ['1e3', '壹仟元整'],
    // rounding half-up to 分
    ['0.005', '壹分'],
    ['0.004', '零元整'],
    ['1.995', '贰元整'],
    ['2.345', '贰元叁角伍分'],
    ['999999999999.994', '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ])('%s → %s', (input, expected) => {
    expect(amountToChinese(input)).toBe(expected);
  });

  it('accepts numbers via String()', () => {
    expect(amountToChinese(1409.5)).toBe('壹仟肆佰零玖元伍角');
    expect(amountToChinese(0)).toBe('零元整');
    expect(amountToChinese(100000)).toBe('壹拾万元整');
    expect(amountToChinese(0.1 + 0.2)).toBe('叁角'); // 0.30000000000000004 rounds to 0.30
    expect(amountToChinese(1e-7)).toBe('零元整');
  });

  it('is too large beyond 12 integer digits (also after rounding)', () => {
    expect(amountToChinese('1000000000000')).toBe(AMOUNT_TOO_LARGE);
    expect(amountToChinese('999999999999.995')).toBe(AMOUNT_TOO_LARGE);
    expect(amountToChinese(1e21)).toBe(AMOUNT_TOO_LARGE);
    expect(AMOUNT_TOO_LARGE).toBe('金额过大，无法转换');
  });

  it.each([['-1'], ['-0.01'], ['abc'], [''], ['0x10'], ['Infinity'], ['1,000'], ['1.2.3'], ['12元']])(
    '%s → empty',
    (input) => {
      expect(amountToChinese(input)).toBe('');
    },
  );

  it('empty for negative and non-finite numbers', () => {
    expect(amountToChinese(-1)).toBe('');
    expect(amountToChinese(Number.NaN)).toBe('');
    expect(amountToChinese(Number.POSITIVE_INFINITY)).toBe('');
  });
});
