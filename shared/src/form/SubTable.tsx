// The sub-table (design/lowcode.md): rows of the table's columns, added, copied and removed; a
// summary row 合计 (formcore/summary); required cells say '不能为空'. One antd Form.Item holds the
// whole rows array; rows and cells are memoised so typing in a cell re-renders that cell only,
// and past VIRTUAL_AFTER rows only the rows in view are rendered (fixed row height), so a 200-row
// table stays responsive.
import { memo, useCallback, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Tooltip } from 'antd';
import Form from 'antd/es/form';
import CopyOutlined from '@ant-design/icons/es/icons/CopyOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import {
  controlInfo,
  ownText,
  summarize,
  validateSubmission,
  type FormField,
} from '@lighting/shared/formcore';
import { FieldControl } from './controls/FieldControl';
import { RelationAttrControl } from './controls/relationAttr';
import { fieldAccess, newRow, reconcileKeys, type FieldAccess } from './logic';
import { useKeyed, useRuntime, type Runtime } from './runtime';
import './i18n';

type Row = Record<string, unknown>;

/** Rows past this count are windowed. */
export const VIRTUAL_AFTER = 30;
/** The windowed rows' fixed height and how many show at once. */
export const ROW_HEIGHT = 56;
const VIEW_ROWS = 10;
const OVERSCAN = 4;
const HEADER_HEIGHT = 40;
/** Controls too tall for a fixed row height: a table with one is never windowed. */
const TALL: ReadonlySet<string> = new Set(['uploadImg', 'uploadFile', 'editor', 'textarea']);

const EMPTY_ROWS: Row[] = [];
const NO_ERRORS: Record<string, string> = {};

interface Column {
  field: FormField;
  name: string;
  key: string;
  access: FieldAccess;
}

let keySeq = 0;
const freshKey = (): string => `r${(keySeq += 1)}`;

/** Cell problems of the rows by 'rowIndex.column' (formcore's validateSubmission on this table). */
export function cellErrorsOf(
  table: FormField,
  rows: readonly unknown[],
  rt: Runtime,
): Record<string, string> {
  const name = table.__vModel__ ?? '';
  const operates = [...rt.operates.values()];
  const out: Record<string, string> = {};
  for (const p of validateSubmission({ fields: [table] }, { [name]: rows }, { operates, lang: rt.lang })) {
    const m = /^[^[]+\[(\d+)\]\.(.+)$/.exec(p.field);
    if (m) out[`${m[1]}.${m[2]}`] = p.message;
  }
  return out;
}

interface RowProps {
  index: number;
  rowKey: string;
  row: Row;
  columns: readonly Column[];
  tableKey: string;
  errors: Record<string, string>;
  disabled: boolean;
  template: string;
  height: number | undefined;
  onCell(index: number, column: string, value: unknown): void;
  onCopy(index: number): void;
  onRemove(index: number): void;
}

interface CellProps {
  index: number;
  column: Column;
  rowKey: string;
  tableKey: string;
  value: unknown;
  /** the related record's id for a relationFormAttr cell (its relationForm's value in this row) */
  relationValue: unknown;
  error: string | undefined;
  disabled: boolean;
  onCell(index: number, column: string, value: unknown): void;
}

/** One cell: memoised, so a keystroke re-renders the cell typed in, not its whole row. */
const TableCell = memo(function TableCell(props: CellProps) {
  const rt = useRuntime();
  const { index, column: c, rowKey, tableKey, error, onCell } = props;
  const cellDisabled = props.disabled || c.access.disabled;
  const onChange = useCallback((v: unknown) => onCell(index, c.name, v), [onCell, index, c.name]);
  return (
    <div
      role="cell"
      style={{ padding: '4px 6px', minWidth: 0 }}
      data-testid={`cell-${tableKey}-${index}-${c.name}`}
    >
      {c.field.__config__.jnpfKey === 'relationFormAttr' ? (
        <RelationAttrControl
          field={c.field}
          relationField={rt.relationFields.get(`${tableKey}.${String(c.field.relationField)}`)}
          relationKey={`${tableKey}#${rowKey}.${String(c.field.relationField)}`}
          relationValue={props.relationValue}
        />
      ) : (
        <div className={error ? 'ant-form-item-has-error' : undefined}>
          <FieldControl
            field={c.field}
            fieldKey={c.key}
            value={props.value}
            disabled={cellDisabled}
            relationKey={`${tableKey}#${rowKey}.${c.name}`}
            onChange={onChange}
          />
        </div>
      )}
      {error && (
        <div role="alert" style={{ color: '#cf1322', fontSize: 12, lineHeight: '16px' }}>
          {error}
        </div>
      )}
    </div>
  );
});

/** A row's copy and remove buttons: memoised apart from the cells (they do not change as one types). */
const RowActions = memo(function RowActions(props: {
  index: number;
  onCopy(index: number): void;
  onRemove(index: number): void;
}) {
  const { t } = useTranslation('form');
  const { index, onCopy, onRemove } = props;
  return (
    <div role="cell" style={{ padding: '4px 6px', whiteSpace: 'nowrap' }}>
      <Tooltip title={t('copy')}>
        <Button
          type="text"
          size="small"
          icon={<CopyOutlined />}
          aria-label={t('copy')}
          onClick={() => onCopy(index)}
        />
      </Tooltip>
      <Tooltip title={t('remove')}>
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('remove')}
          onClick={() => onRemove(index)}
        />
      </Tooltip>
    </div>
  );
});

