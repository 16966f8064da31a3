import type {
  InvestmentStatistics,
  InvestorCall,
  NavLine,
  Redemption,
  Statistics,
} from '@tranche/shared/money/money.schema';
import type { CurrentUser } from '@tranche/shared/user/user.schema';
import { json } from '@/test/fetch-mock';

/** The money pages' API answers for render tests: one investment in HKD, a call, a redemption. */
export const SUB = '01HZY3C9W8ZK1N6S2B7QK5V4SS';
export const CALL = '01HZY3C9W8ZK1N6S2B7QK5CALL';
export const RED = '01HZY3C9W8ZK1N6S2B7QK5RED0';
export const FUND = 'Beacon Real Estate Fund';

export const investor: CurrentUser = {
  userId: '01HZY3C9W8ZK1N6S2B7QK5V4XU',
  tenantId: '01HZY3C9W8ZK1N6S2B7QK5V4XA',
  email: 'bianca@investor.example',
  displayName: 'Bianca Investor',
  role: 'LP',
  inviteStatus: 'REGISTERED',
  accountState: 'normal',
  mfaMethods: [],
  language: 'en',
  currency: 'USD',
} as CurrentUser;

export const investment = (over: Partial<InvestmentStatistics> = {}): InvestmentStatistics => ({
  subscriptionId: SUB,
  productId: '01HZY3C9W8ZK1N6S2B7QK5V4XM',
  shareClassId: '01HZY3C9W8ZK1N6S2B7QK5V4SC',
  fund: FUND,
  currency: 'HKD',
  committed: '3000000.00',
  called: '301250.00',
  paidIn: '301250.00',
  fees: '1250.00',
  invested: '300000.00',
  outstanding: '0.00',
  undrawn: '2700000.00',
  distributed: '0.00',
  redeemed: '0.00',
  units: '300000.000000',
  nav: '315000.00',
  navDate: '2026-11-19',
  dpi: { available: true, value: '0.0000' },
  rvpi: { available: true, value: '1.0456' },
  tvpi: { available: true, value: '1.0456' },
  xirr: { available: false, reason: 'noRoot' },
  ...over,
});

export const statistics = (investments: InvestmentStatistics[] = [investment()]): Statistics => ({
  asOf: '2026-11-24',
  investments,
  totals: investments.length
    ? [
        {
          currency: 'HKD',
          committed: '3000000.00',
          invested: '300000.00',
          undrawn: '2700000.00',
          distributed: '0.00',
          redeemed: '0.00',
          nav: '315000.00',
          dpi: { available: true, value: '0.0000' },
          rvpi: { available: true, value: '1.0456' },
          tvpi: { available: true, value: '1.0456' },
          xirr: { available: false, reason: 'noRoot' },
        },
      ]
    : [],
  display: {
    currency: 'USD',
    rates: [{ from: 'HKD', to: 'USD', rate: '0.12800000', asOf: '2026-11-20' }],
    missingRates: [],
    converted: {
      committed: '384000.00',
      invested: '38400.00',
      undrawn: '345600.00',
      distributed: '0.00',
      redeemed: '0.00',
      nav: '40320.00',
    },
  },
});

export const navLine: NavLine = {
  asOf: '2026-11-24',
  series: [
    {
      subscriptionId: SUB,
      fund: FUND,
      currency: 'HKD',
      points: [
        { date: '2026-10-20', nav: '300000.00' },
        { date: '2026-11-19', nav: '315000.00' },
      ],
    },
  ],
  display: {
    currency: 'USD',
    rates: [{ from: 'HKD', to: 'USD', rate: '0.12800000', asOf: '2026-11-20' }],
    missingRates: [],
    converted: [
      { date: '2026-10-20', nav: '38400.00' },
      { date: '2026-11-19', nav: '40320.00' },
    ],
  },
} as NavLine;

export const call = (over: Partial<InvestorCall> = {}): InvestorCall => ({
  callId: CALL,
  subscriptionId: SUB,
  productId: '01HZY3C9W8ZK1N6S2B7QK5V4XM',
  fund: FUND,
  currency: 'HKD',
  state: 'OUTSTANDING',
  specStatus: 'PENDING',
  items: { investment: '150000.00', managementFee: '1000.00', expenses: '250.00' },
  amount: '151250.00',
  paid: '0.00',
  outstanding: '151250.00',
  dueDate: '2026-12-08',
  issuedAt: '2026-11-24T05:00:00.000Z',
  purpose: 'Fit-out of the Kowloon property',
  ...over,
});

export const redemption = (over: Partial<Redemption> = {}): Redemption =>
  ({
    redemptionId: RED,
    subscriptionId: SUB,
    investorId: investor.userId,
    productId: '01HZY3C9W8ZK1N6S2B7QK5V4XM',
    shareClassId: '01HZY3C9W8ZK1N6S2B7QK5V4SC',
    fund: FUND,
    currency: 'HKD',
    state: 'NEEDS_CHANGES',
    units: '1000.000000',
    full: false,
    estimatedValue: '1050.00',
    navDate: '2026-11-19',
    dealingDate: '2026-12-31',
    noticeDays: 30,
    comment: 'Please redeem at most 500 units this quarter.',
    requestedAt: '2026-11-24T05:08:00.000Z',
    updatedAt: '2026-11-24T05:09:00.000Z',
    version: 2,
    allowedEvents: ['AMEND', 'WITHDRAW'],
    ...over,
  }) as Redemption;

export const notFound = () => json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
export const pathOf = (input: unknown) => new URL(String(input), 'http://x').pathname;
