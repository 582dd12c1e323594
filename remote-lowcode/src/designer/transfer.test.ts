import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportFileName, formJson, parseForm, savedForm } from './transfer';

const fixture = (name: string) =>
  readFileSync(join(__dirname, '../../../shared/src/formcore/fixtures', name), 'utf8');

describe('parseForm', () => {
  it('loads a JNPF 3.x form written in the old shape', () => {
    const r = parseForm(fixture('legacy-inspection.json'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.form.fields[0]!.__config__.jnpfKey).toBe('input');
    expect(r.form.fields.length).toBeGreaterThan(3);
  });

  it('loads the form inside a JNPF 3.x online-development export file (.vdd)', () => {
    // the 3.x server's export: the model entity as JSON, modelType "design", the form as text
    const vdd = JSON.stringify({
      id: '367836478934568932',
      fullName: '路灯巡检',
      enCode: 'inspection',
      state: 1,
      type: 2,
      category: 'ops',
      sortCode: 0,
      description: '',
      tables:
        '[{"relationField":"","relationTable":"","table":"inspection","tableName":"巡检","tableField":"","typeId":"1"}]',
      dbLinkId: '0',
      webType: 2,
      formData: fixture('legacy-inspection.json'),
      columnData: '{"columnList":[]}',
      modelType: 'design',
    });
    const r = parseForm(vdd);
    if (!r.ok) throw new Error(r.message);
    expect(r).toEqual(parseForm(fixture('legacy-inspection.json')));
    expect(parseForm({ modelType: 'design', formData: '{not json' })).toEqual({
      ok: false,
      message: 'not JSON',
    });
  });

  it('answers the problem with its path instead of throwing', () => {
    expect(parseForm('{not json')).toEqual({ ok: false, message: 'not JSON' });
    expect(parseForm({ fields: [{ __config__: { jnpfKey: 'nope', label: 'x' } }] })).toEqual({
      ok: false,
      message: "fields[0].__config__.jnpfKey: unknown control 'nope'",
    });
  });

  it('round-trips what it exports', () => {
    const r = parseForm(fixture('legacy-repair-order.json'));
    if (!r.ok) throw new Error(r.message);
    const again = parseForm(formJson(r.form));
    expect(again).toEqual({ ok: true, form: r.form });
  });
});

describe('savedForm and exportFileName', () => {
  it('starts a model never designed with an empty form and the defaults', () => {
    const r = savedForm(null);
    expect(r.ok && r.form).toMatchObject({ fields: [], popupType: 'general', labelPosition: 'right' });
  });

  it('names the file after the code, safely', () => {
    expect(exportFileName('repairReport')).toBe('repairReport.form.json');
    expect(exportFileName('../a b')).toBe('a_b.form.json');
    expect(exportFileName('')).toBe('form.form.json');
  });
});
