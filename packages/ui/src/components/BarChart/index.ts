export { BarChart, type BarChartBar, type BarChartProps } from './BarChart.js';
