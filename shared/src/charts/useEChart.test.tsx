/**
 * @jest-environment jsdom
 */
import { useRef } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { useEChart, type ChartClick } from './useEChart';
import type { ChartOption } from './types';

type Handler = (p: unknown) => void;
const chart = { setOption: jest.fn(), dispose: jest.fn(), resize: jest.fn(), on: jest.fn() };
jest.mock('./echarts', () => ({ init: jest.fn(() => chart) }));

function Probe({ option, onClick }: { option: ChartOption | null; onClick?: (e: ChartClick) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const state = useEChart(ref, option, onClick);
  return <div ref={ref} data-testid="chart" data-state={state} />;
}

describe('useEChart', () => {
  it('draws once the runtime arrives, reports clicks, disposes on unmount', async () => {
    const clicks: ChartClick[] = [];
    const option: ChartOption = { series: [{ type: 'bar', data: [1] }] };
    const view = render(<Probe option={option} onClick={(e) => clicks.push(e)} />);
    expect(screen.getByTestId('chart').dataset.state).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('chart').dataset.state).toBe('ready'));
    expect(chart.setOption).toHaveBeenCalledWith(option, { notMerge: true });
    const [event, handler] = chart.on.mock.calls[0] as [string, Handler];
    expect(event).toBe('click');
    handler({ name: '东城区', seriesName: '主干道', dataIndex: 2 });
    expect(clicks).toEqual([{ name: '东城区', seriesName: '主干道', dataIndex: 2 }]);
    view.unmount();
    expect(chart.dispose).toHaveBeenCalled();
  });
});
