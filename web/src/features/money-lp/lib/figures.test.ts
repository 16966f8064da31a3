import type { NavLine, Transaction } from '@tranche/shared/money/money.schema';
import { describe, expect, it } from 'vitest';
import {
  displayNavChart,
  filterTransactions,
  formatMultiple,
  formatRate,
  formatRateValue,
  formatUnits,
  fundsOf,
  isPositive,
  isZero,
  measureValue,
  navCharts,
  navEnds,
  paymentReference,
  plainUnits,
  redemptionSize,
  type TileFigures,
  unitsLeft,
  valuesOfRedemption,
} from './figures';

const figures = (over: Partial<TileFigures> = {}): TileFigures => ({
  currency: 'USD',
  committed: '1000000.00',
  invested: '240000.00',
  undrawn: '750000.00',
  distributed: '30000.00',
  redeemed: '0.00',
  nav: '260000.00',
  dpi: { available: true, value: '0.1200' },
  rvpi: { available: true, value: '1.0400' },
  tvpi: { available: true, value: '1.1600' },
  xirr: { available: true, value: 0.373362535 },
  ...over,
});

describe('the measures', () => {
  it('shows multiples to two decimals and XIRR as a percentage, from the server’s values as they are', () => {
    expect(formatMultiple('1.1650', 'en')).toBe('1.17');
    expect(formatMultiple('0.1200', 'en')).toBe('0.12');
    // Rounded from the decimal string itself: no float artefact turns 1.005 into 1.00.
    expect(formatMultiple('1.0050', 'en')).toBe('1.01');
    expect(formatRate(0.373362535, 'en')).toBe('37.34%');
    expect(formatRateValue('0.12800000', 'en')).toBe('0.128');
    expect(formatRateValue('7.81250000', 'zh-CN')).toBe('7.8125');
    expect(formatRate(-0.05, 'en')).toBe('-5%');
    expect(measureValue('tvpi', figures(), 'en')).toBe('1.16');
    expect(measureValue('xirr', figures(), 'zh-CN')).toBe('37.34%');
  });

  it('gives no value for a measure that has none, so the screen says "not available" and never 0', () => {
    const none = figures({
      tvpi: { available: false, reason: 'noPaidIn' },
      xirr: { available: false, reason: 'noSignChange' },
    });
    expect(measureValue('tvpi', none, 'en')).toBeUndefined();
    expect(measureValue('xirr', none, 'en')).toBeUndefined();
    expect(measureValue('dpi', none, 'en')).toBe('0.12');
  });

  it('keeps units to their six decimals and reads zero and sign from the text', () => {
    expect(formatUnits('1500.250000', 'en')).toBe('1,500.25');
    expect(formatUnits('0.000001', 'en')).toBe('0.000001');
    expect(formatUnits('12345678901234567.123456', 'en')).toBe('12,345,678,901,234,567.123456');
    for (const zero of ['0', '0.00', '-0.000000', '000.0']) expect(isZero(zero)).toBe(true);
    expect(isZero('0.000001')).toBe(false);
    expect(isPositive('0.000001')).toBe(true);
    expect(isPositive('-5.00')).toBe(false);
    expect(isPositive('0.00')).toBe(false);
  });
});

describe('the NAV charts', () => {
  const line: NavLine = {
    asOf: '2026-06-30',
    series: [
      {
        subscriptionId: 'A',
        fund: 'Glacier',
        currency: 'USD',
        points: [
          { date: '2026-01-31', nav: '100.00' },
          { date: '2026-02-28', nav: '110.50' },
        ],
      },
      { subscriptionId: 'B', fund: 'Harbour', currency: 'EUR', points: [{ date: '2026-02-28', nav: '50.00' }] },
      {
        subscriptionId: 'C',
        fund: 'Summit',
        currency: 'USD',
        points: [
          { date: '2026-02-28', nav: '20.00' },
          { date: '2026-03-31', nav: '21.00' },
        ],
      },
      { subscriptionId: 'D', fund: 'Empty', currency: 'GBP', points: [] },
    ],
  } as NavLine;

  it('draws one chart per currency, one line per investment, one row per date in order', () => {
    const charts = navCharts(line);
    expect(charts.map((c) => c.currency)).toEqual(['USD', 'EUR']);
    const usd = charts[0]!;
    expect(usd.series).toEqual([
      { key: 's0', fund: 'Glacier', subscriptionId: 'A' },
      { key: 's1', fund: 'Summit', subscriptionId: 'C' },
    ]);
    expect(usd.rows).toEqual([
      { date: '2026-01-31', s0: 100 },
      { date: '2026-02-28', s0: 110.5, s1: 20 },
      { date: '2026-03-31', s1: 21 },
    ]);
  });

  it('adds the whole portfolio in the display currency only when the lines are in another or several', () => {
    const converted = [
      { date: '2026-01-31', nav: '12.80' },
      { date: '2026-02-28', nav: '20.54' },
    ];
    const withDisplay = { ...line, display: { currency: 'USD', rates: [], missingRates: [], converted } } as NavLine;
    expect(displayNavChart(withDisplay, 'Whole portfolio')).toEqual({
      currency: 'USD',
      series: [{ key: 's0', fund: 'Whole portfolio', subscriptionId: '' }],
      rows: [
        { date: '2026-01-31', s0: 12.8 },
        { date: '2026-02-28', s0: 20.54 },
      ],
    });
    // One currency, and it is the display currency: the lines say it all.
    const usdOnly = { ...withDisplay, series: [line.series[0]!] } as NavLine;
    expect(displayNavChart(usdOnly, 'Whole portfolio')).toBeUndefined();
    // No rate for a currency: no converted line from the server, none drawn.
    const noRate = { ...line, display: { currency: 'USD', rates: [], missingRates: ['EUR'] } } as NavLine;
    expect(displayNavChart(noRate, 'Whole portfolio')).toBeUndefined();
  });

  it('tells the first and last point of a line', () => {
    expect(navEnds(line.series[0]!.points)).toEqual({
      first: { date: '2026-01-31', nav: '100.00' },
      last: { date: '2026-02-28', nav: '110.50' },
    });
    expect(navEnds([])).toBeUndefined();
  });
});

