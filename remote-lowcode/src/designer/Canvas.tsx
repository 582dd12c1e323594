// The design canvas: every list of controls (the form, rows, cards, tab and collapse panes,
// sub-table columns) is a dnd-kit SortableContext over a droppable area; every control is a
// sortable item that selects on click and shows copy / delete when selected. Items do not slide
// while dragging: a line shows where the control will land (the drop rules are the reducer's).
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy, useSortable } from '@dnd-kit/sortable';
import { Button, Tooltip, Typography } from 'antd';
import CopyOutlined from '@ant-design/icons/es/icons/CopyOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { ownText, type FormData, type FormField } from '@lighting/shared/formcore';
import { ROOT, fieldId, keyOf } from './designState';
import { useDesign } from './context';
import { FauxControl } from './FauxControl';
import { controlName } from './names';

const LINE = '#1677ff';

/** Data every sortable control carries (read by the drop logic). */
export interface ItemData {
  kind: 'item';
  list: string;
  index: number;
  wide: boolean;
  key: string;
}
export interface ListData {
  kind: 'list';
  list: string;
  length: number;
}

export function Canvas() {
  const { state, dispatch } = useDesign();
  const { t } = useTranslation('lowcode');
  return (
    <div
      data-testid="design-canvas"
      onClick={() => dispatch({ type: 'select', id: null })}
      style={{ position: 'relative', minHeight: '100%', padding: 12, background: '#fff' }}
    >
      <FieldList list={ROOT} fields={state.form.fields} layout="grid" form={state.form} />
      {state.form.fields.length === 0 && (
        <Typography.Paragraph
          type="secondary"
          style={{
            position: 'absolute',
            top: 48,
            left: 0,
            right: 0,
            textAlign: 'center',
            pointerEvents: 'none',
          }}
        >
          {t('canvasEmpty')}
        </Typography.Paragraph>
      )}
    </div>
  );
}

function FieldList({
  list,
  fields,
  layout,
  form,
}: {
  list: string;
  fields: readonly FormField[];
  /** grid: controls wrap by span; columns: a sub-table's columns side by side */
  layout: 'grid' | 'columns';
  form: FormData;
}) {
  const { dropAt } = useDesign();
  const { t } = useTranslation('lowcode');
  const data: ListData = { kind: 'list', list, length: fields.length };
  const { setNodeRef } = useDroppable({ id: `list:${list}`, data });
  const atEnd = dropAt?.list === list && dropAt.index === fields.length;
  const style: CSSProperties = {
    display: 'flex',
    flexWrap: layout === 'grid' ? 'wrap' : 'nowrap',
    overflowX: layout === 'columns' ? 'auto' : undefined,
    alignItems: 'flex-start',
    alignContent: 'flex-start',
    // the form's own list fills the canvas, so a drop anywhere below the controls appends
    minHeight: list === ROOT ? 'calc(100vh - 150px)' : 56,
    // and keeps room below the last control for that drop
    paddingBottom: list === ROOT ? 64 : undefined,
    outline: atEnd ? `2px dashed ${LINE}` : undefined,
    outlineOffset: -2,
    borderRadius: 4,
    background: list !== ROOT && fields.length === 0 ? '#fafafa' : undefined,
  };
  return (
    <SortableContext id={list} items={fields.map(fieldId)} strategy={rectSortingStrategy}>
      <div ref={setNodeRef} style={style} data-testid={`drop-${list}`}>
        {fields.map((f, i) => (
          <CanvasItem
            key={fieldId(f)}
            field={f}
            list={list}
            index={i}
            inColumns={layout === 'columns'}
            form={form}
          />
        ))}
        {fields.length === 0 && list !== ROOT && (
          <div style={{ margin: 'auto', color: '#767676', fontSize: 12, padding: 12 }}>{t('dropHere')}</div>
        )}
      </div>
    </SortableContext>
  );
}

