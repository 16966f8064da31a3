import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { kycMatch, kycSubject } from '@/features/gp-kyc/lib/kyc-case.fixture';
import { useGpKycLocales } from '@/features/gp-kyc/locales';
import { renderWithApp } from '@/test/render';
import { MatchComparison } from './match-comparison';

const WithLocales = ({ children }: { children: ReactNode }) => {
  useGpKycLocales();
  return children;
};

const renderMatch = (match = kycMatch()) =>
  renderWithApp(
    <WithLocales>
      <MatchComparison subject={kycSubject()} entry={match.entry} match={match} />
    </WithLocales>,
  );

describe('a match beside its list entry', () => {
  it('lines each fact up across the investor and the list entry, the joined names marked for screen readers too', () => {
    renderMatch();
    const table = screen.getByRole('table', {
      name: 'John R. Fictitious compared with the list entry John Robert Fictitious',
    });
    const names = within(table).getByRole('row', { name: /Names and aliases/ });
    expect(names.textContent).toContain('John R. Fictitious (matched)');
    expect(names.textContent).toContain('John Robert Fictitious (matched)');
    expect(names.textContent).toContain('Johnny Fictitious');
    expect(within(table).getByRole('row', { name: /Countries/ }).textContent).toContain('United States');
    expect(within(table).getByRole('row', { name: /Date of birth/ }).textContent).toContain('Agrees');
    const meter = screen.getByRole('meter', { name: 'Match score' });
    expect(meter.getAttribute('aria-valuenow')).toBe('93');
    expect(meter.getAttribute('aria-valuetext')).toBe('93%');
  });

  it('says an entry without sanctions is a politically exposed person or watch-list entry', () => {
    const base = kycMatch();
    renderMatch(
      kycMatch({ rating: 'MEDIUM', entry: { ...base.entry, sanctions: [], dataset: 'tranche_test_fixture_peps' } }),
    );
    expect(screen.getByRole('row', { name: /Programme/ }).textContent).toContain('politically exposed person');
  });
});
