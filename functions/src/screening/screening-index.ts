/**
 * The screening index: built once per list version, it buckets every name and alias of the list by
 * its tokens and their Double Metaphone codes, so screening one name scores only the entries that
 * share a word or a sound with it (a few dozen of 20,000) instead of all of them. bench/screening.ts
 * holds it to p99 <= 50 ms per name over 20,000 entries.
 */
import {
  applyBirthDate,
  birthDateAgreement,
  type DateAgreement,
  DOB_MATCH_BONUS,
  nameScore,
  type SimilarityMemo,
} from './match.js';
import { type NormalisedName, normaliseName } from './normalise.js';
import type { ListEntry } from './opensanctions-csv.js';

export const RISK_RATINGS = ['NONE', 'LOW', 'MEDIUM', 'HIGH'] as const;
export type RiskRating = (typeof RISK_RATINGS)[number];

/**
 * Score thresholds (docs/profiles.md, "Screening"). Below REPORT a candidate is not shown at all.
 * An entry with no sanctions (a PEP, a watch-list entry) asks for enhanced due diligence, not a
 * refusal, so its matches are capped at MEDIUM.
 */
export const THRESHOLDS = { REPORT: 0.8, MEDIUM: 0.86, HIGH: 0.92 } as const;

export const ratingFor = (score: number, sanctioned: boolean): RiskRating => {
  if (score < THRESHOLDS.REPORT) return 'NONE';
  if (score >= THRESHOLDS.HIGH) return sanctioned ? 'HIGH' : 'MEDIUM';
  if (score >= THRESHOLDS.MEDIUM) return 'MEDIUM';
  return 'LOW';
};

export interface ScreeningSubject {
  /** The caller's reference: the profile or the entity person screened. */
  ref: string;
  kind: 'person' | 'organisation';
  name: string;
  aliases?: readonly string[];
  /** YYYY-MM-DD. */
  birthDate?: string;
  /** ISO alpha-2, any case. */
  countries?: readonly string[];
}

export type MatchedField = 'name' | 'alias' | 'birthDate' | 'country';

export interface ScreeningMatch {
  entryId: string;
  entryName: string;
  schema: string;
  dataset: string;
  sanctions: string[];
  score: number;
  rating: RiskRating;
  /** The list's name or alias that matched, and the subject's name that matched it. */
  matchedName: string;
  subjectName: string;
  fields: MatchedField[];
  birthDate: DateAgreement;
  /** The entry's other fields as listed, so a reviewer sees them beside the subject's (the KYC case keeps them). */
  listed: { aliases: string[]; birthDates: string[]; countries: string[] };
}

export interface ScreeningResult {
  ref: string;
  rating: RiskRating;
  matches: ScreeningMatch[];
}

interface Variant {
  entry: number;
  field: 'name' | 'alias';
  name: NormalisedName;
}

const PERSON_SCHEMAS = new Set(['Person']);
/** LegalEntity is what a list says when it does not know: it may be either. */
const EITHER_SCHEMAS = new Set(['LegalEntity', 'Thing']);

const kindFits = (kind: ScreeningSubject['kind'], schema: string): boolean =>
  EITHER_SCHEMAS.has(schema) || (kind === 'person') === PERSON_SCHEMAS.has(schema);

/**
 * A token's bucket keys, so that every pair of words the matcher can call alike shares one:
 *  - the word and, from four letters, each form with one letter deleted: any single substitution,
 *    insertion, deletion or swap leaves both words with a deletion form in common ("toli"/"tole"
 *    share "tol", "lis"/"lise" share "lis"); three-letter words alike by spelling are equal words
 *    (one edit puts them below the matcher's 0.88);
 *  - its Double Metaphone codes of three letters or more, for spellings further apart (Schmidt/Smith);
 *    shorter codes are not trusted by the matcher either, and a code like "L" would put every Li, Lee
 *    and Le in one huge bucket.
 * Initials have no bucket of their own: a match needs a full word in common anyway.
 * screening-index.test.ts checks the index finds what scoring every entry finds.
 */
