/**
 * Names and safe text for the code generator (pure). Everything a model puts into generated code
 * goes through one of these: identifiers are derived and checked, strings become literals, and
 * comments and Markdown get one line with nothing that could end them. A label holding quotes,
 * backticks, `${`, `*\/` or newlines therefore still produces valid code.
 */

/** The generated remote's class name: PascalCase, used for its types, page and (lower-cased) its name. */
export const CLASS_NAME_PATTERN = '^[A-Z][A-Za-z0-9]{1,39}$';
/** The area (first segment of the page's urlAddress), as AreasName lists them. */
export const MODULE_PATTERN = '^[a-z][A-Za-z0-9]{0,39}$';

/**
 * Names a generated remote may not take: the workspace's own packages (folder `remote-<name>`,
 * federation name `<name>`), so an unzipped remote never overwrites one of ours.
 */
export const RESERVED_REMOTE_NAMES: ReadonlySet<string> = new Set([
  'host',
  'shared',
  'server',
  'e2e',
  'build',
  'map',
  'lowcode',
  'workflow',
  'system',
  'chat',
  'citizen',
]);

/** 'repairReport' → 'RepairReport'; 'material-apply.copy2' → 'MaterialApplyCopy2'; no letters → 'Model'. */
export function defaultClassName(enCode: string): string {
  const words = enCode.split(/[^A-Za-z0-9]+/).filter(Boolean);
  let name = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  if (name === '') return 'Model';
  if (!/^[A-Z]/.test(name)) name = `M${name}`;
  if (name.length < 2) name = `${name}Model`;
  return name.slice(0, 40);
}

/** The remote's federation name, package folder (`remote-<name>`) and URL segment: 'repairreport'. */
export const remoteNameOf = (className: string): string => className.toLowerCase();

export const lowerFirst = (s: string): string => (s ? s[0]!.toLowerCase() + s.slice(1) : s);

/** The page's urlAddress: the area and the class name, e.g. 'dynamicModel/repairReport'. */
export const urlAddressOf = (module: string, className: string): string =>
  `${module}/${lowerFirst(className)}`;

/**
 * A JavaScript/TypeScript/JSON string literal of `text`: JSON's escaping (quotes, backslashes,
 * control characters) plus the two line separators some tools still reject. Backticks and `${`
 * are plain characters inside a double-quoted literal.
 */
export function lit(text: string): string {
  return JSON.stringify(text)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text for a `//` or `/* *\/` comment: one line, no `*\/`, no control characters. */
export function commentText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .replace(/\*\//g, '* /')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Text for one line of Markdown: one line, the characters Markdown would act on escaped. */
export function markdownText(text: string): string {
  return commentText(text).replace(/([\\`*_{}[\]()<>#+|!~])/g, '\\$1');
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** An object key or property name: bare when it is an identifier, else a string literal. */
export const propertyKey = (name: string): string => (IDENTIFIER.test(name) ? name : lit(name));

/** A PascalCase identifier part from any field name ('poleCode' → 'PoleCode', 'a-b' → 'AB'). */
export function pascal(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const s = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return /^[A-Za-z]/.test(s) ? s : `F${s}`;
}
