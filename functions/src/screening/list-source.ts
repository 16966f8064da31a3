/**
 * Where the screening list comes from, and its version, without the matcher: the scheduled list check
 * (functions/src/kyc/screening-list-check.ts) reads these alone, so its bundle does not carry the
 * transliteration table the matcher needs.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { SCREENING_LIST_SOURCE_ENV } from '@tranche/shared/infra/data-room';

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

/**
 * The list's objects in the data-room bucket (DATA_ROOM_KEYS.screeningList): the operators' real list
 * (written by them or their refresh job), and the sample the deployment uploads (cdk data-stack), so
 * a Lambda needs no file of its own. The real list wins when it is there.
 */
export const SCREENING_LIST_KEYS = {
  real: 'platform/screening/list/targets.simple.csv',
  sample: 'platform/screening/sample/targets.simple.csv',
} as const;

/** A source that may be absent (an object not uploaded): undefined then, and the next one is asked. */
export interface OptionalListSource {
  stamp(): Promise<string | undefined>;
  read(): Promise<string | undefined>;
}

/**
 * The first present of several sources. `read` and `stamp` ask in order, so a real list uploaded
 * later takes over at the next read; a source that fails otherwise (a 403, a network error) fails
 * the read rather than falling back to an older list silently.
 */
export const firstPresent = (sources: readonly OptionalListSource[], name: string): ListSource => ({
  stamp: async () => {
    for (const [i, s] of sources.entries()) {
      const stamp = await s.stamp();
      if (stamp !== undefined) return `${i}:${stamp}`;
    }
    throw new Error(`No screening list: none of ${name} is there`);
  },
  read: async () => {
    for (const s of sources) {
      const text = await s.read();
      if (text !== undefined) return text;
    }
    throw new Error(`No screening list: none of ${name} is there`);
  },
});

/** One object of the data-room bucket (S3's signed calls of #lib/aws/s3, imported when first used). */
export const s3ListObject = (key: string): OptionalListSource => ({
  stamp: async () => {
    const { headObject } = await import('#lib/aws/s3');
    const head = await headObject(key);
    return head ? `${head.etag ?? ''}:${head.size}` : undefined;
  },
  read: async () => {
    const { headObject, readObject } = await import('#lib/aws/s3');
    // HEAD first: a missing object is a 404 there (the worker may list the prefix), not an error.
    if (!(await headObject(key))) return undefined;
    return (await readObject(key)).toString('utf8');
  },
});

/**
 * Where screening reads the list: SCREENING_LIST_PATH (an operator's file, locally or in tests), else
 * on AWS (`SCREENING_LIST_SOURCE=s3`, set by the CDK on the two workers that read it) the real list's
 * object, then the deployed sample's; else the sample shipped in the source tree (local stack, tests).
 */
export const configuredListSource = (): ListSource => {
  if (process.env.SCREENING_LIST_PATH) return fileListSource(process.env.SCREENING_LIST_PATH);
  if (process.env[SCREENING_LIST_SOURCE_ENV] === 's3') {
    return firstPresent(
      [s3ListObject(SCREENING_LIST_KEYS.real), s3ListObject(SCREENING_LIST_KEYS.sample)],
      Object.values(SCREENING_LIST_KEYS).join(', '),
    );
  }
  return fileListSource(SAMPLE_LIST_PATH);
};
