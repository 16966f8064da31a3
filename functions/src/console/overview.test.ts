import { describe, expect, it } from 'vitest';
import { investorMatches } from './investors.js';
import { overviewOf } from './overview.js';

const now = new Date('2026-06-30T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000).toISOString();

describe('the console overview figures', () => {
  it('counts products by state, with every state present even at zero', () => {
    const overview = overviewOf(
      { products: [{ state: 'PUBLISHED' }, { state: 'PUBLISHED' }, { state: 'DRAFT' }], investors: [], team: [] },
      now,
    );
    expect(overview.products).toEqual({ total: 3, byState: { DRAFT: 1, PUBLISHED: 2, CLOSED: 0 } });
  });

  it('leaves out values it does not know, so the total is the sum of what is shown', () => {
    const overview = overviewOf(
      { products: [{ state: 'ARCHIVED' }, {}, { state: 'CLOSED' }], investors: [], team: [] },
      now,
    );
    expect(overview.products).toEqual({ total: 1, byState: { DRAFT: 0, PUBLISHED: 0, CLOSED: 1 } });
  });

  it('counts investors by status and those created within the last 30 days', () => {
    const overview = overviewOf(
      {
        products: [],
        investors: [
          { inviteStatus: 'REGISTERED', createdAt: daysAgo(400) },
          { inviteStatus: 'REGISTERED', createdAt: daysAgo(29.9) },
          { inviteStatus: 'INVITED', createdAt: daysAgo(1) },
          { inviteStatus: 'LOCKED', createdAt: daysAgo(30.1) },
        ],
        team: [],
      },
      now,
    );
    expect(overview.investors).toEqual({
      total: 4,
      byStatus: { NOT_INVITE: 0, INVITED: 1, REGISTERED: 2, LOCKED: 1 },
      newLast30Days: 2,
    });
  });

  it('counts an investor created exactly 30 days ago as new', () => {
    const overview = overviewOf(
      { products: [], investors: [{ inviteStatus: 'REGISTERED', createdAt: daysAgo(30) }], team: [] },
      now,
    );
    expect(overview.investors.newLast30Days).toBe(1);
  });

  it('counts the team by status and says when it counted', () => {
    const overview = overviewOf(
      { products: [], investors: [], team: [{ inviteStatus: 'REGISTERED' }, { inviteStatus: 'INVITED' }] },
      now,
    );
    expect(overview.team).toEqual({ total: 2, byStatus: { NOT_INVITE: 0, INVITED: 1, REGISTERED: 1, LOCKED: 0 } });
    expect(overview.asOf).toBe(now.toISOString());
  });
});

describe('the investors search', () => {
  const investor = { displayName: 'Zoë Chan', email: 'zoe.chan@family-office.example' };

  it('matches every word in the name or email, ignoring case and accents', () => {
    expect(investorMatches(investor, ['zoe'])).toBe(true);
    expect(investorMatches(investor, ['chan', 'family'])).toBe(true);
    expect(investorMatches(investor, ['office', 'example'])).toBe(true);
  });

  it('refuses an investor that misses one of the words', () => {
    expect(investorMatches(investor, ['zoe', 'beacon'])).toBe(false);
  });

  it('matches everyone when there are no words', () => {
    expect(investorMatches(investor, [])).toBe(true);
  });
});