/** A control on the canvas (a sortable item); a container renders its own lists inside. */
function CanvasItem({
  field,
  list,
  index,
  inColumns,
  form,
}: {
  field: FormField;
  list: string;
  index: number;
  inColumns: boolean;
  form: FormData;
}) {
  const { state, dispatch, dropAt } = useDesign();
  const { t, i18n } = useTranslation('lowcode');
  const id = fieldId(field);
  const key = keyOf(field);
  const span = field.__config__.span ?? 24;
  const wide = !inColumns && span >= 24;
  const data: ItemData = { kind: 'item', list, index, wide, key };
  const { attributes, listeners, setNodeRef, isDragging } = useSortable({ id, data });
  const selected = state.selected === id;
  const before = dropAt?.list === list && dropAt.index === index;
  const after = dropAt?.list === list && dropAt.index === index + 1 && index === listLength(form, list) - 1;

  const line = (side: 'before' | 'after'): CSSProperties =>
    wide
      ? {
          position: 'absolute',
          left: 0,
          right: 0,
          height: 3,
          background: LINE,
          [side === 'before' ? 'top' : 'bottom']: -2,
        }
      : {
          position: 'absolute',
          top: 0,
          bottom: 0,
          width: 3,
          background: LINE,
          [side === 'before' ? 'left' : 'right']: -2,
        };

  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      data-testid="canvas-item"
      data-key={key}
      data-id={id}
      data-selected={selected ? 'true' : undefined}
      onClick={(e) => {
        e.stopPropagation();
        dispatch({ type: 'select', id });
      }}
      style={{
        position: 'relative',
        width: inColumns ? 200 : `${(span / 24) * 100}%`,
        flex: inColumns ? '0 0 200px' : undefined,
        padding: 6,
        borderRadius: 4,
        cursor: 'move',
        opacity: isDragging ? 0.4 : 1,
        outline: selected ? `2px solid ${LINE}` : '1px dashed #e5e5e5',
        outlineOffset: -1,
        background: selected ? '#f0f7ff' : undefined,
      }}
    >
      {before && <div style={line('before')} />}
      {after && <div style={line('after')} />}
      <ItemBody field={field} form={form} labelOnTop={inColumns} />
      {selected && (
        <div
          style={{ position: 'absolute', right: 2, bottom: 2, display: 'flex', gap: 2, zIndex: 2 }}
          onPointerDown={(e) => e.stopPropagation()}
        >
          <Tooltip title={t('copy')}>
            <Button
              size="small"
              type="primary"
              icon={<CopyOutlined />}
              aria-label={t('copy')}
              data-testid="item-copy"
              onClick={(e) => {
                e.stopPropagation();
                dispatch({ type: 'copy', id });
              }}
            />
          </Tooltip>
          <Tooltip title={t('remove')}>
            <Button
              size="small"
              danger
              type="primary"
              icon={<DeleteOutlined />}
              aria-label={t('remove')}
              data-testid="item-remove"
              onClick={(e) => {
                e.stopPropagation();
                dispatch({ type: 'remove', id });
              }}
            />
          </Tooltip>
        </div>
      )}
      {key === 'row' || key === 'card' || key === 'table' || key === 'tab' || key === 'collapse' ? (
        <span style={{ position: 'absolute', right: 6, top: 2, fontSize: 11, color: '#767676' }}>
          {controlName(key, i18n.language)}
        </span>
      ) : null}
    </div>
  );
}

function listLength(form: FormData, list: string): number {
  if (list === ROOT) return form.fields.length;
  const walk = (fs: readonly FormField[]): number | null => {
    for (const f of fs) {
      if (fieldId(f) === list) return f.__config__.children?.length ?? 0;
      const inner = f.__config__.children;
      if (inner) {
        const n = walk(inner);
        if (n !== null) return n;
      }
    }
    return null;
  };
  return walk(form.fields) ?? 0;
}

