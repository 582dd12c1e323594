/**
 * Amount in figures → Chinese capital amount (大写金额), following the People's Bank of China writing rules
 * (《支付结算办法》附件 / 正确填写票据和结算凭证的基本规定):
 *
 * - Works on the decimal string (numbers are converted with String()); rounded to 分 half-up with big.js.
 * - '' for negative or non-numeric input; AMOUNT_TOO_LARGE when the integer part exceeds 12 digits.
 * - 壹拾 is always written for a leading ten (10 → 壹拾元整, 110 → 壹佰壹拾元整).
 * - A run of zeros in the middle is written as one 零 (6007 → 陆仟零柒元; 100000001 → 壹亿零壹元).
 *   A run that ends exactly at a 万/亿 boundary, with the next digit (千位) non-zero, is written without 零
 *   — the rules allow either form and we choose the short one (105000 → 壹拾万伍仟元整, 1004000 → 壹佰万肆仟元整).
 *   A run continuing past the boundary gets one 零 (10000100 → 壹仟万零壹佰元整).
 * - Integer part 0 is omitted when there are 角/分 (0.05 → 伍分); 0 alone → 零元整.
 * - 元位 0 with 角 non-zero: no 零 (1680.32 → 壹仟陆佰捌拾元叁角贰分, the allowed short form).
 * - 角 0 and 分 non-zero: 零 after 元 (325.04 → 叁佰贰拾伍元零肆分).
 * - 整 after 元 when there are no 角/分; no 整 after 角 (1409.50 → 壹仟肆佰零玖元伍角, as in the required vectors).
 */
import Big from 'big.js';

export const AMOUNT_TOO_LARGE = '金额过大，无法转换';
export const AMOUNT_MAX_INTEGER_DIGITS = 12;

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const UNITS = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿'];

const NUMERIC_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Integer digits (no leading zeros, 1-12 digits, not '0') → 壹仟零壹拾 … (without 元). */
function integerToChinese(int: string): string {
  let out = '';
  let zeroPending = false;
  let sectionHasDigit = false;
  const len = int.length;
  for (let i = 0; i < len; i += 1) {
    const d = Number(int.charAt(i));
    const pos = len - 1 - i;
    const unit = pos % 4;
    const section = Math.floor(pos / 4);
    if (d === 0) {
      zeroPending = true;
    } else {
      if (zeroPending) out += '零';
      zeroPending = false;
      out += (DIGITS[d] ?? '') + (UNITS[unit] ?? '');
      sectionHasDigit = true;
    }
    if (unit === 0) {
      if (section > 0 && sectionHasDigit) {
        out += SECTIONS[section] ?? '';
        zeroPending = false; // a zero run ending at the section boundary is not written (see header)
      }
      sectionHasDigit = false;
    }
  }
  return out;
}

/** `amountToChinese('1409.50')` → '壹仟肆佰零玖元伍角'. */
export function amountToChinese(input: string | number): string {
  if (typeof input === 'number' && !Number.isFinite(input)) return '';
  const s = (typeof input === 'number' ? String(input) : typeof input === 'string' ? input : '').trim();
  if (!NUMERIC_RE.test(s)) return '';
  const value = new Big(s);
  if (value.lt(0)) return '';
  const fixed = value.abs().round(2, Big.roundHalfUp).toFixed(2);
  const [intPart = '0', fracPart = '00'] = fixed.split('.');
  if (intPart.length > AMOUNT_MAX_INTEGER_DIGITS) return AMOUNT_TOO_LARGE;
  const jiao = Number(fracPart.charAt(0));
  const fen = Number(fracPart.charAt(1));
  const hasInt = intPart !== '0';

  if (!hasInt && jiao === 0 && fen === 0) return '零元整';
  let out = hasInt ? `${integerToChinese(intPart)}元` : '';
  if (jiao === 0 && fen === 0) return `${out}整`;
  if (jiao !== 0) out += `${DIGITS[jiao] ?? ''}角`;
  else if (hasInt) out += '零';
  if (fen !== 0) out += `${DIGITS[fen] ?? ''}分`;
  return out;
}
