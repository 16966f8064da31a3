import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useLang } from '@/i18n/use-lang';

export interface CountBar {
  /** The category as the reader sees it (translated): the bar's label on the axis. */
  label: string;
  value: number;
}

interface CountBarChartProps {
  bars: readonly CountBar[];
  /** The series' name in the tooltip ("Funds", "Investors"). */
  seriesLabel: string;
  color: string;
}

/**
 * Counts by category as horizontal bars, each named on its axis and carrying its value: the category
 * is read from the label, never from a colour. The chart is a picture of the table the page shows
 * beside it (the accessible form), so it is hidden from assistive technology. Loaded on demand
 * (React.lazy): recharts never reaches the investor portal's download.
 */
const CountBarChart = ({ bars, seriesLabel, color }: CountBarChartProps) => {
  const lang = useLang();
  const format = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  return (
    <div aria-hidden="true">
      <BarChart
        h={Math.max(120, bars.length * 44)}
        data={bars.map((b) => ({ label: b.label, value: b.value }))}
        dataKey="label"
        orientation="vertical"
        series={[{ name: 'value', label: seriesLabel, color }]}
        withBarValueLabel
        valueFormatter={(v) => format.format(v)}
        gridAxis="none"
        tickLine="none"
        withXAxis={false}
        yAxisProps={{ width: 96 }}
        maxBarWidth={28}
        withTooltip={false}
        // recharts' keyboard layer makes the picture focusable; the table beside it is the accessible form.
        accessibilityLayer={false}
        textColor="gray.8"
      />
    </div>
  );
};
export default CountBarChart;
