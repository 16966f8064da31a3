/**
 * Name normalisation for screening: every script to lower-case ASCII tokens, so "Владимир Путин",
 * "Vladimir Putin" and "PUTIN, Vladimir" meet on the same tokens, and each token's Double Metaphone
 * codes so "Schmidt" meets "Smith" in the index.
 */

import { doubleMetaphone } from 'double-metaphone';
import { anyAscii } from './transliterate.js';

/**
 * Words that say what a name is rather than whose it is: honorifics, and the legal-form suffixes of
 * organisations ("Acme Holdings Ltd" is "Acme Holdings Limited"). Dropped before matching.
 */
const NOISE = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'dr',
  'prof',
  'sir',
  'the',
  'ltd',
  'limited',
  'llc',
  'llp',
  'lp',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'plc',
  'gmbh',
  'ag',
  'sa',
  'jsc',
  'ojsc',
  'pjsc',
  'bv',
  'nv',
]);

const HAN_RUN = /\p{Script=Han}+/gu;

/**
 * A Chinese name written in characters becomes pinyin as it is written in a passport: surname, then
 * the given name's syllables joined ("李小龙" -> "li xiaolong"). any-ascii gives one capitalised
 * syllable per character; we transliterate per character to know where syllables end. A run longer
 * than four characters is not a personal name, so its syllables stay apart.
 */
const pinyin = (run: string): string => {
  const syllables = [...run].map((c) => anyAscii(c).toLowerCase());
  const words =
    syllables.length >= 2 && syllables.length <= 4 ? [syllables[0], syllables.slice(1).join('')] : syllables;
  return ` ${words.join(' ')} `;
};

/** Lower-case ASCII tokens of a name, in their written order, noise words removed. */
export const nameTokens = (raw: string): string[] => {
  const ascii = anyAscii(raw.normalize('NFKC').replace(HAN_RUN, pinyin)).toLowerCase();
  return (
    ascii
      // O'Brien, Abd-al: an apostrophe joins, any other punctuation separates.
      .replace(/['`\u2019]/g, '')
      .split(/[^a-z0-9]+/)
      .filter((t) => t !== '' && !NOISE.has(t))
  );
};

/** Double Metaphone codes of a token (primary, and secondary when it differs); none for digits or initials. */
export const phoneticCodes = (token: string): string[] => {
  if (token.length < 2 || /\d/.test(token)) return [];
  const [primary, secondary] = doubleMetaphone(token);
  const codes = primary ? [primary] : [];
  if (secondary && secondary !== primary) codes.push(secondary);
  return codes;
};

export interface NormalisedName {
  readonly text: string;
  readonly tokens: readonly string[];
  /** Per token, its phonetic codes. */
  readonly codes: readonly (readonly string[])[];
  /** Each pair of adjacent tokens joined ("xiao long" -> "xiaolong"), made once, not per comparison. */
  readonly joins: readonly string[];
}

export const normaliseName = (text: string): NormalisedName => {
  const tokens = nameTokens(text);
  return {
    text,
    tokens,
    codes: tokens.map(phoneticCodes),
    joins: tokens.slice(1).map((t, i) => tokens[i] + t),
  };
};
