/**
 * @jest-environment jsdom
 */
// The controls' modules load when a form shows them (controls/registry.ts): meanwhile each such
// control is a placeholder of a one-line control's height, its field still takes part in validation
// and submit, and once loaded the control renders with its label. A text box needs no module.
// (Its own file: jest's module registry is per file, so no control is loaded before these tests.)
import { createRef } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { i18next } from '@lighting/shared';
import { createField, normalizeForm, type FormField, type JnpfKey } from '@lighting/shared/formcore';
import { FormRenderer, type FormRendererHandle } from './FormRenderer';
import { LOADED_CONTROLS, loadControl, loadedControl } from './controls/registry';

jest.setTimeout(120_000);

beforeAll(async () => {
  await i18next.changeLanguage('zh');
  if (typeof globalThis.MessageChannel === 'undefined') {
    class FakeChannel {
      port1: { onmessage: (() => void) | null } = { onmessage: null };
      port2 = { postMessage: () => void setTimeout(() => this.port1.onmessage?.(), 0) };
    }
    Object.defineProperty(globalThis, 'MessageChannel', { writable: true, value: FakeChannel });
  }
});

function f(key: JnpfKey, name: string, label: string, required = false): FormField {
  const x = createField(key, name);
  x.__vModel__ = name;
  x.__config__.label = label;
  x.__config__.required = required;
  return x;
}

it('loads only the controls a form shows; validation reaches a field whose control is still loading', async () => {
  const form = normalizeForm({
    fields: [f('input', 'pole', '灯杆编号', true), f('inputNumber', 'lux', '照度', true)],
  });
  const ref = createRef<FormRendererHandle>();
  render(<FormRenderer ref={ref} form={form} />);
  // the text box at once; the number box's place held by a placeholder of its height
  expect(screen.getByLabelText('灯杆编号')).toBeTruthy();
  const placeholder = screen.getByTestId('control-loading');
  expect(placeholder.style.minHeight).toBe('32px');
  expect(placeholder.getAttribute('aria-busy')).toBe('true');

  // a submit now still checks the field whose control has not come yet
  let failed = false;
  await act(async () => {
    await ref.current!.validate().catch(() => {
      failed = true;
    });
  });
  expect(failed).toBe(true);
  expect(await screen.findByText('照度不能为空')).toBeTruthy();

  // then the control renders in its place, bound to its label, and its value is submitted
  const lux = await screen.findByLabelText('照度');
  expect(screen.queryByTestId('control-loading')).toBeNull();
  await act(async () => {
    fireEvent.change(screen.getByLabelText('灯杆编号'), { target: { value: 'LD-1' } });
    fireEvent.change(lux, { target: { value: '12' } });
  });
  let values: Record<string, unknown> = {};
  await act(async () => {
    values = await ref.current!.validate();
  });
  expect(values).toEqual({ pole: 'LD-1', lux: 12 });

  // only what this form shows was loaded
  expect(loadedControl('inputNumber')).toBeDefined();
  expect(LOADED_CONTROLS.filter((k) => k !== 'inputNumber' && loadedControl(k))).toEqual([]);
});

it('has a module for every control of the catalogue that is not a text box, a read-only value or a container', async () => {
  for (const key of LOADED_CONTROLS) {
    const control = await loadControl(key);
    expect([key, typeof control]).toEqual([key, 'function']);
    expect(loadedControl(key)).toBe(control);
  }
  // what FieldControl renders itself needs no module
  for (const key of ['input', 'textarea', 'PsdInput', 'calculate', 'billRule', 'createTime', 'modifyTime'])
    expect(loadControl(key)).toBeUndefined();
});