const TableRow = memo(function TableRow(props: RowProps) {
  const { index, rowKey, row, columns, tableKey, errors, disabled } = props;
  const style: CSSProperties = {
    display: 'grid',
    gridTemplateColumns: props.template,
    borderBottom: '1px solid #f0f0f0',
    alignItems: 'start',
    ...(props.height ? { height: props.height, overflow: 'hidden' } : {}),
  };
  return (
    <div role="row" style={style} data-testid={`row-${tableKey}-${index}`}>
      <div role="cell" style={{ padding: '12px 8px', color: '#767676' }}>
        {index + 1}
      </div>
      {columns.map((c) => (
        <TableCell
          key={c.name}
          index={index}
          column={c}
          rowKey={rowKey}
          tableKey={tableKey}
          value={row[c.name]}
          relationValue={
            c.field.__config__.jnpfKey === 'relationFormAttr' ? row[String(c.field.relationField)] : undefined
          }
          error={errors[`${index}.${c.name}`]}
          disabled={disabled}
          onCell={props.onCell}
        />
      ))}
      {!disabled && <RowActions index={index} onCopy={props.onCopy} onRemove={props.onRemove} />}
    </div>
  );
});

export interface SubTableProps {
  table: FormField;
  value?: unknown;
  onChange?: (rows: Row[]) => void;
  disabled: boolean;
  id?: string;
}

