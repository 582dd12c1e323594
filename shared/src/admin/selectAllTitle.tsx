// A selectable table's select-all checkbox, out of keyboard reach in antd's measure row. A table
// that scrolls sideways (every list here: scroll.x) draws each column's title a second time in a
// hidden row (tr.ant-table-measure-row, aria-hidden) to measure the columns; the select-all
// checkbox drawn there could still be tabbed to, and a screen reader would not be told where focus
// went (axe: aria-hidden-focus). The copy in that row is inert; the header's is untouched. antd
// names the checkbox 'Select all' in every language: it is named in the page's language here.
import {
  cloneElement,
  isValidElement,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import './i18n';

type TableRowSelection<T> = NonNullable<TableProps<T>['rowSelection']>;

function OutsideMeasureRow({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [measuring, setMeasuring] = useState(false);
  const { t } = useTranslation('admin');
  useLayoutEffect(() => {
    setMeasuring(!!ref.current?.closest('tr[aria-hidden="true"]'));
  }, []);
  // antd's own wrapper of the select-all checkbox (its class keeps antd's layout)
  return (
    <div ref={ref} className="ant-table-selection" inert={measuring}>
      {isValidElement(children)
        ? cloneElement(children as ReactElement<{ 'aria-label'?: string }>, { 'aria-label': t('checkAll') })
        : children}
    </div>
  );
}

/** rowSelection's columnTitle: antd's select-all checkbox, inert in the measure row. */
export const selectAllTitle = (checkbox: ReactNode) => <OutsideMeasureRow>{checkbox}</OutsideMeasureRow>;

/** A rowSelection with selectAllTitle as its title unless it has its own. */
export function withSelectAllTitle<T>(selection: TableRowSelection<T>): TableRowSelection<T>;
export function withSelectAllTitle<T>(
  selection: TableRowSelection<T> | undefined,
): TableRowSelection<T> | undefined;
export function withSelectAllTitle<T>(selection: TableRowSelection<T> | undefined) {
  if (
    !selection ||
    selection.columnTitle !== undefined ||
    selection.hideSelectAll ||
    selection.type === 'radio'
  )
    return selection;
  return { ...selection, columnTitle: selectAllTitle };
}
