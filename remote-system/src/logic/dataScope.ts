// A menu's data-permission schemes as the menu page edits them (pure): the condition groups a
// scheme's conditionJson holds (the JNPF 3.x shape, which the server checks and runs), the symbols
// and viewer attributes to choose from, and the conditions in words for the scheme's conditionText.

/** The symbols, in the 3.4 client's vocabulary (the server also reads the earlier Equal… names). */
export const SYMBOLS = [
  '==',
  '<>',
  '>',
  '>=',
  '<',
  '<=',
  'in',
  'notIn',
  'like',
  'notLike',
  'null',
  'notNull',
] as const;
export type Symbol = (typeof SYMBOLS)[number];

/** The earlier 3.x names a stored field or scheme may use, as the 3.4 symbol. */
const EARLIER: Readonly<Record<string, Symbol>> = {
  Equal: '==',
  NotEqual: '<>',
  GreaterThan: '>',
  GreaterThanOrEqual: '>=',
  LessThan: '<',
  LessThanOrEqual: '<=',
  Included: 'in',
  NotIncluded: 'notIn',
  Like: 'like',
  NotLike: 'notLike',
};

export const symbolOf = (s: string): Symbol | undefined =>
  (SYMBOLS as readonly string[]).includes(s) ? (s as Symbol) : EARLIER[s];

/** What a field's value may be: any text, or the viewer's own attribute. */
export const CONDITION_TEXTS = [
  'text',
  '@userId',
  '@userAraSubordinates',
  '@organizeId',
  '@organizationAndSuborganization',
  '@district',
  '@crewId',
] as const;
export type ConditionText = (typeof CONDITION_TEXTS)[number];

export const isToken = (v: unknown): boolean => typeof v === 'string' && v.startsWith('@');

export interface ConditionItem {
  field: string;
  op: Symbol | '';
  value: string;
}
export interface ConditionGroup {
  logic: 'and' | 'or';
  items: ConditionItem[];
}

/** A field as the scheme editor offers it. */
export interface SchemeField {
  enCode: string;
  fullName: string;
  /** the symbols allowed on it (all when none are set) */
  symbols: Symbol[];
  conditionText: string;
}

export const blankItem = (): ConditionItem => ({ field: '', op: '', value: '' });
export const blankGroup = (): ConditionGroup => ({ logic: 'and', items: [blankItem()] });

/** The symbols a field allows, as stored (a comma list in either vocabulary). */
export function fieldSymbols(conditionSymbol: string): Symbol[] {
  const out: Symbol[] = [];
  for (const s of conditionSymbol.split(',')) {
    const sym = symbolOf(s.trim());
    if (sym && !out.includes(sym)) out.push(sym);
  }
  return out;
}

/** A stored conditionJson as the editor's groups; unreadable text is no groups. */
export function readGroups(conditionJson: string): ConditionGroup[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(conditionJson || '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.map((g: unknown) => {
    const o = (g && typeof g === 'object' ? g : {}) as { logic?: unknown; groups?: unknown };
    const items = Array.isArray(o.groups) ? o.groups : [];
    return {
      logic: o.logic === 'or' ? 'or' : 'and',
      items: items.map((i: unknown) => {
        const it = (i && typeof i === 'object' ? i : {}) as {
          field?: unknown;
          op?: unknown;
          value?: unknown;
        };
        return {
          field: typeof it.field === 'string' ? it.field : '',
          op: (typeof it.op === 'string' && symbolOf(it.op)) || '',
          value: Array.isArray(it.value) ? it.value.join(',') : it.value == null ? '' : String(it.value),
        };
      }),
    };
  });
}

/** The editor's groups as the 3.x conditionJson (each item with its field's id and type as 3.x writes them). */
export function writeGroups(groups: readonly ConditionGroup[]): string {
  return JSON.stringify(
    groups.map((g) => ({
      logic: g.logic,
      groups: g.items.map((i) => ({
        id: i.field,
        field: i.field,
        type: 'String',
        op: i.op,
        value: i.op === 'null' || i.op === 'notNull' ? '' : i.value,
      })),
    })),
  );
}

/** The first item that cannot be saved: [group, item, what is missing], or null. */
export function incompleteItem(
  groups: readonly ConditionGroup[],
): [number, number, 'field' | 'op' | 'value'] | null {
  for (const [gi, g] of groups.entries())
    for (const [ii, i] of g.items.entries()) {
      if (!i.field) return [gi, ii, 'field'];
      if (!i.op) return [gi, ii, 'op'];
      if (i.op !== 'null' && i.op !== 'notNull' && i.value.trim() === '') return [gi, ii, 'value'];
    }
  return null;
}

/**
 * The conditions in words, for the scheme's conditionText: each item "name symbol value" with the
 * labels given (a field's name, a symbol's and a token's words in the reader's language).
 */
export function conditionWords(
  groups: readonly ConditionGroup[],
  matchLogic: 'and' | 'or',
  label: {
    field: (code: string) => string;
    symbol: (s: Symbol) => string;
    value: (v: string) => string;
    logic: (l: 'and' | 'or') => string;
  },
): string {
  const words = groups
    .filter((g) => g.items.length)
    .map((g) =>
      g.items
        .map((i) =>
          [
            label.field(i.field),
            i.op ? label.symbol(i.op) : '',
            i.op === 'null' || i.op === 'notNull' ? '' : label.value(i.value),
          ]
            .filter(Boolean)
            .join(' '),
        )
        .join(` ${label.logic(g.logic)} `),
    );
  return words.length > 1
    ? words.map((w) => `(${w})`).join(` ${label.logic(matchLogic)} `)
    : (words[0] ?? '');
}
