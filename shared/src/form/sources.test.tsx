/**
 * @jest-environment jsdom
 */
// Where the renderer's data comes from, against mocked calls: options (static, dictionary, a data
// interface through the model, through a flow's options call, or directly), the bill number reserved when an edit form opens, and
// relationFormAttr showing a field of the record the relationForm points to.
import { createRef } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18next } from '@lighting/shared';
import { createField, normalizeForm, type FormField, type JnpfKey } from '@lighting/shared/formcore';
import { FormRenderer, type FormRendererHandle } from './FormRenderer';
import { useOptions } from './controls/choice';
import { LOADED_CONTROLS, preloadControls } from './controls/registry';
import { RuntimeContext, createRuntime } from './runtime';

const fieldOptions = jest.fn((_url: string, _k: string) =>
  Promise.resolve([{ id: 'm1', fullName: '经模型' }]),
);
const dataInterfaceAnswer = jest.fn((_id: string) =>
  Promise.resolve({ list: [{ code: 'd1', name: '直连' }] }),
);
const reserveBillNumber = jest.fn((_rule: string) => Promise.resolve('JS-2024-0001'));
const relationRecord = jest.fn((_m: string, _id: string) =>
  Promise.resolve({ area: '东城区', poleCode: 'LD-1' }),
);
const TREES: Record<string, unknown[]> = {
  '/system/Permission/Users/Selector': [
    {
      id: 'dept-maint',
      fullName: '维修部',
      type: 'department',
      children: [{ id: 'u-operator', fullName: '李明/operator', type: 'user' }],
    },
  ],
  '/system/Permission/Organize/Tree': [
    { id: 'co-1', fullName: '城市照明管理处', children: [{ id: 'dept-maint', fullName: '维修部' }] },
  ],
  '/system/Permission/Position/Selector': [{ id: 'pos-clerk', fullName: '材料员', type: 'position' }],
};
const selectorTree = jest.fn((url: string) => Promise.resolve(TREES[url] ?? []));
const relationRows = jest.fn(
  (_m: string, _field: string, _o: { columns?: readonly string[]; keyword?: string; currentPage?: number }) =>
    Promise.resolve({
      list: [
        { id: 'rec-1', poleCode: 'LD-1', area: '东城区' },
        { id: 'rec-2', poleCode: 'LD-2', area: '西城区' },
      ],
      total: 45,
    }),
);
jest.mock('./api', () => ({
  ...jest.requireActual('./api'),
  selectorTree: (url: string) => selectorTree(url),
  relationRows: (m: string, field: string, o: { columns?: readonly string[] }) => relationRows(m, field, o),
  fieldOptions: (url: string, k: string) => fieldOptions(url, k),
  dataInterfaceAnswer: (id: string) => dataInterfaceAnswer(id),
  reserveBillNumber: (rule: string) => reserveBillNumber(rule),
  relationRecord: (m: string, id: string) => relationRecord(m, id),
}));
jest.mock('@lighting/shared/dictionary', () => {
  const actual = jest.requireActual('@lighting/shared/dictionary');
  return {
    ...actual,
    dictionaries: {
      items: () =>
        Promise.resolve([
          { id: 'u1', enCode: 'urgent', fullName: '紧急' },
          { id: 'u2', enCode: 'normal', fullName: '一般', parentId: 'u1' },
        ]),
      subscribe: () => () => undefined,
    },
  };
});

jest.setTimeout(120_000);

beforeAll(async () => {
  await i18next.changeLanguage('zh');
  // the controls' modules here first (they load when a form shows them: lazyControls.test.tsx)
  await preloadControls(LOADED_CONTROLS);
  class FakeChannel {
    port1: { onmessage: (() => void) | null } = { onmessage: null };
    port2 = { postMessage: () => void setTimeout(() => this.port1.onmessage?.(), 0) };
  }
  Object.defineProperty(globalThis, 'MessageChannel', { writable: true, value: FakeChannel });
});

function f(key: JnpfKey, name: string, extra: Partial<FormField> = {}): FormField {
  const x = createField(key, name);
  x.__vModel__ = name;
  x.__config__.label = name;
  return { ...x, ...extra };
}

function Probe({ field, fieldKey }: { field: FormField; fieldKey?: string }) {
  const { options, loading } = useOptions(field, fieldKey);
  return (
    <div data-testid="probe">
      {loading ? 'loading' : options.map((o) => `${o.id}:${o.fullName}`).join(',')}
    </div>
  );
}

const runtime = (modelId?: string, optionsUrl?: string) =>
  createRuntime({
    mode: 'edit',
    lang: 'zh',
    operates: new Map(),
    formDisabled: false,
    modelId,
    optionsUrl,
    relationFields: new Map(),
  });

