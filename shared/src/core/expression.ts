/**
 * Arithmetic expressions for calculated form fields (spec §4 "Calculated fields", §5 "Arithmetic expression").
 *
 * Grammar (whitespace ignored):
 *   expr    := term (('+' | '-') term)*
 *   term    := operand (('×' | '*' | '÷' | '/') operand)*
 *   operand := NUMBER | FIELD | '(' expr ')'
 *
 * - NUMBER: `12`, `12.5`, `.5`. A sign ('+'/'-') directly attached to a number literal is accepted only where an
 *   operand is expected (start, after '(' or after an operator): `-3 × a`, `2 × -1`. There is no unary minus on
 *   fields or parentheses: write `0 - a` instead.
 * - FIELD: either `{any field name}` (braces allow any characters except '}' — use this for form ids such as
 *   `{comInput-1}`), or a bare identifier `[A-Za-z_$\u4e00-\u9fa5][\w$\u4e00-\u9fa5]*` (e.g. `price`, `数量`).
 * - Operators: '+', '-' rank below '×'/'*' and '÷'/'/'; all left-associative.
 *
 * The expression may also be given as a token list (the form designer stores `calculate` as a list of strings):
 * each element is then one token — an operator, a parenthesis, a number, or otherwise a field name (braces optional).
 *
 * Arithmetic uses big.js (decimal, 20 places for division), so 0.1 + 0.2 = 0.3. Following the spec ("NaN becomes 0"), `evaluate` never throws:
 * an invalid expression, a division by zero, or a non-finite result yields 0; a missing or non-finite variable
 * counts as 0.
 */
import Big from 'big.js';

export type Operator = '+' | '-' | '*' | '/';

export type Token =
  | { type: 'number'; value: string }
  | { type: 'field'; name: string }
  | { type: 'operator'; op: Operator }
  | { type: 'lparen' }
  | { type: 'rparen' };

/** What is wrong with an expression, for a message in the reader's language (formcore/design). */
export type ExpressionProblem =
  'empty' | 'operandExpected' | 'operatorExpected' | 'endsWithOperator' | 'parentheses' | 'badToken';

export class ExpressionError extends Error {
  /**
   * @param message English, for logs and the server's 400
   * @param problem the kind, for a translated message
   * @param at the 0-based token where it was found, when one is to blame
   */
  constructor(
    message: string,
    readonly problem: ExpressionProblem = 'badToken',
    readonly at?: number,
  ) {
    super(message);
    this.name = 'ExpressionError';
  }
}

const OPERATOR_CHARS: Readonly<Record<string, Operator>> = {
  '+': '+',
  '-': '-',
  '*': '*',
  '×': '*',
  '/': '/',
  '÷': '/',
};

const NUMBER_RE = /^(?:\d+(?:\.\d+)?|\.\d+)/;
const SIGNED_NUMBER_RE = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;
const IDENT_RE = /^[A-Za-z_$\u4e00-\u9fa5][\w$\u4e00-\u9fa5]*/;

function operatorOf(ch: string): Operator | undefined {
  return Object.prototype.hasOwnProperty.call(OPERATOR_CHARS, ch) ? OPERATOR_CHARS[ch] : undefined;
}

/** True when the previous token leaves us expecting an operand (so a following sign belongs to a number). */
function expectsOperand(prev: Token | undefined): boolean {
  return prev === undefined || prev.type === 'operator' || prev.type === 'lparen';
}

function tokenizeList(list: readonly string[]): Token[] {
  const tokens: Token[] = [];
  for (const raw of list) {
    const s = raw.trim();
    if (s === '') continue;
    const op = operatorOf(s);
    if (s.length === 1 && op) tokens.push({ type: 'operator', op });
    else if (s === '(') tokens.push({ type: 'lparen' });
    else if (s === ')') tokens.push({ type: 'rparen' });
    else if (SIGNED_NUMBER_RE.test(s)) tokens.push({ type: 'number', value: s });
    else if (s.startsWith('{') && s.endsWith('}') && s.length > 2)
      tokens.push({ type: 'field', name: s.slice(1, -1) });
    else tokens.push({ type: 'field', name: s });
  }
  return tokens;
}

/**
 * Split an expression into tokens. Throws `ExpressionError` on a character that cannot start a token
 * or an unterminated `{field}`. Does not check the grammar (see `isValid`).
 */
