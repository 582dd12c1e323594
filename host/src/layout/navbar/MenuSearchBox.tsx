// The menu search box with its results list (antd AutoComplete, which brings Select and the
// virtual list): its own chunk, loaded by MenuSearch on the first hover, focus or shortcut, so the
// console's first paint does not wait for it.
import { useLayoutEffect, type ReactElement, type RefObject } from 'react';
import type { InputRef } from 'antd';
import AutoComplete from 'antd/es/auto-complete';
import type { SearchableRoute } from '@lighting/shared';

export interface MenuSearchBoxProps {
  query: string;
  open: boolean;
  hits: SearchableRoute[];
  onChange: (query: string) => void;
  onSelect: (value: string) => void;
  onFocus: () => void;
  onBlur: () => void;
  /** the box's input (the same element MenuSearch rendered before this chunk arrived) */
  input: ReactElement;
  inputRef: RefObject<InputRef | null>;
  /** the plain box had the focus when this one replaced it: take it over, caret at the end */
  takeFocus: boolean;
  /** px, the plain box's */
  width: number;
}

export function MenuSearchBox({
  query,
  open,
  hits,
  onChange,
  onSelect,
  onFocus,
  onBlur,
  input,
  inputRef,
  takeFocus,
  width,
}: MenuSearchBoxProps) {
  useLayoutEffect(() => {
    if (takeFocus) inputRef.current?.focus({ cursor: 'end' });
    // only when this box replaces the plain one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <AutoComplete
      value={query}
      open={open && hits.length > 0}
      onChange={onChange}
      onSelect={onSelect}
      onFocus={onFocus}
      onBlur={onBlur}
      style={{ width }}
      options={hits.map((h) => ({
        value: h.href ?? h.path,
        label: <span data-testid="menu-search-hit">{h.fullTitle}</span>,
      }))}
    >
      {input}
    </AutoComplete>
  );
}
