// A chart area: a fixed-height box the chart runtime draws into after the page has painted.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { chartSummary, useEChart } from '@lighting/shared/ui';
import type { ChartOption } from '../charts/options';

export function ChartBox({
  option,
  height = 180,
  name,
  title,
}: {
  option: ChartOption;
  height?: number;
  name: string;
  /** what the chart shows (its widget's title): the image's name even when the chart draws no words */
  title: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const state = useEChart(ref, option);
  const { t } = useTranslation(NS);
  return (
    <div style={{ position: 'relative' }}>
      <div
        ref={ref}
        data-testid={`chart-${name}`}
        data-chart-state={state}
        // the canvas holds no words: the chart is an image named by what it draws
        role="img"
        aria-label={chartSummary(option, title)}
        style={{ width: '100%', height }}
      />
      {state === 'error' ? (
        <div
          style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: '#767676' }}
        >
          {t('chartFailed')}
        </div>
      ) : null}
    </div>
  );
}
