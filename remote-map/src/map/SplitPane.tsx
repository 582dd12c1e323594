// A side panel and the map in one row, with a handle between them the operator drags (or moves with
// the arrow keys) to give the panel or the map more room; the width chosen is kept per page in this
// browser. The panel's own width is handed to its content (which columns fit): see panelLayout.ts.
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { splitWidth, type SplitLimits } from './panelLayout';

const STEP = 32;
const HANDLE = 10;

const readWanted = (key: string): number | null => {
  try {
    const v = Number(window.localStorage.getItem(`lighting_split_${key}`));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
};
const writeWanted = (key: string, w: number): void => {
  try {
    window.localStorage.setItem(`lighting_split_${key}`, String(Math.round(w)));
  } catch {
    // private mode: the width lasts for the page only
  }
};

/** The width (px) of an element's content box, followed as it changes. */
export function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}

export function SplitPane({
  id,
  limits,
  panel,
  children,
  style,
  testId,
}: {
  /** the page's name for the kept width */
  id: string;
  limits: SplitLimits;
  /** the side panel, given its width */
  panel: (width: number) => ReactNode;
  /** the map */
  children: ReactNode;
  style?: CSSProperties;
  testId?: string;
}) {
  const { t } = useTranslation('map');
  const [rowRef, total] = useWidth<HTMLDivElement>();
  const [wanted, setWanted] = useState<number | null>(() => readWanted(id));
  const width = total ? splitWidth(total - HANDLE, wanted, limits) : 0;
  const drag = useRef<{ x: number; w: number } | null>(null);

  const choose = (w: number) => {
    const next = splitWidth(total - HANDLE, w, limits);
    setWanted(next);
    writeWanted(id, next);
  };

  return (
    <div
      ref={rowRef}
      style={{ display: 'flex', minHeight: 0, minWidth: 0, position: 'relative', ...style }}
      data-testid={testId}
    >
      <div
        style={{ width: width || undefined, flex: 'none', minWidth: 0, display: 'flex' }}
        data-testid="split-panel"
      >
        {width ? panel(width) : null}
      </div>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={t('resizePanel')}
        aria-valuenow={width}
        aria-valuemin={limits.min}
        aria-valuemax={Math.max(limits.min, total - HANDLE - limits.mapMin)}
        tabIndex={0}
        data-testid="split-handle"
        style={{
          width: HANDLE,
          flex: 'none',
          cursor: 'col-resize',
          touchAction: 'none',
          display: 'flex',
          justifyContent: 'center',
        }}
        onPointerDown={(e) => {
          drag.current = { x: e.clientX, w: width };
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => {
          if (drag.current) choose(drag.current.w + e.clientX - drag.current.x);
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowLeft') choose(width - STEP);
          else if (e.key === 'ArrowRight') choose(width + STEP);
          else return;
          e.preventDefault();
        }}
      >
        <div style={{ width: 2, height: '100%', background: 'rgba(0,0,0,0.08)', borderRadius: 1 }} />
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
    </div>
  );
}