export function SubTable({ table, value, onChange, disabled, id }: SubTableProps) {
  const { t } = useTranslation('form');
  const rt = useRuntime();
  const tableKey = table.__vModel__ ?? '';
  const rows = Array.isArray(value) ? (value as Row[]) : EMPTY_ROWS;

  const columns: Column[] = useMemo(
    () =>
      (table.__config__.children ?? [])
        .filter(
          (c) =>
            c.__config__.jnpfKey === 'relationFormAttr' ||
            (c.__vModel__ && controlInfo(c.__config__.jnpfKey)?.hasValue),
        )
        .map((c) => {
          const name = c.__vModel__ ?? `attr-${String(c.__config__.formId)}`;
          const key = `${tableKey}.${name}`;
          return { field: c, name, key, access: fieldAccess(key, c, rt) };
        })
        .filter((c) => !c.access.hidden),
    [table, tableKey, rt],
  );

  // stable row keys alongside the rows (React keys, related records per row)
  const keys = useRef<string[]>([]);
  keys.current = reconcileKeys(keys.current, rows.length, freshKey);
  const latest = useRef({ rows, onChange });
  latest.current = { rows, onChange };

  const form = Form.useFormInstance();
  const errors = useKeyed(rt.cellErrors, tableKey) ?? NO_ERRORS;
  const byRow = useMemo(() => {
    const m = new Map<number, Record<string, string>>();
    for (const [k, msg] of Object.entries(errors)) {
      const dot = k.indexOf('.');
      const i = Number(k.slice(0, dot));
      const row = m.get(i) ?? {};
      row[k] = msg;
      m.set(i, row);
    }
    return m;
  }, [errors]);

  const commit = useCallback(
    (next: Row[]) => {
      latest.current.onChange?.(next);
      // once errors show (after validate), they follow the rows as they change
      if (Object.keys(rt.cellErrors.get(tableKey) ?? {}).length > 0)
        form.validateFields([tableKey]).catch(() => undefined);
    },
    [rt, form, tableKey],
  );
  const onCell = useCallback(
    (index: number, column: string, v: unknown) => {
      const cur = latest.current.rows;
      const next = cur.slice();
      next[index] = { ...(cur[index] ?? {}), [column]: v };
      commit(next);
    },
    [commit],
  );
  const onCopy = useCallback(
    (index: number) => {
      const cur = latest.current.rows;
      const copy = JSON.parse(JSON.stringify(cur[index] ?? {})) as Row;
      keys.current.splice(index + 1, 0, freshKey());
      commit([...cur.slice(0, index + 1), copy, ...cur.slice(index + 1)]);
    },
    [commit],
  );
  const onRemove = useCallback(
    (index: number) => {
      const cur = latest.current.rows;
      keys.current.splice(index, 1);
      commit(cur.filter((_, i) => i !== index));
    },
    [commit],
  );
  const add = () => {
    keys.current.push(freshKey());
    commit([...latest.current.rows, newRow(table)]);
  };

  const windowed = rows.length > VIRTUAL_AFTER && !columns.some((c) => TALL.has(c.field.__config__.jnpfKey));
  const [scrollTop, setScrollTop] = useState(0);
  const first = windowed
    ? Math.max(0, Math.floor(Math.max(0, scrollTop - HEADER_HEIGHT) / ROW_HEIGHT) - OVERSCAN)
    : 0;
  const last = windowed ? Math.min(rows.length, first + VIEW_ROWS + 2 * OVERSCAN) : rows.length;

  const template = `48px repeat(${Math.max(columns.length, 1)}, minmax(150px, 1fr))${disabled ? '' : ' 88px'}`;
  // the 合计 row follows the rows, not the scroll position (scrolling re-renders the table)
  const summary = useMemo(() => (table.showSummary === true ? summarize(table, rows) : null), [table, rows]);
  const title = table.__config__.showTitle !== false ? table.__config__.label : '';
  const stickyBg: CSSProperties = { position: 'sticky', background: '#fafafa', zIndex: 1 };

  const body = [];
  for (let i = first; i < last; i += 1) {
    const row = rows[i];
    if (!row) continue;
    body.push(
      <TableRow
        key={keys.current[i] ?? i}
        index={i}
        rowKey={keys.current[i] ?? String(i)}
        row={row}
        columns={columns}
        tableKey={tableKey}
        errors={byRow.get(i) ?? NO_ERRORS}
        disabled={disabled}
        template={template}
        height={windowed ? ROW_HEIGHT : undefined}
        onCell={onCell}
        onCopy={onCopy}
        onRemove={onRemove}
      />,
    );
  }

  return (
    <div id={id} data-testid={`subtable-${tableKey}`} style={{ width: '100%' }}>
      {title && <div style={{ fontWeight: 500, marginBottom: 8 }}>{title}</div>}
      <div
        role="table"
        aria-rowcount={rows.length}
        style={{
          border: '1px solid #f0f0f0',
          overflow: 'auto',
          ...(windowed ? { maxHeight: HEADER_HEIGHT + VIEW_ROWS * ROW_HEIGHT + (summary ? 40 : 0) } : {}),
        }}
        onScroll={windowed ? (e) => setScrollTop(e.currentTarget.scrollTop) : undefined}
      >
        <div
          role="row"
          style={{
            display: 'grid',
            gridTemplateColumns: template,
            top: 0,
            height: HEADER_HEIGHT,
            ...stickyBg,
          }}
        >
          <div role="columnheader" style={{ padding: '10px 8px' }}>
            {t('index')}
          </div>
          {columns.map((c) => (
            <div role="columnheader" key={c.name} style={{ padding: '10px 6px', fontWeight: 500 }}>
              {c.access.required && <span style={{ color: '#cf1322', marginRight: 4 }}>*</span>}
              {c.field.__config__.label}
            </div>
          ))}
          {!disabled && (
            <div role="columnheader" style={{ padding: '10px 6px' }}>
              {t('actions')}
            </div>
          )}
        </div>
        {windowed && <div style={{ height: first * ROW_HEIGHT }} />}
        {body}
        {windowed && <div style={{ height: (rows.length - last) * ROW_HEIGHT }} />}
        {rows.length === 0 && (
          <div style={{ padding: 16, textAlign: 'center', color: '#767676' }}>{t('noData')}</div>
        )}
        {summary && (
          <div
            role="row"
            data-testid={`summary-${tableKey}`}
            style={{ display: 'grid', gridTemplateColumns: template, bottom: 0, ...stickyBg }}
          >
            <div role="cell" style={{ padding: '10px 8px', fontWeight: 500 }}>
              {t('summary')}
            </div>
            {columns.map((c) => (
              <div
                role="cell"
                key={c.name}
                style={{ padding: '10px 6px' }}
                data-testid={`summary-${tableKey}-${c.name}`}
              >
                {summary[c.name]?.text ?? ''}
              </div>
            ))}
            {!disabled && <div />}
          </div>
        )}
      </div>
      {!disabled && (
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          style={{ marginTop: 8 }}
          onClick={add}
          data-testid={`add-${tableKey}`}
        >
          {ownText(table.actionText) ?? t('add')}
        </Button>
      )}
    </div>
  );
}
