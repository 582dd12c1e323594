import { historyKey, isEditableTarget } from './designerKeys';

const key = (k: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean } = {}) => ({
  key: k,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  shiftKey: !!mods.shift,
});

describe('designer history shortcuts', () => {
  it('Ctrl/⌘+Z undoes; Ctrl/⌘+Shift+Z and Ctrl/⌘+Y redo', () => {
    expect(historyKey(key('z', { ctrl: true }))).toBe('undo');
    expect(historyKey(key('z', { meta: true }))).toBe('undo');
    expect(historyKey(key('Z', { ctrl: true, shift: true }))).toBe('redo');
    expect(historyKey(key('y', { ctrl: true }))).toBe('redo');
    expect(historyKey(key('Y', { meta: true }))).toBe('redo');
  });

  it('leaves every other key alone', () => {
    expect(historyKey(key('z'))).toBeNull();
    expect(historyKey(key('y', { shift: true }))).toBeNull();
    expect(historyKey(key('s', { ctrl: true }))).toBeNull();
  });

  it('a key press in a text field is the field’s own', () => {
    expect(isEditableTarget(null)).toBe(false);
    expect(isEditableTarget({} as EventTarget)).toBe(false);
  });
});
