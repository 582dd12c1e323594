import { i18next } from '@lighting/shared';
import { ASSET_KINDS, ASSET_STATUSES, textWidth } from '@lighting/shared/core';
import '../i18n';
import {
  LAYERS_CARD,
  layersCardWidth,
  buttonColumnWidth,
  columnWidth,
  fitPriorityColumns,
  minPanelWidth,
  splitWidth,
  type PriorityColumn,
} from './panelLayout';

const col = (key: string, priority: number, minWidth: number, header = key): PriorityColumn => ({
  key,
  priority,
  minWidth,
  header,
});

describe('side panel columns by priority', () => {
  const faults = [
    col('asset', 1, 110),
    col('type', 1, 120),
    col('urgency', 1, 80),
    col('district', 3, 90),
    col('reportedAt', 2, 104),
    col('action', 1, 120),
  ];

  it('always shows the deciding columns and adds the others by priority while they fit', () => {
    // 430 for the always-shown four: 534 px (the fault panel at 1366) also takes 上报时间 (104)
    const at534 = fitPriorityColumns(faults, 534);
    expect(at534.shown).toEqual(['asset', 'type', 'urgency', 'reportedAt', 'action']);
    expect(at534.hidden).toEqual(['district']);
    expect(at534.total).toBeLessThanOrEqual(534);
    const wide = fitPriorityColumns(faults, 800);
    expect(wide.shown).toEqual(faults.map((c) => c.key));
    expect(wide.hidden).toEqual([]);
    const narrow = fitPriorityColumns(faults, 450);
    expect(narrow.shown).toEqual(['asset', 'type', 'urgency', 'action']);
    expect(narrow.hidden).toEqual(['district', 'reportedAt']);
  });

  it('a wide column that does not fit leaves room for a narrower later one', () => {
    const cols = [col('a', 1, 100), col('wide', 2, 300), col('small', 3, 60)];
    expect(fitPriorityColumns(cols, 200).shown).toEqual(['a', 'small']);
  });

  it('never reports a total over the panel unless the always-shown columns are wider', () => {
    for (const w of [300, 430, 500, 534, 552, 700, 1000]) {
      const f = fitPriorityColumns(faults, w);
      if (w >= minPanelWidth(faults, 0)) expect(f.total).toBeLessThanOrEqual(w);
      expect(Object.keys(f.widths)).toEqual(f.shown);
    }
  });

  it('gives a header in a longer language the room it needs', () => {
    expect(columnWidth({ header: '紧急程度', minWidth: 60 })).toBeGreaterThanOrEqual(4 * 14 + 16);
    expect(columnWidth({ header: 'Est. cost (CNY)', minWidth: 60 })).toBeGreaterThan(
      columnWidth({ header: '预估费用(元)', minWidth: 60 }) - 1,
    );
    expect(columnWidth({ header: '区县', minWidth: 90 })).toBe(90);
    // the longest label of a button column: 'Request approval' needs more than '发起审批'
    expect(buttonColumnWidth(['Dispatch', 'Request approval'])).toBeGreaterThan(
      buttonColumnWidth(['派单', '发起审批']),
    );
  });
});

describe('the split between panel and map', () => {
  const limits = { min: 460, mapMin: 360, share: 0.45 };
  it('starts at its share and keeps the operator’s width within the floor and the map’s minimum', () => {
    expect(splitWidth(1100, null, limits)).toBe(495);
    expect(splitWidth(1100, 300, limits)).toBe(460);
    expect(splitWidth(1100, 900, limits)).toBe(740);
    expect(splitWidth(1100, 600, limits)).toBe(600);
  });
  it('keeps the panel’s floor when the row is too narrow for both', () => {
    expect(splitWidth(700, null, limits)).toBe(460);
    expect(splitWidth(700, 650, limits)).toBe(460);
  });
});

describe('the layers card', () => {
  const names = (lng: string) => {
    const t = i18next.getFixedT(lng, 'map') as unknown as (k: string) => string;
    return [...ASSET_KINDS.map((k) => t(`kind.${k}`)), ...ASSET_STATUSES.map((s) => t(`status.${s}`))];
  };
  // a column's room for a name: half the card less its padding, border and gap, less checkbox and swatch
  const room = (width: number) => (width - 32) / 2 - 52;

  it('is as wide as two columns of its names on one line, in every language', () => {
    for (const lng of ['zh', 'zhtw']) {
      const w = layersCardWidth(names(lng));
      // 待录入属性 wrapped at 248 px (the checkbox's padding was not counted)
      expect(w).toBeGreaterThan(LAYERS_CARD.min);
      expect(names(lng).filter((n) => textWidth(n, 13) > room(w))).toEqual([]);
    }
    // English: every name but the longest status on one line, the map keeping its room
    const en = names('en');
    const w = layersCardWidth(en);
    expect(w).toBe(LAYERS_CARD.max);
    expect(en.filter((n) => textWidth(n, 13) > room(w))).toEqual(['Pending attributes']);
  });

  it('stays within its bounds', () => {
    expect(layersCardWidth([])).toBe(LAYERS_CARD.min);
    expect(layersCardWidth(['A name far longer than any column could hold on one line'])).toBe(
      LAYERS_CARD.max,
    );
  });
});
