/**
 * The screening index: built once per list version, it buckets every name and alias of the list by
 * its tokens and their Double Metaphone codes, so screening one name scores only the entries that
 * share a word or a sound with it (a few dozen of 20,000) instead of all of them. bench/screening.ts
 * holds it to p99 <= 50 ms per name over 20,000 entries.
 */
import { applyBirthDate, birthDateAgreement, type DateAgreement, nameScore, type SimilarityMemo } from './match.js';
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
 * A token's bucket keys: the word itself, and its sounds of three letters or more (the only ones the
 * matcher trusts, match.ts; a code like "L" would put every Li, Lee and Le in one huge bucket).
 * Initials have no bucket of their own: a match needs a full word in common anyway.
 */
const bucketKeys = (name: NormalisedName): string[] => {
  const keys: string[] = [];
  name.tokens.forEach((t, i) => {
    if (t.length < 2) return;
    keys.push(`w:${t}`);
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

  /** Every list entry that matches the subject at or above the report threshold, best first. */
  screen(subject: ScreeningSubject): ScreeningResult {
    const best = new Map<number, ScreeningMatch>();
    const countries = new Set((subject.countries ?? []).map((c) => c.toLowerCase()));
    for (const subjectName of [subject.name, ...(subject.aliases ?? [])]) {
      const q = normaliseName(subjectName);
      if (q.tokens.length === 0) continue;
      this.query++;
      const memo: SimilarityMemo = new Map();
      for (const key of bucketKeys(q)) {
        for (const v of this.buckets.get(key) ?? []) {
          if (this.seen[v] === this.query) continue;
          this.seen[v] = this.query;
          const variant = this.variants[v]!;
          const entry = this.entries[variant.entry]!;
          if (!kindFits(subject.kind, entry.schema)) continue;
          const byName = nameScore(q, variant.name, memo);
          // Even a matching date of birth cannot lift a name below this into a report.
          if (byName < THRESHOLDS.REPORT - 0.08) continue;
          const birthDate = birthDateAgreement(subject.birthDate, entry.birthDates);
          const score = applyBirthDate(byName, birthDate);
          if (score < THRESHOLDS.REPORT) continue;
          const previous = best.get(variant.entry);
          if (previous && previous.score >= score) continue;
          const fields: MatchedField[] = [variant.field];
          if (birthDate === 'match') fields.push('birthDate');
          if (entry.countries.some((c) => countries.has(c))) fields.push('country');
          const sanctioned = entry.sanctions.length > 0;
          best.set(variant.entry, {
            entryId: entry.id,
            entryName: entry.name,
            schema: entry.schema,
            dataset: entry.dataset,
            sanctions: entry.sanctions,
            score: Math.round(score * 1000) / 1000,
            rating: ratingFor(score, sanctioned),
            matchedName: variant.name.text,
            subjectName,
            fields,
            birthDate,
          });
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