describe('options', () => {
  it('are static from the form', () => {
    render(
      <RuntimeContext.Provider value={runtime()}>
        <Probe field={f('select', 's')} />
      </RuntimeContext.Provider>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('1:选项一,2:选项二');
  });

  it('come from the dictionary cache, nested by parent', async () => {
    const dic = f('select', 's');
    dic.__config__.dataType = 'dictionary';
    dic.__config__.dictionaryType = 'urgency';
    dic.__config__.props = { label: 'fullName', value: 'enCode' };
    render(
      <RuntimeContext.Provider value={runtime()}>
        <Probe field={dic} />
      </RuntimeContext.Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('urgent:紧急'));
  });

  it("of a data interface come through the form's model, else from the interface", async () => {
    const dyn = f('select', 'kind');
    dyn.__config__.dataType = 'dynamic';
    dyn.__config__.propsUrl = 'di-1';
    dyn.__config__.props = { label: 'name', value: 'code' };
    const view = render(
      <RuntimeContext.Provider value={runtime('model-9')}>
        <Probe field={dyn} fieldKey="items.kind" />
      </RuntimeContext.Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('m1:经模型'));
    expect(fieldOptions).toHaveBeenCalledWith('/visualdev/OnlineDev/model-9/Options', 'items.kind');
    view.unmount();
    // a flow's form: through the flow's own options call
    const flow = render(
      <RuntimeContext.Provider value={runtime(undefined, '/workflow/Engine/FlowEngine/f-1/Options')}>
        <Probe field={dyn} fieldKey="kind" />
      </RuntimeContext.Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('m1:经模型'));
    expect(fieldOptions).toHaveBeenCalledWith('/workflow/Engine/FlowEngine/f-1/Options', 'kind');
    flow.unmount();
    render(
      <RuntimeContext.Provider value={runtime()}>
        <Probe field={dyn} fieldKey="kind" />
      </RuntimeContext.Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('d1:直连'));
    expect(dataInterfaceAnswer).toHaveBeenCalledWith('di-1');
  });
});

describe('system values', () => {
  it('show the names of the people and units they store, in edit and read mode', async () => {
    const form = normalizeForm({
      fields: [
        f('createUser', 'applicant'),
        f('currDept', 'dept'),
        f('currOrganize', 'company'),
        f('currPosition', 'position'),
        f('modifyUser', 'editor'),
      ],
    });
    const values = {
      applicant: 'u-operator',
      dept: 'dept-maint',
      company: 'co-1',
      position: 'pos-clerk',
      editor: 'u-gone',
    };
    for (const mode of ['edit', 'read'] as const) {
      const view = render(<FormRenderer form={form} initialValues={values} mode={mode} />);
      const shown = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
      await waitFor(() => expect(shown('applicant')).toBe('李明/operator'));
      expect(shown('dept')).toBe('维修部');
      expect(shown('company')).toBe('城市照明管理处');
      expect(shown('position')).toBe('材料员');
      // an id the organisation no longer holds is shown as it is
      expect(shown('editor')).toBe('u-gone');
      view.unmount();
    }
  });
});

describe('bill numbers and related records', () => {
  it('reserves a number when an edit form opens, not in read mode or when the record has one', async () => {
    const bill = f('billRule', 'no');
    bill.__config__.rule = 'settlement';
    const form = normalizeForm({ fields: [bill] });
    const view = render(<FormRenderer form={form} />);
    await waitFor(() => expect((screen.getByLabelText('no') as HTMLInputElement).value).toBe('JS-2024-0001'));
    expect(reserveBillNumber).toHaveBeenCalledTimes(1);
    expect(reserveBillNumber).toHaveBeenCalledWith('settlement');
    view.unmount();
    const read = render(<FormRenderer form={form} mode="read" />);
    read.unmount();
    render(<FormRenderer form={form} initialValues={{ no: 'JS-OLD' }} />);
    await act(async () => undefined);
    expect(reserveBillNumber).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('no') as HTMLInputElement).value).toBe('JS-OLD');
  });

  it("shows the related record's field in relationFormAttr", async () => {
    const rel = f('relationForm', 'order', { modelId: 'repair', relationField: 'poleCode' });
    const attr = f('relationFormAttr', 'attr', { relationField: 'order', showField: 'area' });
    delete attr.__vModel__;
    attr.__config__.label = '区域';
    const form = normalizeForm({ fields: [rel, attr] });
    render(<FormRenderer form={form} initialValues={{ order: 'rec-1' }} />);
    await waitFor(() => expect((screen.getByLabelText('区域') as HTMLInputElement).value).toBe('东城区'));
    // the relationForm and its attribute share one request
    expect(relationRecord).toHaveBeenCalledTimes(1);
    expect(relationRecord).toHaveBeenCalledWith('repair', 'rec-1');
    expect(screen.getByDisplayValue('LD-1')).toBeTruthy();
  });

  it("chooses the related record in a table popup: the designer's columns, search and paging", async () => {
    const rel = f('relationForm', 'order', {
      modelId: 'repair',
      relationField: 'poleCode',
      pageSize: 20,
      columnOptions: [
        { value: 'poleCode', label: '杆号' },
        { value: 'area', label: '区域' },
      ],
    });
    const handle = createRef<FormRendererHandle>();
    render(<FormRenderer ref={handle} form={normalizeForm({ fields: [rel] })} />);
    fireEvent.click(screen.getByLabelText('order'));
    const picker = await screen.findByTestId('relation-picker');
    await waitFor(() => expect(within(picker).getByText('西城区')).toBeTruthy());
    expect(relationRows).toHaveBeenLastCalledWith('repair', 'poleCode', {
      columns: ['area'],
      keyword: '',
      currentPage: 1,
      pageSize: 20,
    });
    // the designer's columns, paging over every record
    expect(within(picker).getAllByText('杆号').length).toBeGreaterThan(0);
    expect(within(picker).getAllByText('区域').length).toBeGreaterThan(0);
    expect(within(picker).getByTitle('3')).toBeTruthy();
    // a search goes to the server, from the first page
    fireEvent.change(within(picker).getByTestId('relation-keyword'), { target: { value: '西城' } });
    fireEvent.keyDown(within(picker).getByTestId('relation-keyword'), { key: 'Enter', code: 'Enter' });
    await waitFor(() =>
      expect(relationRows).toHaveBeenLastCalledWith(
        'repair',
        'poleCode',
        expect.objectContaining({ keyword: '西城' }),
      ),
    );
    // a double click chooses the row
    fireEvent.doubleClick(await within(picker).findByText('西城区'));
    await waitFor(() => expect(handle.current?.getValues().order).toBe('rec-2'));
  });
});
