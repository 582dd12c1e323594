import { columnNeed, fitColumns, HEADER_CHROME, MIN_COLUMN } from './fitColumns';

/** 10 px a character: easy sums. */
const measure = (t: string) => t.length * 10;

describe('fitColumns', () => {
  it('gives a column its header in the language shown, or the width the page fixed', () => {
    expect(columnNeed({ key: 'a', title: 'Organization' }, measure)).toBe(120 + HEADER_CHROME);
    expect(columnNeed({ key: 'a', title: '组织' }, measure)).toBe(MIN_COLUMN);
    expect(columnNeed({ key: 'a', title: 'x', width: 200 }, measure)).toBe(200);
    // a width fixed for the Chinese header grows for the English one
    expect(columnNeed({ key: 'a', title: 'Occurrences', width: 80 }, measure)).toBe(110 + HEADER_CHROME);
  });

  it('shares the room left among the text columns and never scrolls when they fit', () => {
    const r = fitColumns(
      [
        { key: 'name', title: 'Name' },
        { key: 'code', title: 'Code' },
        { key: 'ops', title: 'Ops', width: 100 },
      ],
      400,
      measure,
    );
    expect(r.scrollX).toBeUndefined();
    expect(r.widths.ops).toBe(100);
    expect(r.widths.name! + r.widths.code! + r.widths.ops!).toBe(400);
  });

  it('lets the least important columns give way first, then scrolls only if nothing more may', () => {
    const cols = [
      { key: 'name', title: 'Name', width: 200 },
      { key: 'time', title: 'Created', width: 170, priority: 2 },
      { key: 'remark', title: 'Remark', width: 200, priority: 3 },
      { key: 'ops', title: 'Actions', width: 150 },
    ];
    expect(fitColumns(cols, 560, measure).shown).toEqual(['name', 'time', 'ops']);
    expect(fitColumns(cols, 400, measure).shown).toEqual(['name', 'ops']);
    expect(fitColumns(cols, 300, measure)).toMatchObject({ shown: ['name', 'ops'], scrollX: 350 });
    expect(fitColumns(cols, 800, measure).shown).toEqual(['name', 'time', 'remark', 'ops']);
  });
});
