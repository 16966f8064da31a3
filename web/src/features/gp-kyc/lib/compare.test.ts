import { describe, expect, it } from 'vitest';
import { compareMatch, scorePercent } from './compare';

const subject = { name: 'John R. Fictitious', aliases: ['J. Fictitious'], birthDate: '1975-06-01', countries: ['us'] };
const entry = {
  name: 'John Robert Fictitious',
  aliases: ['Johnny Fictitious', 'john robert fictitious'],
  birthDates: ['1975'],
  countries: ['us', 'ca'],
  sanctions: ['TEST-PROGRAM'],
  dataset: 'tranche_test_fixture',
};
const match = { subjectName: 'john r. fictitious', matchedName: 'Johnny Fictitious', birthDate: 'match' as const };
const row = (rows: ReturnType<typeof compareMatch>, key: string) => {
  const found = rows.find((r) => r.key === key);
  if (!found) throw new Error(`no ${key} row`);
  return found;
};

describe('compareMatch', () => {
  it('marks the pair of names the matcher joined, ignoring case, and lists an alias equal to the name once', () => {
    const names = row(compareMatch(subject, entry, match), 'names');
    expect(names.subject).toEqual([
      { text: 'John R. Fictitious', hit: true },
      { text: 'J. Fictitious', hit: false },
    ]);
    expect(names.entry).toEqual([
      { text: 'John Robert Fictitious', hit: false },
      { text: 'Johnny Fictitious', hit: true },
    ]);
  });

  it("takes the matcher's date verdict and marks a year-only list date that the subject's birthday falls in", () => {
    const dob = row(compareMatch(subject, entry, match), 'birthDate');
    expect(dob.agreement).toBe('match');
    expect(dob.subject).toEqual([{ text: '1975-06-01', hit: true }]);
    expect(dob.entry).toEqual([{ text: '1975', hit: true }]);
    const differs = row(
      compareMatch({ ...subject, birthDate: '1990-01-01' }, entry, { ...match, birthDate: 'mismatch' }),
      'birthDate',
    );
    expect(differs.agreement).toBe('mismatch');
    expect(differs.entry[0]?.hit).toBe(false);
  });

  it('calls countries agreeing when the sides share one, differing when they share none, unknown when one side has none', () => {
    const shared = row(compareMatch(subject, entry, match), 'countries');
    expect(shared.agreement).toBe('match');
    expect(shared.entry).toEqual([
      { text: 'US', hit: true },
      { text: 'CA', hit: false },
    ]);
    expect(row(compareMatch({ ...subject, countries: ['HK'] }, entry, match), 'countries').agreement).toBe('mismatch');
    expect(row(compareMatch({ ...subject, countries: [] }, entry, match), 'countries').agreement).toBe('unknown');
  });

  it("shows the list's programme and dataset on the entry side only, with nothing to agree on", () => {
    const rows = compareMatch(subject, entry, match);
    expect(row(rows, 'sanctions')).toEqual({
      key: 'sanctions',
      subject: [],
      entry: [{ text: 'TEST-PROGRAM', hit: false }],
      agreement: undefined,
    });
    expect(row(rows, 'dataset').entry).toEqual([{ text: 'tranche_test_fixture', hit: false }]);
  });
});

describe('scorePercent', () => {
  it('rounds to a whole percentage and stays within 0-100', () => {
    expect(scorePercent(0.934)).toBe(93);
    expect(scorePercent(0.805)).toBe(81);
    expect(scorePercent(1.2)).toBe(100);
    expect(scorePercent(-0.1)).toBe(0);
  });
});
