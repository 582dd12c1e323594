/**
 * @jest-environment jsdom
 */
import { act, renderHook } from '@testing-library/react';
import { useModalForm } from './useModalForm';

jest.mock('@lighting/shared', () => ({ toast: jest.fn() }));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the mocked module, read after jest.mock
const { toast } = require('@lighting/shared') as { toast: jest.Mock };

interface Form {
  name: string;
  parentId?: string | null;
}

function setup() {
  const saves: Array<[Form, string | undefined]> = [];
  const onSaved = jest.fn();
  const hook = renderHook(() =>
    useModalForm<Form, string>({
      blank: (parentId) => ({ name: '', parentId: parentId ?? null }),
      load: async (id) => ({ name: `row ${id}` }),
      save: async (v, id) => {
        saves.push([v, id]);
        if (v.name === 'refused') throw new Error('name: 已存在');
        return '保存成功';
      },
      onSaved,
    }),
  );
  return { hook, saves, onSaved };
}

describe('useModalForm', () => {
  beforeEach(() => toast.mockClear());

  it('opens blank for a new row (with what open was given) and with the stored row for an edit', async () => {
    const { hook } = setup();
    expect(hook.result.current.modal.open).toBe(false);
    await act(() => hook.result.current.open(undefined, 'p1'));
    expect(hook.result.current.modal.open).toBe(true);
    expect(hook.result.current.editing?.id).toBeUndefined();
    expect(hook.result.current.modal.initialValues).toEqual({ name: '', parentId: 'p1' });
    await act(() => hook.result.current.open('r7'));
    expect(hook.result.current.editing?.id).toBe('r7');
    expect(hook.result.current.modal.initialValues).toEqual({ name: 'row r7' });
    act(() => hook.result.current.modal.onClose());
    expect(hook.result.current.modal.open).toBe(false);
  });

  it('saves the edited row by its id, shows the server message and refreshes', async () => {
    const { hook, saves, onSaved } = setup();
    await act(() => hook.result.current.open('r7'));
    await act(() => hook.result.current.modal.onSubmit({ name: 'new name' }));
    expect(saves).toEqual([[{ name: 'new name' }, 'r7']]);
    expect(toast).toHaveBeenCalledWith('success', '保存成功');
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('a refused save neither toasts success nor refreshes, and the error reaches the dialog', async () => {
    const { hook, onSaved } = setup();
    await act(() => hook.result.current.open());
    await expect(hook.result.current.modal.onSubmit({ name: 'refused' })).rejects.toThrow('已存在');
    expect(toast).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(hook.result.current.modal.open).toBe(true);
  });
});
