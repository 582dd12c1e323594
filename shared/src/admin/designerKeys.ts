// The designers' keyboard (pure): which key presses are history steps, which belong to a text field.

/** Whether a key press belongs to a text field (its own undo), not to the designer. */
export const isEditableTarget = (el: EventTarget | null): boolean =>
  typeof HTMLElement !== 'undefined' &&
  el instanceof HTMLElement &&
  (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/** The designer's history shortcuts: Ctrl/⌘+Z undoes, Ctrl/⌘+Shift+Z or Ctrl/⌘+Y redoes. */
export function historyKey(
  e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'shiftKey' | 'key'>,
): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey)) return null;
  const k = e.key.toLowerCase();
  if (k === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (k === 'y') return 'redo';
  return null;
}
