/**
 * The fuzzy name score: order-independent token alignment with Jaro-Winkler, initials, phonetic
 * agreement and joined syllables, then date-of-birth agreement. Pure and synchronous: the index calls
 * it for every candidate, so it allocates little. Thresholds and their reasons: docs/profiles.md.
 */
import type { NormalisedName } from './normalise.js';

/** Below this Jaro-Winkler similarity two tokens are different words (Smith/Smyth 0.89, Wei/Wen 0.82). */
const TOKEN_MIN = 0.88;
/** Two words whose lengths differ more than this (shorter / longer) never agree by spelling. */
const MIN_LENGTH_RATIO = 0.75;
/** An initial agrees with a full token that starts with it: strong, but weaker than the full word. */
const INITIAL_SIM = 0.9;
/** Tokens that sound alike (same Double Metaphone code) but are spelled apart count as this similar. */
const PHONETIC_SIM = 0.88;
/** Each token of the longer name left unmatched (a missing middle name) costs this much. */
const EXTRA_TOKEN_PENALTY = 0.05;
/** A one-token name ("Putin") is weak evidence however well it matches. */
const SINGLE_TOKEN_FACTOR = 0.8;
/** Dates of birth that agree raise the score; dates that clearly disagree lower it a lot. */
export const DOB_MATCH_BONUS = 0.08;
export const DOB_MISMATCH_PENALTY = 0.3;

