/**
 * The side-by-side reading of one screening match: the screened person or entity on one side, the
 * list entry on the other, a row per fact with whether the two agree. Pure, so the rules (what counts
 * as agreeing, which names matched) are tested without rendering.
 */

export type Agreement = 'match' | 'near' | 'mismatch' | 'unknown';

/** What we know of the screened subject (the investor, or one person of an entity). */
export interface SubjectFacts {
  name: string;
  aliases: readonly string[];
  /** YYYY-MM-DD, or missing. */
  birthDate?: string | undefined;
  /** ISO alpha-2, any case. */
  countries: readonly string[];
}

/** What the list says of the entry. */
export interface EntryFacts {
  name: string;
  aliases: readonly string[];
  /** As the list writes them: YYYY, YYYY-MM or YYYY-MM-DD. */
  birthDates: readonly string[];
  countries: readonly string[];
  /** Programmes and sanctions texts; empty for a PEP or watch-list entry. */
  sanctions: readonly string[];
  dataset: string;
}

/** What the matcher found: the names that met, and its verdict on the date of birth. */
export interface MatchFacts {
  subjectName: string;
  matchedName: string;
  birthDate: Agreement;
}

export type CompareRowKey = 'names' | 'birthDate' | 'countries' | 'sanctions' | 'dataset';

export interface CompareValue {
  text: string;
  /** This value is the one that agrees with the other side (the matched name, a shared country). */
  hit: boolean;
}

export interface CompareRow {
  key: CompareRowKey;
  subject: CompareValue[];
  entry: CompareValue[];
  /** `undefined` where the row is the list's alone (programme, dataset): nothing to agree on. */
  agreement: Agreement | undefined;
}

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;
const upper = (codes: readonly string[]) => [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];

/**
 * Builds the rows. Names: every name and alias on both sides, the ones the matcher paired marked.
 * Date of birth: the matcher's verdict (it compares at the list's precision, so "1975" agrees with any
 * day of 1975). Countries: agree when the two sides share one, unknown when either side has none.
 */
export const compareMatch = (subject: SubjectFacts, entry: EntryFacts, match: MatchFacts): CompareRow[] => {
  const subjectNames = [subject.name, ...subject.aliases.filter((a) => !same(a, subject.name))];
  const entryNames = [entry.name, ...entry.aliases.filter((a) => !same(a, entry.name))];
  const subjectCountries = upper(subject.countries);
  const entryCountries = upper(entry.countries);
  const shared = new Set(subjectCountries.filter((c) => entryCountries.includes(c)));
  const countryAgreement: Agreement =
    subjectCountries.length === 0 || entryCountries.length === 0 ? 'unknown' : shared.size > 0 ? 'match' : 'mismatch';
  return [
    {
      key: 'names',
      subject: subjectNames.map((text) => ({ text, hit: same(text, match.subjectName) })),
      entry: entryNames.map((text) => ({ text, hit: same(text, match.matchedName) })),
      agreement: 'match',
    },
    {
      key: 'birthDate',
      subject: subject.birthDate ? [{ text: subject.birthDate, hit: match.birthDate === 'match' }] : [],
      entry: entry.birthDates.map((text) => ({
        text,
        hit: match.birthDate === 'match' && subject.birthDate !== undefined && subject.birthDate.startsWith(text),
      })),
      agreement: match.birthDate,
    },
    {
      key: 'countries',
      subject: subjectCountries.map((text) => ({ text, hit: shared.has(text) })),
      entry: entryCountries.map((text) => ({ text, hit: shared.has(text) })),
      agreement: countryAgreement,
    },
    {
      key: 'sanctions',
      subject: [],
      entry: entry.sanctions.map((text) => ({ text, hit: false })),
      agreement: undefined,
    },
    { key: 'dataset', subject: [], entry: [{ text: entry.dataset, hit: false }], agreement: undefined },
  ];
};

/** A score of 0-1 as a whole percentage for people (0.934 -> 93). */
export const scorePercent = (score: number): number => Math.round(Math.min(1, Math.max(0, score)) * 100);
