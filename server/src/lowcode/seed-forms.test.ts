import {
  listDesignProblems,
  normalizeColumnData,
  normalizeForm,
  planCalculations,
  applyCalculations,
  serverFilledFields,
  validateFormDesign,
  valueFields,
} from '@lighting/shared/formcore';
import { demoModels } from './seed-forms';

describe('demo forms', () => {
  const models = demoModels();

  it.each(models.map((m) => [m.fullName, m] as const))('%s loads and passes the design checks', (_n, m) => {
    const form = normalizeForm(JSON.parse(JSON.stringify(m.formData)));
    expect(validateFormDesign(form)).toEqual([]);
    expect(valueFields(form).length).toBeGreaterThan(3);
  });

  it.each(models.filter((m) => m.type === 2).map((m) => [m.fullName, m] as const))(
    '%s has a list its form serves, as the list designer saves it',
    (_n, m) => {
      const form = normalizeForm(JSON.parse(JSON.stringify(m.formData)));
      const cd = normalizeColumnData(JSON.stringify(m.columnData));
      expect(cd).toEqual(m.columnData);
      expect(listDesignProblems(cd ?? m.columnData!, form)).toEqual([]);
    },
  );

  it('are the same on every call (the seed is deterministic)', () => {
    expect(JSON.stringify(demoModels())).toBe(JSON.stringify(models));
  });

  it('the material requisition calculates each line and the total', () => {
    const m = models.find((x) => x.id === 'vd-material');
    const form = normalizeForm(m?.formData);
    const out = applyCalculations(planCalculations(form), {
      items: [
        { material: 'LED 灯头', qty: 3, price: 0.1 },
        { material: '电缆', qty: 120, price: 8.35 },
      ],
    });
    expect(out.items).toEqual([
      { material: 'LED 灯头', qty: 3, price: 0.1, amount: 0.3 },
      { material: '电缆', qty: 120, price: 8.35, amount: 1002 },
    ]);
    expect(out.total).toBe(1002.3);
    expect(serverFilledFields(form).map((f) => `${f.kind}:${f.key}`)).toEqual([
      'billRule:applyNo',
      'system:applicant',
      'system:dept',
      'calculate:items.amount',
      'calculate:total',
    ]);
  });

  it('the acceptance form relates to the repair report and shows its fields', () => {
    const m = models.find((x) => x.id === 'vd-acceptance');
    const repair = normalizeForm(models.find((x) => x.id === 'vd-repair')?.formData);
    const keys = new Set(valueFields(repair).map((v) => v.key));
    const form = normalizeForm(m?.formData);
    const relation = form.fields.find((f) => f.__config__.jnpfKey === 'relationForm');
    expect(relation?.modelId).toBe('vd-repair');
    expect(keys.has(String(relation?.relationField))).toBe(true);
    for (const attr of form.fields.filter((f) => f.__config__.jnpfKey === 'relationFormAttr'))
      expect(keys.has(String(attr.showField))).toBe(true);
  });
});
