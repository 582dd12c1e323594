/**
 * The forms' own words in three languages (pure): what the system, not the designer, writes on a
 * form — the generic placeholders and button texts a new control starts with, the required
 * messages — is stored as nothing (or recognised when a saved form, ours or JNPF's, carries the
 * catalogue's default text) and said in the reader's language at display time. A designer's own
 * text is data and is shown as written.
 */

/** The languages of the console (i18next codes). */
export type FormLang = 'zh' | 'zhtw' | 'en';
export type Texts = Readonly<Record<FormLang, string>>;

/** The console's language code → the forms' language (anything else reads Chinese, the default). */
export const formLang = (language: string | null | undefined): FormLang =>
  language === 'en' || language?.startsWith('en-')
    ? 'en'
    : language === 'zhtw' || language === 'zh-TW'
      ? 'zhtw'
      : 'zh';

/**
 * Default texts the catalogue stored in new controls before it stopped storing them, and those
 * JNPF 3.x forms carry: a saved form holding one of them did not have it written by its designer.
 */
const DEFAULTS: ReadonlySet<string> = new Set([
  '请输入',
  '請輸入',
  '请选择',
  '請選擇',
  '系统自动生成',
  '系統自動生成',
  '请输入内容...',
  '请输入内容…',
  '数字文本',
  '數字文本',
  '开始时间',
  '结束时间',
  '开始日期',
  '结束日期',
  '開始時間',
  '結束時間',
  '開始日期',
  '結束日期',
  '点击上传',
  '點擊上傳',
  '选择文件',
  '选择数据',
  '添加',
]);

/** Is this text one the catalogue or JNPF puts there by default (not the designer's own)? */
export const isDefaultText = (v: unknown): boolean => typeof v === 'string' && DEFAULTS.has(v.trim());

/**
 * The designer's own text, or undefined when there is none: empty, not text, or one of the
 * default texts (which the reader gets in their language instead).
 */
export function ownText(v: unknown): string | undefined {
  if (typeof v !== 'string' || v.trim() === '' || isDefaultText(v)) return undefined;
  return v;
}

/** `{label}不能为空` in the reader's language. */
export const requiredText = (label: string, lang: FormLang): string =>
  lang === 'en' ? `${label} is required` : lang === 'zhtw' ? `${label}不能為空` : `${label}不能为空`;

/** A required sub-table cell (spec §5 '不能为空'). */
export const EMPTY_CELL_TEXTS: Texts = { zh: '不能为空', zhtw: '不能為空', en: 'Required' };

/** A regList rule that fails without a message of its own and is no preset. */
export const BAD_FORMAT_TEXTS: Texts = { zh: '格式不正确', zhtw: '格式不正確', en: 'Invalid format' };
