/**
 * The money figures (issue 14), pure computation only (no routes exist yet): (1) an investor
 * dashboard of 50 investments, each with 5 years of monthly NAV and its ledger, summarised and its
 * NAV line drawn; the target (p99 <= 100 ms) is for the route, so this is the compute share
 * of it. (2) One capital call allocated across 5,000 investors (target: median <= 2 s). BENCH_ONLY=money.
 */
import { allocateCallByAmount } from '@tranche/shared/money/allocation';
import type { LedgerEntry } from '@tranche/shared/money/ledger';
import { investmentSummary, type NavPoint, navLine } from '@tranche/shared/money/summary';
import { ms, percentile } from './stats.js';

const INVESTMENTS = 50;
const MONTHS = 60;
const INVESTORS = 5_000;
const RUNS = Number(process.env.BENCH_MONEY_RUNS ?? 50);

const monthEnd = (i: number) => new Date(Date.UTC(2021, i + 1, 0)).toISOString().slice(0, 10);

/** One investment: a commitment, a quarterly call and payment, and a distribution every half year. */
const investment = (n: number): { entries: LedgerEntry[]; prices: NavPoint[] } => {
  const base = {
    investorId: 'inv',
    subscriptionId: `sub-${n}`,
    productId: `fund-${n}`,
    shareClassId: 'A',
    currency: 'USD' as const,
  };
  let seq = 0;
  const entry = (kind: LedgerEntry['kind'], amount: string, date: string, units?: string): LedgerEntry => {
    seq += 1;
    return { ...base, id: `${n}-${seq}`, seq, kind, amount, effectiveDate: date, ...(units ? { units } : {}) };
  };
  const entries = [entry('COMMITMENT', '1000000.00', monthEnd(0))];
  for (let m = 0; m < MONTHS; m += 3) {
    entries.push(entry('CALL', '40000.00', monthEnd(m)), entry('PAYMENT', '40000.00', monthEnd(m), '4000'));
    if (m % 6 === 3) entries.push(entry('DISTRIBUTION_PAID', '5000.00', monthEnd(m)));
  }
  const prices = Array.from({ length: MONTHS }, (_, m) => ({
    date: monthEnd(m),
    navPerUnit: (10 + ((m * 7 + n) % 13) / 10).toFixed(6),
  }));
  return { entries, prices };
};

export const benchMoney = (row: (...cells: string[]) => void): void => {
  const portfolio = Array.from({ length: INVESTMENTS }, (_, n) => investment(n));
  const asOf = monthEnd(MONTHS - 1);
  const dashboard = () =>
    portfolio.map(({ entries, prices }) => ({
      summary: investmentSummary(entries, 'USD', prices, asOf),
      line: navLine(entries, prices, 'USD'),
    }));
  for (let i = 0; i < 5; i++) dashboard();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    dashboard();
    times.push(performance.now() - t);
  }
  const p99 = percentile(times, 99);
  row(
    `money: dashboard of ${INVESTMENTS} investments x ${MONTHS} NAVs (compute) p50 / p99`,
    `${ms(percentile(times, 50))} / ${ms(p99)}`,
    `${portfolio.reduce((a, p) => a + p.entries.length, 0)} ledger entries`,
    'p99 <= 100 ms (route)',
    p99 <= 100 ? 'ok' : 'OVER TARGET',
  );

  const investors = Array.from({ length: INVESTORS }, (_, i) => ({
    id: `i${i}`,
    commitment: `${100000 + ((i * 7919) % 900000)}.00`,
    excused: i % 97 === 0,
  }));
  const calls: number[] = [];
  for (let i = 0; i < 11; i++) {
    const t = performance.now();
    allocateCallByAmount('123456789.01', 'USD', investors);
    calls.push(performance.now() - t);
  }
  const median = percentile(calls, 50);
  row(
    `money: one call across ${INVESTORS.toLocaleString('en')} investors, median`,
    ms(median),
    '11 runs, exact BigInt largest remainder',
    'median <= 2 s',
    median <= 2000 ? 'ok' : 'OVER TARGET',
  );
};
