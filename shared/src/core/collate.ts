// One order for people's names and other text, whatever language the console shows: Chinese by
// pinyin (ICU's Chinese collation), then Latin letters alphabetically, digits by value
// (组2 before 组10). A list must not reorder when the user switches to English, nor put Chinese
// names in code-point order, as an 'en' collation does. Pure.

const collator = new Intl.Collator('zh-Hans-CN-u-co-pinyin', { numeric: true, sensitivity: 'base' });

/** Compares two texts in the product's one order (see above). */
export function compareText(a: string, b: string): number {
  return collator.compare(a, b);
}