export function tokenize(expr: string | readonly string[]): Token[] {
  if (typeof expr !== 'string') return tokenizeList(expr);
  const tokens: Token[] = [];
  let i = 0;
  while (i < expr.length) {
    const ch = expr.charAt(i);
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    const rest = expr.slice(i);
    const prev = tokens[tokens.length - 1];
    // signed number literal in operand position
    if ((ch === '+' || ch === '-') && expectsOperand(prev)) {
      const m = NUMBER_RE.exec(rest.slice(1));
      if (m) {
        tokens.push({ type: 'number', value: ch + m[0] });
        i += 1 + m[0].length;
        continue;
      }
    }
    const num = NUMBER_RE.exec(rest);
    if (num) {
      tokens.push({ type: 'number', value: num[0] });
      i += num[0].length;
      continue;
    }
    const ident = IDENT_RE.exec(rest);
    if (ident) {
      tokens.push({ type: 'field', name: ident[0] });
      i += ident[0].length;
      continue;
    }
    if (ch === '{') {
      const end = expr.indexOf('}', i + 1);
      if (end < 0) throw new ExpressionError(`unterminated field at ${i}`, 'badToken');
      const name = expr.slice(i + 1, end).trim();
      if (name === '') throw new ExpressionError(`empty field name at ${i}`, 'badToken');
      tokens.push({ type: 'field', name });
      i = end + 1;
      continue;
    }
    if (ch === '(') tokens.push({ type: 'lparen' });
    else if (ch === ')') tokens.push({ type: 'rparen' });
    else {
      const op = operatorOf(ch);
      if (!op) throw new ExpressionError(`unexpected character '${ch}' at ${i}`, 'badToken');
      tokens.push({ type: 'operator', op });
    }
    i += 1;
  }
  return tokens;
}

/**
 * Grammar check over tokens: operands and operators alternate, the expression starts and ends with an operand,
 * parentheses are balanced and never empty. Throws `ExpressionError` describing the first problem.
 */
export function checkTokens(tokens: readonly Token[]): void {
  if (tokens.length === 0) throw new ExpressionError('empty expression', 'empty');
  let depth = 0;
  let wantOperand = true;
  tokens.forEach((t, idx) => {
    switch (t.type) {
      case 'number':
      case 'field':
        if (!wantOperand)
          throw new ExpressionError(`operator expected at token ${idx}`, 'operatorExpected', idx);
        wantOperand = false;
        break;
      case 'operator':
        if (wantOperand)
          throw new ExpressionError(`operand expected at token ${idx}`, 'operandExpected', idx);
        wantOperand = true;
        break;
      case 'lparen':
        if (!wantOperand)
          throw new ExpressionError(`operator expected at token ${idx}`, 'operatorExpected', idx);
        depth += 1;
        break;
      case 'rparen':
        if (wantOperand)
          throw new ExpressionError(`operand expected at token ${idx}`, 'operandExpected', idx);
        depth -= 1;
        if (depth < 0) throw new ExpressionError(`unbalanced ')' at token ${idx}`, 'parentheses', idx);
        break;
    }
  });
  if (wantOperand) throw new ExpressionError('expression ends with an operator', 'endsWithOperator');
  if (depth !== 0) throw new ExpressionError('unbalanced parentheses', 'parentheses');
}

/** True when the expression (string or token list) is well-formed. Field names are allowed. */
export function isValid(expr: string | readonly string[]): boolean {
  try {
    checkTokens(tokenize(expr));
    return true;
  } catch {
    return false;
  }
}

/** Names of the fields an expression refers to, in order of first appearance (for dependency tracking). */
export function fieldsOf(expr: string | readonly string[]): string[] {
  let tokens: Token[];
  try {
    tokens = tokenize(expr);
  } catch {
    return [];
  }
  const seen = new Set<string>();
  for (const t of tokens) if (t.type === 'field') seen.add(t.name);
  return [...seen];
}

function toDecimal(v: number | undefined): Big {
  return typeof v === 'number' && Number.isFinite(v) ? new Big(v) : new Big(0);
}

/** Recursive-descent evaluation with big.js. Throws on grammar errors and on division by zero. */
export function evaluateDecimal(
  expr: string | readonly string[],
  vars: Readonly<Record<string, number>> = {},
): Big {
  const tokens = tokenize(expr);
  checkTokens(tokens);
  let pos = 0;

  const parseOperand = (): Big => {
    const t = tokens[pos];
    pos += 1;
    if (!t) throw new ExpressionError('unexpected end', 'endsWithOperator');
    if (t.type === 'number') return new Big(t.value);
    if (t.type === 'field')
      return toDecimal(Object.prototype.hasOwnProperty.call(vars, t.name) ? vars[t.name] : undefined);
    if (t.type === 'lparen') {
      const v = parseExpr();
      pos += 1; // ')' — guaranteed by checkTokens
      return v;
    }
    throw new ExpressionError('operand expected', 'operandExpected');
  };

  const parseTerm = (): Big => {
    let left = parseOperand();
    for (let t = tokens[pos]; t && t.type === 'operator' && (t.op === '*' || t.op === '/'); t = tokens[pos]) {
      pos += 1;
      const right = parseOperand();
      left = t.op === '*' ? left.times(right) : left.div(right);
    }
    return left;
  };

  function parseExpr(): Big {
    let left = parseTerm();
    for (let t = tokens[pos]; t && t.type === 'operator' && (t.op === '+' || t.op === '-'); t = tokens[pos]) {
      pos += 1;
      const right = parseTerm();
      left = t.op === '+' ? left.plus(right) : left.minus(right);
    }
    return left;
  }

  return parseExpr();
}

/**
 * Evaluate an expression with field values. Never throws: invalid expression, division by zero, NaN → 0.
 * `evaluate('0.1 + 0.2', {}) === 0.3`.
 */
export function evaluate(
  expr: string | readonly string[],
  vars: Readonly<Record<string, number>> = {},
): number {
  try {
    const n = evaluateDecimal(expr, vars).toNumber();
    return Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}
