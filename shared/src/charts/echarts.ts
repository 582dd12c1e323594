// The chart runtime, loaded by dynamic import() after the page has painted (useEChart): echarts/core
// with only the chart types and components the console draws (home dashboard, map statistics).
import { init, use as registerParts } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

registerParts([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  CanvasRenderer,
]);

export { init };
