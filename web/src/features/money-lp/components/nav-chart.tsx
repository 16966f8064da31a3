import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import type { NavChart as NavChartData } from '@/features/money-lp/lib/figures';
import { useLang } from '@/i18n/use-lang';
import { formatDate } from '@/lib/format';

/** Distinct, AA-contrast line colours; a line is also named in the legend, never told by colour alone. */
const COLORS = ['blue.7', 'teal.8', 'grape.7', 'orange.9', 'indigo.7', 'pink.7', 'cyan.8', 'lime.9'];

/**
 * One currency's NAV lines (one per investment). A picture of the figures the page states in text
 * beside it, so it is hidden from assistive technology and recharts' keyboard layer is off. Loaded
 * on demand (React.lazy): recharts never reaches the portal's first download.
 */
const NavChart = ({ chart }: { chart: NavChartData }) => {
  const lang = useLang();
  const money = new Intl.NumberFormat(lang, {
    style: 'currency',
    currency: chart.currency,
    notation: 'compact',
    // Two digits: close ticks (US$4.05万, US$4.1万) must not read the same.
    maximumFractionDigits: 2,
  });
  return (
    <div aria-hidden="true">
      <LineChart
        h={260}
        data={chart.rows}
        dataKey="date"
        series={chart.series.map((s, i) => ({ name: s.key, label: s.fund, color: COLORS[i % COLORS.length]! }))}
        curveType="linear"
        withLegend={chart.series.length > 1}
        legendProps={{ verticalAlign: 'bottom' }}
        connectNulls
        valueFormatter={(v) => money.format(v)}
        xAxisProps={{ tickFormatter: (d: string) => formatDate(d, lang) }}
        // The values' own range: from zero, months of a few per cent would draw a flat line.
        yAxisProps={{ width: 72, domain: ['auto', 'auto'] }}
        withDots={chart.rows.length <= 24}
        accessibilityLayer={false}
        textColor="gray.8"
      />
    </div>
  );
};
export default NavChart;
