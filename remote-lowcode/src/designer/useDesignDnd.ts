// The designer's drag and drop on dnd-kit: palette → canvas (insert) and canvas → canvas (move).
// The innermost drop area under the pointer wins; the place is computed by dropTarget.ts and
// checked against the reducer's rules (accepts, not into itself) before a line is shown.
import { useCallback, useRef, useState, type Dispatch } from 'react';
import {
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Active,
  type ClientRect,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type Over,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { createField, type FormData, type FormLang, type JnpfKey } from '@lighting/shared/formcore';
import { accepts, findField, isInside, keyOf, locate, type DesignAction } from './designState';
import { contains, finalIndex, innermost, insertionPoint, type Point } from './dropTarget';
import type { ItemData, ListData } from './Canvas';
import type { PaletteData } from './Palette';
import type { DropAt } from './context';

type DragData = ItemData | ListData | PaletteData;

const dataOf = (x: Active | Over | { data: { current?: unknown } } | null): DragData | null =>
  (x?.data.current as DragData | undefined) ?? null;

/** The pointer now: where the drag started plus how far it went (keyboard drags: the dragged box's centre). */
function pointerOf(e: DragMoveEvent | DragEndEvent): Point | null {
  const start = e.activatorEvent as PointerEvent | MouseEvent | KeyboardEvent;
  if ('clientX' in start) return { x: start.clientX + e.delta.x, y: start.clientY + e.delta.y };
  const r = e.active.rect.current.translated;
  return r ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : null;
}

/** `lang`: the designer's language, in which a new control's label and starter texts are written. */
export function useDesignDnd(form: FormData, dispatch: Dispatch<DesignAction>, lang: FormLang) {
  const formRef = useRef(form);
  formRef.current = form;
  const [dropAt, setDropAt] = useState<DropAt | null>(null);
  const dropRef = useRef<DropAt | null>(null);
  const [active, setActive] = useState<{ id: string; key: string } | null>(null);

  const sensors = useSensors(
    // a few pixels of movement start a drag, so a click still selects
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  /** The key of what is dragged (palette key or the canvas control's key). */
  const draggedKey = (a: Active): string | null => {
    const d = dataOf(a);
    return d?.kind === 'palette' || d?.kind === 'item' ? d.key : null;
  };

  /** May the dragged thing go into `list`? */
  const allowed = useCallback((a: Active, list: string): boolean => {
    const f = formRef.current;
    const d = dataOf(a);
    if (!d || d.kind === 'list') return false;
    const key = d.key as JnpfKey;
    if (d.kind === 'item') {
      const id = String(a.id);
      if (list === id || (list !== 'root' && isInside(f, list, id))) return false;
      const field = findField(f.fields, id);
      return field !== null && accepts(f, list, keyOf(field));
    }
    return accepts(f, list, key);
  }, []);

  /** The innermost droppable under the pointer that may take the dragged thing. */
  const collision: CollisionDetection = useCallback(
    ({ active: a, droppableContainers, droppableRects, pointerCoordinates }) => {
      if (!pointerCoordinates) return [];
      const hits: Array<{
        id: string | number;
        rect: ClientRect;
        container: (typeof droppableContainers)[number];
      }> = [];
      for (const c of droppableContainers) {
        const rect = droppableRects.get(c.id);
        if (!rect || !contains(rect, pointerCoordinates)) continue;
        if (c.id === a.id) continue;
        const d = c.data.current as DragData | undefined;
        if (!d || d.kind === 'palette') continue;
        if (!allowed(a, d.list)) continue;
        hits.push({ id: c.id, rect, container: c });
      }
      const best = innermost(hits);
      return best ? [{ id: best.id, data: { droppableContainer: best.container, value: 0 } }] : [];
    },
    [allowed],
  );

  const target = (e: DragMoveEvent | DragEndEvent): DropAt | null => {
    const over = e.over;
    const d = dataOf(over);
    const p = pointerOf(e);
    if (!over || !d || d.kind === 'palette' || !p) return null;
    const at =
      d.kind === 'item'
        ? insertionPoint({ kind: 'item', list: d.list, index: d.index, rect: over.rect, wide: d.wide }, p)
        : insertionPoint({ kind: 'list', list: d.list, length: d.length }, p);
    return allowed(e.active, at.list) ? at : null;
  };

  const setTarget = (t: DropAt | null) => {
    const old = dropRef.current;
    if (old?.list === t?.list && old?.index === t?.index) return;
    dropRef.current = t;
    setDropAt(t);
  };

  const onDragStart = (e: DragStartEvent) => {
    const key = draggedKey(e.active);
    setActive(key ? { id: String(e.active.id), key } : null);
  };
  const onDragMove = (e: DragMoveEvent) => setTarget(target(e));
  const onDragEnd = (e: DragEndEvent) => {
    const t = target(e) ?? dropRef.current;
    setTarget(null);
    setActive(null);
    if (!t) return;
    const d = dataOf(e.active);
    if (d?.kind === 'palette') {
      const key = d.key;
      dispatch({ type: 'insert', make: (id) => createField(key, id, lang), list: t.list, index: t.index });
    } else if (d?.kind === 'item') {
      const id = String(e.active.id);
      const from = locate(formRef.current, id);
      if (from) dispatch({ type: 'move', id, list: t.list, index: finalIndex(from, t) });
    }
  };
  const onDragCancel = () => {
    setTarget(null);
    setActive(null);
  };

  return {
    dropAt,
    active,
    contextProps: {
      sensors,
      collisionDetection: collision,
      onDragStart,
      onDragMove,
      onDragEnd,
      onDragCancel,
    },
  };
}
