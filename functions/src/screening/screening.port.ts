/**
 * The screening port: what the profile and case services call (issue 11, deliver 5). Adapters: the
 * list matcher below over a list file (the sample locally, the operator's copy of the real list in
 * S3 in AWS); a vendor API could stand behind the same interface.
 */
import { configuredListSource, type ListSource, listVersionOf } from './list-source.js';
import { parseTargetsSimpleCsv } from './opensanctions-csv.js';
import { ScreeningIndex, type ScreeningResult, type ScreeningSubject } from './screening-index.js';

export interface ScreeningRun {
  /** The content hash of the list screened against, kept on the case: a new list means a rescreen. */
  listVersion: string;
  listSize: number;
  results: ScreeningResult[];
}

export interface ScreeningPort {
  screen(subjects: readonly ScreeningSubject[]): Promise<ScreeningRun>;
}

export { fileListSource, type ListSource, SAMPLE_LIST_PATH } from './list-source.js';

/**
 * Screens against a list in the OpenSanctions simple CSV format. The index is built once per list
 * stamp and kept for the life of the process (a warm Lambda screens without re-reading the list).
 */
export const listScreening = (source: ListSource): ScreeningPort => {
  let loaded: { stamp: string; version: string; index: ScreeningIndex } | undefined;
  let loading: Promise<NonNullable<typeof loaded>> | undefined;
  const current = async () => {
    const stamp = await source.stamp();
    if (loaded?.stamp === stamp) return loaded;
    loading ??= (async () => {
      const text = await source.read();
      const version = listVersionOf(text);
      return { stamp, version, index: new ScreeningIndex(parseTargetsSimpleCsv(text)) };
    })().finally(() => {
      loading = undefined;
    });
    loaded = await loading;
    return loaded;
  };
  return {
    screen: async (subjects) => {
      const { version, index } = await current();
      return { listVersion: version, listSize: index.size, results: subjects.map((s) => index.screen(s)) };
    },
  };
};

/**
 * The process's screening adapter: the list file at SCREENING_LIST_PATH (an operator's copy of the
 * real list), else the shipped sample (test data; docs/profiles.md, "Loading the real list").
 */
let fromEnv: ScreeningPort | undefined;
export const screening = (): ScreeningPort => {
  fromEnv ??= listScreening(configuredListSource());
  return fromEnv;
};
