import type { Currency } from '../currency.js';

/** How an investment's money moves: from a bank account, or through an IRA custodian (spec's IRA variant). */
export type InvestmentAccountKind = 'BANK' | 'IRA';

/** What the rule reads of a profile's accounts (profile.repo.ts StoredBank). */
export interface AccountFacts {
  kind: 'BANK' | 'IRA';
  status: 'PENDING' | 'OPEN' | 'CLOSED';
  currency: Currency;
}

/**
 * Whether an investment pays through an IRA (docs/money.md "IRA accounts"). A subscription names its
 * profile, not an account, so the profile's accounts decide: the OPEN ones in the subscription's
 * currency (else every OPEN one, since a custodian may settle in another currency), and the
 * investment is IRA only when there are some and all of them are IRA accounts: an investor who also
 * holds a bank account that could pay gets the ordinary call, never a custodian instruction they do
 * not need. PENDING and CLOSED accounts never decide (no payout uses a PENDING one either).
 */
export const accountKindFor = (accounts: readonly AccountFacts[], currency: Currency): InvestmentAccountKind => {
  const open = accounts.filter((a) => a.status === 'OPEN');
  const inCurrency = open.filter((a) => a.currency === currency);
  const deciding = inCurrency.length > 0 ? inCurrency : open;
  return deciding.length > 0 && deciding.every((a) => a.kind === 'IRA') ? 'IRA' : 'BANK';
};