const bucketKeys = (name: NormalisedName): string[] => {
  const keys: string[] = [];
  name.tokens.forEach((t, i) => {
    if (t.length < 2) return;
    keys.push(`d:${t}`);
    if (t.length >= 4) for (let k = 0; k < t.length; k++) keys.push(`d:${t.slice(0, k)}${t.slice(k + 1)}`);
    for (const c of name.codes[i]!) if (c.length >= 3) keys.push(`p:${c}`);
  });
  return keys;
};

export class ScreeningIndex {
  private readonly variants: Variant[] = [];
  private readonly buckets = new Map<string, number[]>();
  /** Per variant, the query number that last saw it: dedupes candidates without a Set per query. */
  private readonly seen: Uint32Array;
  private query = 0;

  constructor(readonly entries: readonly ListEntry[]) {
    entries.forEach((entry, e) => {
      const names = [entry.name, ...entry.aliases];
      names.forEach((text, k) => {
        const name = normaliseName(text);
        if (name.tokens.length === 0) return;
        const v = this.variants.push({ entry: e, field: k === 0 ? 'name' : 'alias', name }) - 1;
        for (const key of new Set(bucketKeys(name))) {
          const bucket = this.buckets.get(key);
          if (bucket) bucket.push(v);
          else this.buckets.set(key, [v]);
        }
      });
    });
    this.seen = new Uint32Array(this.variants.length);
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * Every list entry that matches the subject at or above the report threshold, best first.
   * `exhaustive` scores every name of the list instead of the subject's buckets: what the index must
   * agree with (screening-index.test.ts), and never used to screen.
   */
  screen(subject: ScreeningSubject, { exhaustive = false } = {}): ScreeningResult {
    const best = new Map<number, ScreeningMatch>();
    const countries = new Set((subject.countries ?? []).map((c) => c.toLowerCase()));
    for (const subjectName of [subject.name, ...(subject.aliases ?? [])]) {
      const q = normaliseName(subjectName);
      if (q.tokens.length === 0) continue;
      const memo: SimilarityMemo = new Map();
      const consider = (v: number) => {
        const variant = this.variants[v]!;
        const entry = this.entries[variant.entry]!;
        if (!kindFits(subject.kind, entry.schema)) return;
        const byName = nameScore(q, variant.name, memo);
        // Even a matching date of birth cannot lift a name below this into a report.
        if (byName < THRESHOLDS.REPORT - DOB_MATCH_BONUS) return;
        const birthDate = birthDateAgreement(subject.birthDate, entry.birthDates);
        const score = applyBirthDate(byName, birthDate);
        if (score < THRESHOLDS.REPORT) return;
        const previous = best.get(variant.entry);
        if (previous && previous.score >= score) return;
        const fields: MatchedField[] = [variant.field];
        if (birthDate === 'match') fields.push('birthDate');
        if (entry.countries.some((c) => countries.has(c))) fields.push('country');
        best.set(variant.entry, {
          entryId: entry.id,
          entryName: entry.name,
          schema: entry.schema,
          dataset: entry.dataset,
          sanctions: entry.sanctions,
          score: Math.round(score * 1000) / 1000,
          rating: ratingFor(score, entry.sanctions.length > 0),
          matchedName: variant.name.text,
          subjectName,
          fields,
          birthDate,
          listed: { aliases: entry.aliases, birthDates: entry.birthDates, countries: entry.countries },
        });
      };
      if (exhaustive) {
        for (let v = 0; v < this.variants.length; v++) consider(v);
        continue;
      }
      this.query++;
      for (const key of bucketKeys(q)) {
        for (const v of this.buckets.get(key) ?? []) {
          if (this.seen[v] === this.query) continue;
          this.seen[v] = this.query;
          consider(v);
        }
      }
    }
    const matches = [...best.values()].sort((a, b) => b.score - a.score || a.entryId.localeCompare(b.entryId));
    const rating = matches.reduce<RiskRating>(
      (worst, m) => (RISK_RATINGS.indexOf(m.rating) > RISK_RATINGS.indexOf(worst) ? m.rating : worst),
      'NONE',
    );
    return { ref: subject.ref, rating, matches };
  }
}
