import {
  checkTokens,
  evaluate,
  evaluateDecimal,
  ExpressionError,
  fieldsOf,
  isValid,
  tokenize,
} from './expression';

describe('tokenize', () => {
  it('splits numbers, operators, parentheses and fields', () => {
    expect(tokenize('(1 + 2.5) × a ÷ {b-c}')).toEqual([
      { type: 'lparen' },
      { type: 'number', value: '1' },
      { type: 'operator', op: '+' },
      { type: 'number', value: '2.5' },
      { type: 'rparen' },
      { type: 'operator', op: '*' },
      { type: 'field', name: 'a' },
      { type: 'operator', op: '/' },
      { type: 'field', name: 'b-c' },
    ]);
  });

  it('maps * and / like × and ÷', () => {
    expect(tokenize('2*3/4').map((t) => (t.type === 'operator' ? t.op : t.type))).toEqual([
      'number',
      '*',
      'number',
      '/',
      'number',
    ]);
  });

  it('attaches a sign to a number only in operand position', () => {
    expect(tokenize('-3 - 2')).toEqual([
      { type: 'number', value: '-3' },
      { type: 'operator', op: '-' },
      { type: 'number', value: '2' },
    ]);
    expect(tokenize('2×-1')[2]).toEqual({ type: 'number', value: '-1' });
    expect(tokenize('a-1')).toHaveLength(3);
  });

  it('accepts Chinese identifiers and token lists', () => {
    expect(tokenize('单价×数量')).toEqual([
      { type: 'field', name: '单价' },
      { type: 'operator', op: '*' },
      { type: 'field', name: '数量' },
    ]);
    expect(tokenize(['comInput1', '+', '(', '{x y}', '×', '2', ')'])).toEqual([
      { type: 'field', name: 'comInput1' },
      { type: 'operator', op: '+' },
      { type: 'lparen' },
      { type: 'field', name: 'x y' },
      { type: 'operator', op: '*' },
      { type: 'number', value: '2' },
      { type: 'rparen' },
    ]);
  });

  it('throws on bad characters and unterminated fields', () => {
    expect(() => tokenize('1 % 2')).toThrow(ExpressionError);
    expect(() => tokenize('{abc')).toThrow(ExpressionError);
    expect(() => tokenize('{ }')).toThrow(ExpressionError);
  });
});

describe('isValid', () => {
  it.each(['1', '1 + 2', '(1+2)×3', 'a ÷ (b - c)', '((1))', '{f1} * 2', '-1 + 2', '.5 × 2'])(
    'valid: %s',
    (e) => {
      expect(isValid(e)).toBe(true);
    },
  );
  it.each([
    '',
    '+',
    '1 +',
    '+ 1',
    '1 2',
    '()',
    '(1',
    '1)',
    ')1(',
    '1 + × 2',
    '(+)',
    'a b',
    '1 (2)',
    '(1)(2)',
  ])('invalid: %s', (e) => {
    expect(isValid(e)).toBe(false);
  });
  it('checkTokens explains the problem', () => {
    expect(() => checkTokens([])).toThrow('empty expression');
    expect(() => checkTokens(tokenize('1 +'))).toThrow('expression ends with an operator');
  });
});

describe('evaluate', () => {
  it('uses decimal arithmetic', () => {
    expect(evaluate('0.1 + 0.2', {})).toBe(0.3);
    expect(evaluate('1.1 × 3')).toBe(3.3);
    expect(evaluate('a + b', { a: 0.1, b: 0.2 })).toBe(0.3);
  });
  it('ranks + and - below × and ÷, left-associative', () => {
    expect(evaluate('2 + 3 × 4')).toBe(14);
    expect(evaluate('(2 + 3) × 4')).toBe(20);
    expect(evaluate('10 - 4 - 3')).toBe(3);
    expect(evaluate('100 ÷ 10 ÷ 5')).toBe(2);
    expect(evaluate('2 * 3 / 4')).toBe(1.5);
    expect(evaluate('1 - (2 - (3 - 4))')).toBe(-2);
  });
  it('reads fields, missing or non-finite ones count as 0', () => {
    expect(evaluate('{price} × {qty}', { price: 2.5, qty: 4 })).toBe(10);
    expect(evaluate('price × qty', { price: 2.5 })).toBe(0);
    expect(evaluate('a + 1', { a: Number.NaN })).toBe(1);
    expect(evaluate('toString + 1', {})).toBe(1); // no prototype lookups
  });
  it('turns NaN, division by zero and invalid expressions into 0', () => {
    expect(evaluate('1 ÷ 0')).toBe(0);
    expect(evaluate('0 / 0')).toBe(0);
    expect(evaluate('a ÷ b', { a: 1, b: 0 })).toBe(0);
    expect(evaluate('1 +')).toBe(0);
    expect(evaluate('1 % 2')).toBe(0);
  });
  it('evaluates token lists', () => {
    expect(evaluate(['a', '×', '(', 'b', '+', '1', ')'], { a: 2, b: 3 })).toBe(8);
  });
  it('evaluateDecimal returns a Decimal and throws on grammar errors', () => {
    expect(evaluateDecimal('1/3').toFixed(4)).toBe('0.3333');
    expect(() => evaluateDecimal('1 +')).toThrow(ExpressionError);
  });
  it('fieldsOf lists distinct fields', () => {
    expect(fieldsOf('a + {b} × a - 2')).toEqual(['a', 'b']);
    expect(fieldsOf('1 %')).toEqual([]);
  });
});
