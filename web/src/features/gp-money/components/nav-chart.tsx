import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import type { NavPrice } from '@tranche/shared/money/money.schema';
import { useLang } from '@/i18n/use-lang';
import { formatDate } from '@/lib/format';

/**
 * The fund's NAV per unit over time, as a line. The chart is a picture of the history table the page
 * shows under it (the accessible form), so it is hidden from assistive technology. Loaded on demand
 * (React.lazy): recharts stays out of every other screen's download. Floats are for drawing only;
 * every figure a reader is given is the decimal string.
 */
const NavChart = ({ prices, seriesLabel }: { prices: readonly NavPrice[]; seriesLabel: string }) => {
  const lang = useLang();
  const format = new Intl.NumberFormat(lang, { maximumFractionDigits: 6 });
  return (
    <div aria-hidden="true">
      <LineChart
        h={240}
        data={prices.map((p) => ({ date: formatDate(p.navDate, lang), nav: Number(p.navPerUnit) }))}
        dataKey="date"
        series={[{ name: 'nav', label: seriesLabel, color: 'blue.8' }]}
        curveType="linear"
        valueFormatter={(v) => format.format(v)}
        withDots={prices.length <= 24}
        yAxisProps={{ domain: ['auto', 'auto'], width: 72 }}
        accessibilityLayer={false}
        textColor="gray.8"
      />
    </div>
  );
};
export default NavChart;