describe('transactions', () => {
  const tx = (subscriptionId: string, fund: string, kind: Transaction['kind']): Transaction =>
    ({
      entryId: `${subscriptionId}-${kind}`,
      seq: 1,
      subscriptionId,
      productId: 'P',
      fund,
      kind,
      amount: '1.00',
      currency: 'USD',
      effectiveDate: '2026-01-01',
    }) as Transaction;
  const items = [tx('A', 'Glacier', 'CALL'), tx('A', 'Glacier', 'PAYMENT'), tx('B', 'Birch', 'CALL')];

  it('filters by type over the pages read (the fund is the server’s query)', () => {
    expect(filterTransactions(items, { kind: '' })).toHaveLength(3);
    expect(filterTransactions(items, { kind: 'CALL' }).map((t) => t.entryId)).toEqual(['A-CALL', 'B-CALL']);
    expect(filterTransactions(items, { kind: 'REDEMPTION_PAID' })).toEqual([]);
  });

  it('offers each fund of the investments once, by name', () => {
    expect(
      fundsOf([
        { productId: 'PG', fund: 'Glacier' },
        { productId: 'PB', fund: 'Birch' },
        { productId: 'PG', fund: 'Glacier' },
      ]),
    ).toEqual([
      { value: 'PB', label: 'Birch' },
      { value: 'PG', label: 'Glacier' },
    ]);
  });
});

describe('redemption requests', () => {
  it('sends exactly one of full, units or amount, trimmed', () => {
    expect(redemptionSize({ by: 'full', units: '5', amount: '6' })).toEqual({ full: true });
    expect(redemptionSize({ by: 'units', units: ' 1500.25 ', amount: '6' })).toEqual({ units: '1500.25' });
    expect(redemptionSize({ by: 'amount', units: '5', amount: '25000.50' })).toEqual({ amount: '25000.50' });
  });

  it('fills an amendment with what was asked: the whole holding, the amount, else the units', () => {
    expect(valuesOfRedemption({ full: true, units: '100' })).toEqual({ by: 'full', units: '', amount: '' });
    expect(valuesOfRedemption({ full: false, units: '90.5', amount: '1000.00' })).toEqual({
      by: 'amount',
      units: '',
      amount: '1000.00',
    });
    expect(valuesOfRedemption({ full: false, units: '90.500000' })).toEqual({ by: 'units', units: '90.5', amount: '' });
    expect(plainUnits('1000.000000')).toBe('1000');
    expect(plainUnits('1000')).toBe('1000');
    expect(plainUnits('0.000100')).toBe('0.0001');
  });

  it('tells what a gated request still has to deal, exactly, never below zero', () => {
    expect(unitsLeft('2000.000000', '492.500000')).toBe('1507.500000');
    expect(unitsLeft('0.300000', '0.100001')).toBe('0.199999');
    expect(unitsLeft('1000', undefined)).toBe('1000.000000');
    expect(unitsLeft('5.000000', '5.000000')).toBe('0.000000');
    expect(unitsLeft('5.000000', '6.000000')).toBe('0.000000');
  });

  it('names a payment by its call and investment', () => {
    expect(paymentReference('01HZY3C9W8ZK1N6S2B7QK5CALL', '01HZY3C9W8ZK1N6S2B7QK5V4SS')).toBe('CC-7QK5CALL-7QK5V4SS');
  });
});