export const jaroWinkler = (a: string, b: string): number => {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const aHit = new Uint8Array(la);
  const bHit = new Uint8Array(lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(lb - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (!bHit[j] && a.charCodeAt(i) === b.charCodeAt(j)) {
        aHit[i] = 1;
        bHit[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  for (let i = 0, j = 0; i < la; i++) {
    if (!aHit[i]) continue;
    while (!bHit[j]) j++;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) transpositions++;
    j++;
  }
  const jaro = (matches / la + matches / lb + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < la && prefix < lb && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
};

const tokenSimilarity = (a: string, aCodes: readonly string[], b: string, bCodes: readonly string[]): number => {
  if (a === b) return 1;
  if (a.length === 1 || b.length === 1) {
    // An initial against a word: "J" ~ "John". Two different initials, or initial vs digit, never agree.
    const [initial, word] = a.length === 1 ? [a, b] : [b, a];
    return word.length > 1 && word.startsWith(initial) ? INITIAL_SIM : 0;
  }
  // Jaro-Winkler rewards a shared prefix, so a short word inside a longer one scores high (Ali and
  // Alibek 0.88, Khan and Khanov 0.93); words of clearly different length are different words.
  const ratio = a.length < b.length ? a.length / b.length : b.length / a.length;
  if (ratio >= MIN_LENGTH_RATIO) {
    const jw = jaroWinkler(a, b);
    if (jw >= TOKEN_MIN) return jw;
  }
  // A sound code of two letters (John/Jane: JN) says too little; three or more (Schmidt/Smith: XMT) will do.
  if (aCodes.some((c) => c.length >= 3 && bCodes.includes(c))) return PHONETIC_SIM;
  return 0;
};

interface Side {
  tokens: readonly string[];
  codes: readonly (readonly string[])[];
  joins: readonly string[];
}

/**
 * "Xiao Long" and "Xiaolong", "Abdul Rahman" and "Abdulrahman": where two adjacent tokens of one
 * side, joined, are a token of the other, join them. Returns the side itself when nothing joins (the
 * common case: the index calls this for every candidate, so it neither copies nor concatenates).
 */
const joinSyllables = (side: Side, other: readonly string[]): Side => {
  if (!side.joins.some((j) => other.includes(j))) return side;
  const tokens: string[] = [];
  const codes: (readonly string[])[] = [];
  for (let i = 0; i < side.tokens.length; i++) {
    const joined = side.joins[i];
    if (joined !== undefined && other.includes(joined)) {
      tokens.push(joined);
      codes.push([]);
      i++;
    } else {
      tokens.push(side.tokens[i]!);
      codes.push(side.codes[i]!);
    }
  }
  return { tokens, codes, joins: tokens.slice(1).map((t, i) => tokens[i] + t) };
};

/** Scratch buffers reused across calls: the index scores thousands of candidates per name. */
let scratch = new Float64Array(64);
let qUsed = new Uint8Array(8);
let cUsed = new Uint8Array(8);

/**
 * Per screened name, each list token's similarity to every query token, so a token that recurs in
 * thousands of entries (Mohammed, Li) is compared once per query, not once per entry.
 */
export type SimilarityMemo = Map<string, Float64Array>;

/**
 * How alike two names are, 0..1, regardless of token order. Greedy best-first alignment (names have a
 * handful of tokens, so greedy equals optimal in practice). Initials alone never make a match: at
 * least one full word must agree.
 */
export const nameScore = (query: NormalisedName, candidate: NormalisedName, memo?: SimilarityMemo): number => {
  if (query.tokens.length === 0 || candidate.tokens.length === 0) return 0;
  const q = joinSyllables(query, candidate.tokens);
  const c = joinSyllables(candidate, q.tokens);
  const nq = q.tokens.length;
  const nc = c.tokens.length;
  // The memo holds rows for the query's own tokens; a join changes them, so it is bypassed then.
  const useMemo = memo !== undefined && q === query && c === candidate;
  if (scratch.length < nq * nc) scratch = new Float64Array(nq * nc * 2);
  if (qUsed.length < nq) qUsed = new Uint8Array(nq * 2);
  if (cUsed.length < nc) cUsed = new Uint8Array(nc * 2);
  let any = false;
  for (let j = 0; j < nc; j++) {
    const token = c.tokens[j]!;
    let row = useMemo ? memo.get(token) : undefined;
    if (!row) {
      row = new Float64Array(nq);
      for (let i = 0; i < nq; i++) row[i] = tokenSimilarity(q.tokens[i]!, q.codes[i]!, token, c.codes[j]!);
      if (useMemo) memo.set(token, row);
    }
    for (let i = 0; i < nq; i++) {
      scratch[i * nc + j] = row[i]!;
      if (row[i]! > 0) any = true;
    }
  }
  if (!any) return 0;
  qUsed.fill(0, 0, nq);
  cUsed.fill(0, 0, nc);
  let total = 0;
  let matched = 0;
  let fullWords = 0;
  for (;;) {
    let best = 0;
    let bi = -1;
    let bj = -1;
    for (let i = 0; i < nq; i++) {
      if (qUsed[i]) continue;
      for (let j = 0; j < nc; j++) {
        const sim = scratch[i * nc + j]!;
        if (!cUsed[j] && sim > best) {
          best = sim;
          bi = i;
          bj = j;
        }
      }
    }
    if (bi < 0) break;
    qUsed[bi] = 1;
    cUsed[bj] = 1;
    total += best;
    matched++;
    if (q.tokens[bi]!.length > 1 && c.tokens[bj]!.length > 1) fullWords++;
  }
  if (fullWords === 0) return 0;
  const shorter = Math.min(nq, nc);
  const longer = Math.max(nq, nc);
  let score = total / shorter - EXTRA_TOKEN_PENALTY * (longer - matched);
  if (shorter === 1) score *= SINGLE_TOKEN_FACTOR;
  return Math.max(0, Math.min(1, score));
};

export type DateAgreement = 'match' | 'near' | 'mismatch' | 'unknown';

/**
 * A subject's full date of birth (YYYY-MM-DD) against a list's dates, which may be partial ("1970",
 * "1970-05"): agreement at the list's precision is a match; a year one apart is near (a common
 * transcription slip, so no penalty); anything else is a mismatch. Unknown when either side has none.
 */
export const birthDateAgreement = (subject: string | undefined, listed: readonly string[]): DateAgreement => {
  if (!subject || listed.length === 0) return 'unknown';
  let best: DateAgreement = 'mismatch';
  for (const date of listed) {
    if (!/^\d{4}/.test(date)) continue;
    if (subject.startsWith(date)) return 'match';
    if (Math.abs(Number(subject.slice(0, 4)) - Number(date.slice(0, 4))) <= 1) best = 'near';
  }
  return best;
};

export const applyBirthDate = (score: number, agreement: DateAgreement): number => {
  if (agreement === 'match') return Math.min(1, score + DOB_MATCH_BONUS);
  if (agreement === 'mismatch') return Math.max(0, score - DOB_MISMATCH_PENALTY);
  return score;
};
