// The designer's state and dispatch for its views (canvas, palette, property panel), and the
// current drop target while something is dragged.
import { createContext, useContext, type Dispatch } from 'react';
import type { DesignAction, DesignState } from './designState';

export interface DropAt {
  list: string;
  index: number;
}

export interface DesignContextValue {
  state: DesignState;
  dispatch: Dispatch<DesignAction>;
  /** Where the dragged control would land now (null: nowhere it may go). */
  dropAt: DropAt | null;
  /** The id of the control being dragged from the canvas. */
  draggingId: string | null;
}

export const DesignContext = createContext<DesignContextValue | null>(null);

export function useDesign(): DesignContextValue {
  const v = useContext(DesignContext);
  if (!v) throw new Error('useDesign outside the designer');
  return v;
}
