/**
 * @jest-environment jsdom
 */
// The renderer's main behaviours against formcore's forms: required messages, calculates 500 ms
// after a change, the sub-table's rows and 合计, read mode and a workflow node's switches.
import { createRef } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18next } from '@lighting/shared';
import {
  REG_PRESETS,
  createField,
  normalizeForm,
  type FormField,
  type JnpfKey,
} from '@lighting/shared/formcore';
import { FormPopup } from './FormPopup';
import { FormRenderer, type FormRendererHandle } from './FormRenderer';
import { LOADED_CONTROLS, preloadControls } from './controls/registry';

// antd in jsdom on a shared two-core machine: rendering, not waiting, takes the time
jest.setTimeout(120_000);

beforeAll(async () => {
  await i18next.changeLanguage('zh');
  // every control's module here first, so each form renders its controls at once (how a form
  // renders while its controls load: lazyControls.test.tsx)
  await preloadControls(LOADED_CONTROLS);
  // rc-form batches useWatch notifications in a macro task (jsdom has no MessageChannel)
  if (typeof globalThis.MessageChannel === 'undefined') {
    class FakeChannel {
      port1: { onmessage: (() => void) | null } = { onmessage: null };
      port2 = { postMessage: () => void setTimeout(() => this.port1.onmessage?.(), 0) };
    }
    Object.defineProperty(globalThis, 'MessageChannel', { writable: true, value: FakeChannel });
  }
});

function f(
  key: JnpfKey,
  name: string,
  label: string,
  extra: Partial<FormField> = {},
  required = false,
): FormField {
  const x = createField(key, name);
  x.__vModel__ = name;
  x.__config__.label = label;
  x.__config__.required = required;
  return { ...x, ...extra };
}
const ref = (k: string) => ({ __vModel__: k, label: k });

function table(name: string, columns: FormField[], extra: Partial<FormField> = {}): FormField {
  const t = f('table', name, '明细', extra);
  t.__config__.tableName = name;
  t.__config__.children = columns;
  return t;
}

/** A change and the validation it starts (antd validates asynchronously). */
async function change(el: HTMLElement, value: string): Promise<void> {
  await act(async () => {
    fireEvent.change(el, { target: { value } });
  });
}

async function validateFails(handle: FormRendererHandle): Promise<boolean> {
  let failed = false;
  await act(async () => {
    await handle.validate().catch(() => {
      failed = true;
    });
  });
  return failed;
}

