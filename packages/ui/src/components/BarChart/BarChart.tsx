import { visuallyHidden } from '../VisuallyHidden/VisuallyHidden.css.js';
import { caption, column, figure, fill, plot, tick, ticks, track } from './BarChart.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface BarChartBar {
  id: string;
  /** The bar's name under it and in the table (a month). */
  label: string;
  value: number;
  /** The value as the page's language writes it. */
  valueText: string;
}

export interface BarChartProps extends ClassNameProp {
  /** What is measured and over what ("eSign counters used per month"); names the chart and its table. */
  caption: string;
  /** The bars in reading order, each with its label, value and the value in words. */
  bars: readonly BarChartBar[];
  /** The table's column headers: what the bars are, and what they measure. */
  labelHeader: string;
  /** The header of the values’ column in the table behind the chart. */
  valueHeader: string;
}

/**
 * Bars of one measure, in reading order (right to left on an Arabic page), for a person who would
 * rather look than read. The picture is hidden from screen readers; a table with the same figures
 * stands behind it for them. Sized in the flow, so it narrows with a phone's screen.
 */
export function BarChart({
  caption: text,
  bars,
  labelHeader,
  valueHeader,
  className,
}: BarChartProps) {
  const highest = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <figure className={withClassName(figure, className)}>
      <figcaption className={caption}>{text}</figcaption>
      <div aria-hidden="true">
        <div className={plot}>
          {bars.map((bar) => (
            <div key={bar.id} className={column} title={`${bar.label}: ${bar.valueText}`}>
              <div className={track}>
                <div
                  className={fill}
                  style={{ blockSize: `${String((bar.value / highest) * 100)}%` }}
                />
              </div>
            </div>
          ))}
        </div>
        <div className={ticks}>
          {bars.map((bar) => (
            <span key={bar.id} className={tick}>
              {bar.label}
            </span>
          ))}
        </div>
      </div>
      {/* In a hidden box: a table is never narrower than its cells, a box is. */}
      <div className={visuallyHidden}>
        <table>
          <caption>{text}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.id}>
                <th scope="row">{bar.label}</th>
                <td>{bar.valueText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
