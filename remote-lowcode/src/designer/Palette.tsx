// The palette: every control of the catalogue by group (basic, advanced, function, system,
// layout), with its icon and its name in the page's language. Drag one onto the canvas, or click
// it to add it at the end of the form.
import { useDraggable } from '@dnd-kit/core';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CONTROL_GROUPS,
  controlsOf,
  type ControlGroup,
  type ControlInfo,
  type JnpfKey,
} from '@lighting/shared/formcore';
import { ControlIcon } from './icons';
import { controlName } from './names';

export interface PaletteData {
  kind: 'palette';
  key: JnpfKey;
}

export const paletteId = (key: JnpfKey) => `palette:${key}`;

export function Palette({ onAdd }: { onAdd: (key: JnpfKey) => void }) {
  const { t } = useTranslation('lowcode');
  return (
    <div data-testid="palette" style={{ padding: '8px 10px' }}>
      {(Object.keys(CONTROL_GROUPS) as ControlGroup[]).map((g) => (
        <section key={g} style={{ marginBottom: 10 }}>
          <Typography.Text strong style={{ fontSize: 13 }}>
            {t(`group.${g}`)}
          </Typography.Text>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6, marginTop: 6 }}>
            {controlsOf(g).map((c) => (
              <PaletteItem key={c.key} info={c} onAdd={onAdd} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function PaletteItem({ info, onAdd }: { info: ControlInfo; onAdd: (key: JnpfKey) => void }) {
  const { i18n } = useTranslation('lowcode');
  const data: PaletteData = { kind: 'palette', key: info.key };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: paletteId(info.key), data });
  const name = controlName(info.key, i18n.language);
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      data-testid={`palette-${info.key}`}
      title={name}
      onClick={() => onAdd(info.key)}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 6,
        padding: '4px 8px',
        border: '1px solid #f0f0f0',
        borderRadius: 4,
        background: isDragging ? '#e6f4ff' : '#fafafa',
        cursor: 'move',
        fontSize: 12,
        lineHeight: '16px',
        userSelect: 'none',
      }}
    >
      <ControlIcon name={info.icon} />
      {/* a long name wraps rather than being cut: 'Related form' and 'Related form field' must differ */}
      <span style={{ minWidth: 0, overflowWrap: 'anywhere' }} data-testid="palette-name">
        {name}
      </span>
    </div>
  );
}

/** The chip that follows the pointer while a control is dragged. */
export function DragChip({ name, icon }: { name: string; icon?: string }) {
  return (
    <div
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 6,
        padding: '4px 10px',
        background: '#fff',
        border: '1px solid #1677ff',
        borderRadius: 4,
        boxShadow: '0 4px 12px rgba(0,0,0,.15)',
        fontSize: 12,
        pointerEvents: 'none',
      }}
    >
      {icon && <ControlIcon name={icon} />}
      {name}
    </div>
  );
}
