// The frame every dashboard widget shares: a card with its title and link, a skeleton while its
// request runs, an inline error with Retry, 无数据 when the answer is empty.
import type { CSSProperties, ReactNode } from 'react';
import { Button, Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import type { Resource } from '../useResource';

export interface WidgetProps<T> {
  id: string;
  title: ReactNode;
  extra?: ReactNode;
  resource: Resource<T>;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
  /** content shown above the body whatever the state (e.g. the calendar's month switcher) */
  header?: ReactNode;
}

export function Widget<T>({ id, title, extra, resource, isEmpty, children, header }: WidgetProps<T>) {
  const { t } = useTranslation(NS);
  let body: ReactNode;
  if (resource.status === 'loading') {
    body = <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  } else if (resource.status === 'error') {
    body = (
      <div data-testid="widget-error" style={{ padding: '16px 0', textAlign: 'center' }}>
        <Typography.Text type="danger">
          {t('loadFailed')}
          {resource.error ? `: ${resource.error}` : ''}
        </Typography.Text>
        <div style={{ marginTop: 8 }}>
          <Button size="small" onClick={resource.retry}>
            {t('retry')}
          </Button>
        </div>
      </div>
    );
  } else if (isEmpty?.(resource.data)) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;
  } else {
    body = children(resource.data);
  }
  return (
    <div data-testid={`widget-${id}`} data-state={resource.status} style={PANEL}>
      <div style={HEAD}>
        <div style={TITLE}>{title}</div>
        {extra ? (
          <div data-testid="widget-extra" style={{ flexShrink: 0 }}>
            {extra}
          </div>
        ) : null}
      </div>
      <div style={{ padding: 12, minHeight: 200 }}>
        {header}
        {body}
      </div>
    </div>
  );
}

// A small antd Card's look, drawn with the theme's CSS variables (antd's Card would bring Tabs,
// 12 KB gzip, into the console's first paint). The fallbacks are antd's default tokens.
const border = '1px solid var(--ant-color-border-secondary, #f0f0f0)';
const PANEL: CSSProperties = {
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  background: 'var(--ant-color-bg-container, #fff)',
  border,
  borderRadius: 'var(--ant-border-radius-lg, 8px)',
  color: 'var(--ant-color-text, rgba(0, 0, 0, 0.88))',
  fontSize: 'var(--ant-font-size, 14px)',
};
const HEAD: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  minHeight: 38,
  padding: '0 12px',
  borderBottom: border,
};
const TITLE: CSSProperties = {
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: 'var(--ant-font-weight-strong, 600)' as CSSProperties['fontWeight'],
  color: 'var(--ant-color-text-heading, rgba(0, 0, 0, 0.88))',
};

/** A headline number with its label; `color` marks it against a target. */
export function Kpi({
  label,
  value,
  unit,
  color,
  testId,
  hint,
}: {
  label: ReactNode;
  value: ReactNode;
  unit?: ReactNode;
  color?: string;
  testId?: string;
  hint?: ReactNode;
}) {
  return (
    <div style={{ minWidth: 0 }}>
      <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>{label}</div>
      {/* the unit goes under a long number rather than over the next one */}
      <div
        style={{
          fontSize: 22,
          fontWeight: 600,
          lineHeight: 1.3,
          color,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          columnGap: 2,
        }}
      >
        <span data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
          {value}
        </span>
        {unit ? <span style={{ fontSize: 12, fontWeight: 400, whiteSpace: 'nowrap' }}>{unit}</span> : null}
      </div>
      {hint ? <div style={{ fontSize: 12, color: '#767676' }}>{hint}</div> : null}
    </div>
  );
}

export function KpiRow({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        display: 'grid',
        // wide enough for a 10-digit count at 22 px ('42,953,602'); fewer columns when narrower
        gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))',
        gap: 8,
        marginBottom: 8,
      }}
    >
      {children}
    </div>
  );
}

/** Thousands separators for counts and kWh. */
export const fmtNum = (n: unknown, digits = 0): string =>
  typeof n === 'number' && Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits })
    : '—';