function ItemBody({ field, form, labelOnTop }: { field: FormField; form: FormData; labelOnTop: boolean }) {
  const key = keyOf(field);
  const id = fieldId(field);
  const children = field.__config__.children ?? [];
  switch (key) {
    case 'row':
      return <FieldList list={id} fields={children} layout="grid" form={form} />;
    case 'card':
      return (
        <div style={{ border: '1px solid #f0f0f0', borderRadius: 6 }}>
          <div style={{ padding: '6px 12px', borderBottom: '1px solid #f0f0f0', fontWeight: 500 }}>
            {typeof field.header === 'string' ? field.header : field.__config__.label}
          </div>
          <div style={{ padding: 8 }}>
            <FieldList list={id} fields={children} layout="grid" form={form} />
          </div>
        </div>
      );
    case 'table':
      return <TableBody field={field} form={form} />;
    case 'tab':
      return <TabBody field={field} form={form} />;
    case 'collapse':
      return (
        <div style={{ border: '1px solid #f0f0f0', borderRadius: 6 }}>
          {children.map((pane) => (
            <div key={fieldId(pane)} style={{ borderBottom: '1px solid #f0f0f0' }}>
              <div style={{ padding: '6px 12px', background: '#fafafa' }}>▾ {pane.__config__.label}</div>
              <div style={{ padding: 8 }}>
                <FieldList
                  list={fieldId(pane)}
                  fields={pane.__config__.children ?? []}
                  layout="grid"
                  form={form}
                />
              </div>
            </div>
          ))}
        </div>
      );
    default:
      return <Labelled field={field} form={form} top={labelOnTop} />;
  }
}

function TableBody({ field, form }: { field: FormField; form: FormData }) {
  const { t } = useTranslation('lowcode');
  return (
    <div style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
      {field.__config__.showTitle !== false && (
        <div style={{ fontWeight: 500, marginBottom: 6 }}>{field.__config__.label}</div>
      )}
      <FieldList
        list={fieldId(field)}
        fields={field.__config__.children ?? []}
        layout="columns"
        form={form}
      />
      {field.showSummary === true && (
        <div style={{ padding: '4px 8px', background: '#fafafa', fontSize: 12 }} data-testid="design-summary">
          {t('summaryRow')}
        </div>
      )}
      <div style={{ color: '#0958d9', fontSize: 12, padding: '4px 8px' }}>
        + {ownText(field.actionText) ?? t('addRow')}
      </div>
    </div>
  );
}

function TabBody({ field, form }: { field: FormField; form: FormData }) {
  const panes = field.__config__.children ?? [];
  const [active, setActive] = useState(0);
  const current = panes[Math.min(active, panes.length - 1)];
  return (
    <div style={{ border: '1px solid #f0f0f0', borderRadius: 6 }}>
      <div style={{ display: 'flex', gap: 4, borderBottom: '1px solid #f0f0f0', padding: '0 8px' }}>
        {panes.map((p, i) => (
          <button
            type="button"
            key={fieldId(p)}
            data-testid="design-tab"
            onPointerDown={(e) => e.stopPropagation()}
            onClick={(e) => {
              e.stopPropagation();
              setActive(i);
            }}
            style={{
              border: 'none',
              background: 'none',
              padding: '6px 10px',
              cursor: 'pointer',
              borderBottom: p === current ? `2px solid ${LINE}` : '2px solid transparent',
              color: p === current ? LINE : undefined,
            }}
          >
            {p.__config__.label}
          </button>
        ))}
      </div>
      {current && (
        <div style={{ padding: 8 }}>
          <FieldList
            list={fieldId(current)}
            fields={current.__config__.children ?? []}
            layout="grid"
            form={form}
          />
        </div>
      )}
    </div>
  );
}

/** A control with its label (on top in a sub-table column, as the column's header). */
function Labelled({ field, form, top: onTop }: { field: FormField; form: FormData; top: boolean }) {
  const cfg = field.__config__;
  const top = onTop || form.labelPosition === 'top';
  const width = cfg.labelWidth ?? form.labelWidth ?? 100;
  const label: ReactNode =
    cfg.showLabel === false ? null : (
      <div
        style={{
          width: top ? undefined : width,
          flex: top ? undefined : `0 0 ${width}px`,
          textAlign: top || form.labelPosition === 'left' ? 'left' : 'right',
          paddingRight: 8,
          lineHeight: '30px',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
        data-testid="canvas-label"
      >
        {cfg.required && <span style={{ color: '#cf1322', marginRight: 4 }}>*</span>}
        {cfg.label}
      </div>
    );
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: top ? 'column' : 'row',
        alignItems: top ? 'stretch' : 'flex-start',
      }}
    >
      {label}
      <div style={{ flex: 1, minWidth: 0 }}>
        <FauxControl field={field} />
      </div>
    </div>
  );
}