describe('FormRenderer', () => {
  it('shows every required message on validate and resolves the values once filled', async () => {
    const form = normalizeForm({
      fields: [
        f('input', 'pole', '灯杆编号', {}, true),
        f('inputNumber', 'lux', '照度', {}, true),
        f('input', 'note', '备注'),
      ],
    });
    const handle = createRef<FormRendererHandle>();
    render(<FormRenderer ref={handle} form={form} />);
    expect(await validateFails(handle.current as FormRendererHandle)).toBe(true);
    expect(await screen.findByText('灯杆编号不能为空')).toBeTruthy();
    expect(screen.getByText('照度不能为空')).toBeTruthy();
    expect(screen.queryByText('备注不能为空')).toBeNull();

    // what a submit button calls: null while a field is wrong
    let checked: Record<string, unknown> | null = {};
    await act(async () => {
      checked = await (handle.current as FormRendererHandle).check();
    });
    expect(checked).toBeNull();

    await change(screen.getByLabelText('灯杆编号'), 'LD-1');
    await change(screen.getByLabelText('照度'), '12');
    let values: Record<string, unknown> = {};
    await act(async () => {
      values = await (handle.current as FormRendererHandle).validate();
    });
    expect(values).toMatchObject({ pole: 'LD-1', lux: 12 });
    await act(async () => {
      checked = await (handle.current as FormRendererHandle).check();
    });
    expect(checked).toMatchObject({ pole: 'LD-1', lux: 12 });
  });

  it('checks a regList rule again when the value is corrected: on leaving the field and as it is typed', async () => {
    const mobile = REG_PRESETS.find((p) => p.key === 'mobile');
    const phone = f('input', 'phone', '手机');
    phone.__config__.regList = [{ pattern: mobile?.pattern ?? '', message: '' }];
    const form = normalizeForm({ fields: [phone] });
    const handle = createRef<FormRendererHandle>();
    render(<FormRenderer ref={handle} form={form} />);
    const box = screen.getByLabelText('手机');
    // a text box is checked when it is left (its trigger is blur), not at every keystroke
    await change(box, '123');
    expect(screen.queryByText('请输入正确的手机号码')).toBeNull();
    await act(async () => {
      fireEvent.blur(box);
    });
    expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
    // corrected and left: the message goes
    await change(box, '13812345678');
    await act(async () => {
      fireEvent.blur(box);
    });
    await waitFor(() => expect(screen.queryByText('请输入正确的手机号码')).toBeNull());

    // wrong again on submit; corrected by typing: the message goes while typing, as a required one does
    await change(box, '1381234567');
    expect(await validateFails(handle.current as FormRendererHandle)).toBe(true);
    expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
    await change(box, '13812345670');
    await waitFor(() => expect(screen.queryByText('请输入正确的手机号码')).toBeNull());
  });

  it("says the required and preset messages in the reader's language", async () => {
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    try {
      const mobile = REG_PRESETS.find((p) => p.key === 'mobile');
      const phone = f('input', 'phone', 'Phone');
      // stored by a Chinese designer with the preset's Chinese message
      phone.__config__.regList = [{ pattern: mobile?.pattern ?? '', message: '请输入正确的手机号码' }];
      const form = normalizeForm({
        fields: [f('input', 'pole', 'Pole', { placeholder: '请输入' }, true), phone],
      });
      const handle = createRef<FormRendererHandle>();
      render(<FormRenderer ref={handle} form={form} />);
      // the catalogue's default placeholder is the generic one, in English
      expect((screen.getByLabelText('Pole') as HTMLInputElement).placeholder).toBe('Enter');
      await change(screen.getByLabelText('Phone'), '123');
      expect(await validateFails(handle.current as FormRendererHandle)).toBe(true);
      expect(await screen.findByText('Pole is required')).toBeTruthy();
      expect(await screen.findByText('please enter your mobile number correctly')).toBeTruthy();
    } finally {
      await act(async () => {
        await i18next.changeLanguage('zh');
      });
    }
  });

  it('recomputes a calculate 500 ms after a field it reads changes', async () => {
    jest.useFakeTimers();
    try {
      const form = normalizeForm({
        fields: [
          f('inputNumber', 'qty', '数量', {
            __config__: { ...createField('inputNumber', 1).__config__, label: '数量', defaultValue: 2 },
          }),
          f('inputNumber', 'price', '单价'),
          f('calculate', 'total', '金额', {
            expression: [ref('qty'), '×', '(', ref('price'), '+', 1, ')'],
            precision: 2,
          }),
        ],
      });
      const handle = createRef<FormRendererHandle>();
      render(<FormRenderer ref={handle} form={form} />);
      const total = () => (screen.getByLabelText('金额') as HTMLInputElement).value;
      expect(total()).toBe('2.00'); // computed when the form opens
      await change(screen.getByLabelText('单价'), '1.5');
      act(() => {
        jest.advanceTimersByTime(499);
      });
      expect(total()).toBe('2.00');
      act(() => {
        jest.advanceTimersByTime(1);
      });
      expect(total()).toBe('5.00');
      expect(handle.current?.getValues().total).toBe(5);
    } finally {
      jest.useRealTimers();
    }
  });

  it('adds, copies and removes sub-table rows, sums 合计 and marks empty required cells', async () => {
    jest.useFakeTimers();
    try {
      const form = normalizeForm({
        fields: [
          table(
            'items',
            [
              f('input', 'name', '名称', {}, true),
              f('inputNumber', 'qty', '数量'),
              f('JNPFAmount', 'price', '单价'),
              f('calculate', 'sub', '小计', {
                expression: [ref('items.qty'), '×', ref('items.price')],
                precision: 2,
              }),
            ],
            { showSummary: true },
          ),
          f('calculate', 'sum', '总计', { expression: [ref('items.sub')], precision: 2 }),
        ],
      });
      const handle = createRef<FormRendererHandle>();
      render(<FormRenderer ref={handle} form={form} />);
      fireEvent.click(screen.getByTestId('add-items'));
      const row0 = within(screen.getByTestId('row-items-0'));
      const inputs0 = row0.getAllByRole('spinbutton');
      await change(inputs0[0] as HTMLElement, '2');
      await change(inputs0[1] as HTMLElement, '1.25');
      act(() => {
        jest.advanceTimersByTime(500);
      });
      expect(screen.getByTestId('summary-items-qty').textContent).toBe('2');
      expect(screen.getByTestId('summary-items-sub').textContent).toBe('2.50');

      fireEvent.click(row0.getByRole('button', { name: '复制' }));
      act(() => {
        jest.advanceTimersByTime(500);
      });
      expect(handle.current?.getValues().items).toHaveLength(2);
      expect(screen.getByTestId('summary-items-qty').textContent).toBe('4');
      expect(screen.getByTestId('summary-items-price').textContent).toBe('2.50');
      expect(handle.current?.getValues().sum).toBe(5);
      expect(screen.getByText('合计')).toBeTruthy();

      // the name column is required: both rows say '不能为空'
      expect(await validateFails(handle.current as FormRendererHandle)).toBe(true);
      act(() => {
        jest.advanceTimersByTime(100); // the item's error list shows after its motion frame
      });
      expect(screen.getAllByText('不能为空')).toHaveLength(2);
      expect(screen.getByText('子表有 2 处需要修改')).toBeTruthy();
      // filling one cell clears its message only
      await act(async () => {
        fireEvent.change(within(screen.getByTestId('cell-items-0-name')).getByRole('textbox'), {
          target: { value: '灯泡' },
        });
        jest.advanceTimersByTime(100);
      });
      expect(screen.getAllByText('不能为空')).toHaveLength(1);

      await act(async () => {
        fireEvent.click(within(screen.getByTestId('row-items-1')).getByRole('button', { name: '删除' }));
        jest.advanceTimersByTime(500);
      });
      expect(handle.current?.getValues().items).toEqual([{ name: '灯泡', qty: 2, price: 1.25, sub: 2.5 }]);
      expect(screen.getByTestId('summary-items-qty').textContent).toBe('2');
      expect(handle.current?.getValues().sum).toBe(2.5);
      expect(screen.queryAllByText('不能为空')).toHaveLength(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('renders only the rows in view of a 200-row sub-table, and scrolls through them', async () => {
    const columns = ['a', 'b', 'c', 'd', 'e'].map((n) => f('inputNumber', n, n.toUpperCase()));
    const form = normalizeForm({ fields: [table('items', columns, { showSummary: true })] });
    const rows = Array.from({ length: 200 }, (_, i) => ({ a: i, b: 1, c: 2, d: 3, e: 4 }));
    render(<FormRenderer form={form} initialValues={{ items: rows }} />);
    const grid = screen.getByRole('table');
    expect(grid.getAttribute('aria-rowcount')).toBe('200');
    const shown = () =>
      within(grid)
        .getAllByRole('row')
        .filter((r) => r.dataset.testid?.startsWith('row-items-'));
    expect(shown().length).toBeLessThan(25);
    expect(screen.getByTestId('summary-items-a').textContent).toBe(String((199 * 200) / 2));
    await act(async () => {
      grid.scrollTop = 100 * 56 + 40;
      fireEvent.scroll(grid);
    });
    const ids = shown().map((r) => r.dataset.testid);
    expect(ids).toContain('row-items-100');
    expect(ids).not.toContain('row-items-0');
  });

  it('shows everything read-only in read mode and skips validation', async () => {
    const form = normalizeForm({
      fields: [f('input', 'pole', '灯杆编号', {}, true), table('items', [f('input', 'name', '名称')])],
    });
    const handle = createRef<FormRendererHandle>();
    render(
      <FormRenderer
        ref={handle}
        form={form}
        mode="read"
        initialValues={{ pole: 'LD-9', items: [{ name: 'x' }] }}
      />,
    );
    expect((screen.getByLabelText('灯杆编号') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('add-items')).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(
      (within(screen.getByTestId('cell-items-0-name')).getByRole('textbox') as HTMLInputElement).disabled,
    ).toBe(true);
    expect(await validateFails(handle.current as FormRendererHandle)).toBe(false);
  });

  it('shows rich text read-only as its text, sanitised, without the editor and its toolbar', async () => {
    const form = normalizeForm({ fields: [f('editor', 'body', '说明')] });
    render(
      <FormRenderer
        form={form}
        mode="read"
        initialValues={{ body: '<p>灯杆<strong>倾斜</strong></p><img src="x" onerror="alert(1)">' }}
      />,
    );
    const view = await screen.findByTestId('rich-text-view');
    await waitFor(() => expect(view.textContent).toBe('灯杆倾斜'));
    expect(view.querySelector('strong')).not.toBeNull();
    expect(view.innerHTML).not.toContain('onerror');
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it("follows a workflow node's operates: hidden, read-only and required fields", async () => {
    const form = normalizeForm({
      fields: [
        f('input', 'a', '甲'),
        f('input', 'b', '乙', {}, true),
        f('input', 'c', '丙'),
        f('input', 'd', '丁', {}, true),
      ],
    });
    const handle = createRef<FormRendererHandle>();
    render(
      <FormRenderer
        ref={handle}
        form={form}
        initialValues={{ a: 'secret' }}
        operates={[
          { id: 'a', read: false, write: false },
          { id: 'b', read: true, write: false },
          { id: 'c', read: true, write: true, required: true },
          { id: 'd', read: true, write: true, required: false },
        ]}
      />,
    );
    expect(screen.queryByLabelText('甲')).toBeNull();
    expect((screen.getByLabelText('乙') as HTMLInputElement).disabled).toBe(true);
    expect(await validateFails(handle.current as FormRendererHandle)).toBe(true);
    expect(await screen.findByText('丙不能为空')).toBeTruthy();
    expect(screen.queryByText('乙不能为空')).toBeNull();
    expect(screen.queryByText('丁不能为空')).toBeNull();
    // a hidden field keeps its value
    expect(handle.current?.getValues().a).toBe('secret');
  });
});

describe('FormPopup', () => {
  it("validates before onOk, with the form's button texts, as a dialog or a drawer", async () => {
    const onOk = jest.fn(() => Promise.resolve());
    const base = normalizeForm({
      confirmButtonText: '提 交',
      cancelButtonText: '关 闭',
      fields: [f('input', 'pole', '灯杆编号', {}, true)],
    });
    const view = render(<FormPopup form={base} open title="新建" onCancel={() => undefined} onOk={onOk} />);
    expect(screen.getByText('关 闭')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('form-popup-ok'));
    });
    expect(await screen.findByText('灯杆编号不能为空')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
    await change(screen.getByLabelText('灯杆编号'), 'LD-7');
    await act(async () => {
      fireEvent.click(screen.getByTestId('form-popup-ok'));
    });
    expect(onOk).toHaveBeenCalledWith({ pole: 'LD-7' });
    view.unmount();

    render(
      <FormPopup
        form={{ ...base, popupType: 'drawer' }}
        open
        title="详情"
        mode="read"
        onCancel={() => undefined}
        onOk={onOk}
      />,
    );
    // a drawer's code loads when the first drawer form opens
    await waitFor(() => expect(document.querySelector('.ant-drawer')).not.toBeNull());
    expect(screen.queryByTestId('form-popup-ok')).toBeNull();
  });
});
