// Legend + layers panel: kind and status checkboxes (client-side filter through the map's
// layer view). The swatches are the renderer's own symbology.
import { Button, Typography } from 'antd';
import Checkbox from 'antd/es/checkbox';
import { useTranslation } from 'react-i18next';
import {
  ALERT_CLASSES,
  ASSET_KINDS,
  ASSET_STATUSES,
  KIND_MARKERS,
  alertCss,
  densityCss,
  statusCss,
  type AssetKind,
} from './symbology';
import { toggle, type VisibilityState } from './filters';

/** A legend heading and its links: the heading on one line, the links wrap below when narrow. */
const HEADING: React.CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: 4,
  marginBottom: 4,
};

/**
 * The kinds and the statuses in two columns, so at 1366 × 768 the whole card (both lists and the
 * legend) shows without scrolling; a long name (English) wraps within its column.
 */
const TWO_COLUMNS: React.CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  columnGap: 6,
  rowGap: 2,
  lineHeight: 1.35,
};

function KindSwatch({ kind }: { kind: AssetKind }) {
  const { style, size } = KIND_MARKERS[kind];
  const radius = style === 'circle' ? '50%' : 0;
  const rotate = style === 'diamond' ? 'rotate(45deg)' : undefined;
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: radius,
        transform: rotate,
        border: '1.5px solid #444',
        marginRight: 6,
        verticalAlign: 'middle',
      }}
    />
  );
}

export function LayersPanel({
  value,
  onChange,
}: {
  value: VisibilityState;
  onChange: (v: VisibilityState) => void;
}) {
  const { t } = useTranslation('map');
  return (
    <div data-testid="asset-kinds" style={{ fontSize: 13 }}>
      <div style={HEADING}>
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
          {t('kinds')}
        </Typography.Text>
        <Button size="small" type="link" onClick={() => onChange({ ...value, hiddenKinds: [] })}>
          {t('showAll')}
        </Button>
        <Button
          size="small"
          type="link"
          onClick={() => onChange({ ...value, hiddenKinds: [...ASSET_KINDS] })}
        >
          {t('hideAll')}
        </Button>
      </div>
      <div style={TWO_COLUMNS}>
        {ASSET_KINDS.map((k) => (
          <div key={k}>
            <Checkbox
              data-testid={`layer-kind-${k}`}
              checked={!value.hiddenKinds.includes(k)}
              onChange={(e) =>
                onChange({ ...value, hiddenKinds: toggle(value.hiddenKinds, k, !e.target.checked) })
              }
            >
              <KindSwatch kind={k} />
              {t(`kind.${k}`)}
            </Checkbox>
          </div>
        ))}
      </div>
      <div style={{ ...HEADING, marginTop: 8 }}>
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
          {t('statuses')}
        </Typography.Text>
        <Button size="small" type="link" onClick={() => onChange({ ...value, hiddenStatuses: [] })}>
          {t('showAll')}
        </Button>
      </div>
      <div style={TWO_COLUMNS}>
        {ASSET_STATUSES.map((s) => (
          <div key={s}>
            <Checkbox
              data-testid={`layer-status-${s}`}
              checked={!value.hiddenStatuses.includes(s)}
              onChange={(e) =>
                onChange({ ...value, hiddenStatuses: toggle(value.hiddenStatuses, s, !e.target.checked) })
              }
            >
              <span
                aria-hidden
                style={{
                  display: 'inline-block',
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  background: statusCss(s),
                  marginRight: 6,
                  verticalAlign: 'middle',
                }}
              />
              {t(`status.${s}`)}
            </Checkbox>
          </div>
        ))}
      </div>
      <div data-testid="grid-legend" style={{ marginTop: 8 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('cityView.hint')}
        </Typography.Text>
        {(
          [['density', densityCss, 0.5], ...ALERT_CLASSES.map((c) => [c, alertCss(c), 0.9] as const)] as const
        ).map(([what, color, opacity]) => (
          <div key={what} data-testid={`legend-${what}`}>
            <span
              aria-hidden
              style={{
                display: 'inline-block',
                width: 12,
                height: 12,
                borderRadius: '50%',
                background: color,
                opacity,
                marginRight: 6,
                verticalAlign: 'middle',
              }}
            />
            {t(`cityView.${what}`)}
          </div>
        ))}
      </div>
    </div>
  );
}
