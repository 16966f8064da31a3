/**
 * Where the screening list comes from, and its version, without the matcher: the scheduled list check
 * (functions/src/kyc/screening-list-check.ts) reads these alone, so its bundle does not carry the
 * transliteration table the matcher needs.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** Where the list text comes from. `stamp` is cheap (mtime, ETag) and changes when the text does. */
export interface ListSource {
  stamp(): Promise<string>;
  read(): Promise<string>;
}

export const SAMPLE_LIST_PATH = fileURLToPath(new URL('./sample/targets.simple.csv', import.meta.url));

export const fileListSource = (path: string): ListSource => ({
  stamp: async () => {
    const s = await stat(path);
    return `${s.mtimeMs}:${s.size}`;
  },
  read: () => readFile(path, 'utf8'),
});

/** The list's version: a hash of its whole text, kept on each case screened against it. */
export const listVersionOf = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The list file at SCREENING_LIST_PATH (an operator's copy of the real list), else the shipped sample. */
export const configuredListSource = (): ListSource =>
  fileListSource(process.env.SCREENING_LIST_PATH || SAMPLE_LIST_PATH);
