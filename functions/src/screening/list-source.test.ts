import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  configuredListSource,
  firstPresent,
  type OptionalListSource,
  SAMPLE_LIST_PATH,
  SCREENING_LIST_KEYS,
} from './list-source.js';

const source = (text: string | undefined): OptionalListSource => ({
  stamp: async () => (text === undefined ? undefined : `v-${text.length}`),
  read: async () => text,
});

describe('where screening reads the list', () => {
  afterEach(() => {
    delete process.env.SCREENING_LIST_PATH;
    delete process.env.SCREENING_LIST_SOURCE;
  });

  it("reads the operators' list when it is there, else the deployed sample", async () => {
    const both = firstPresent([source('real list'), source('sample')], 'x');
    expect(await both.read()).toBe('real list');
    expect(await both.stamp()).toBe('0:v-9');
    const sampleOnly = firstPresent([source(undefined), source('sample')], 'x');
    expect(await sampleOnly.read()).toBe('sample');
    // The stamp says which source answered, so the real list's first upload is a change.
    expect(await sampleOnly.stamp()).toBe('1:v-6');
    await expect(firstPresent([source(undefined)], 'the keys').read()).rejects.toThrow(/none of the keys/);
  });

  it('does not fall back to an older list when a source fails for another reason', async () => {
    const failing: OptionalListSource = {
      stamp: () => Promise.reject(new Error('AccessDenied')),
      read: () => Promise.reject(new Error('AccessDenied')),
    };
    await expect(firstPresent([failing, source('sample')], 'x').read()).rejects.toThrow('AccessDenied');
  });

  it('keeps the two keys under the prefix the workers are granted, apart from each other', () => {
    for (const key of Object.values(SCREENING_LIST_KEYS)) expect(key.startsWith('platform/screening/')).toBe(true);
    expect(SCREENING_LIST_KEYS.real).not.toBe(SCREENING_LIST_KEYS.sample);
  });

  it('reads the shipped sample from the source tree locally, and a file named by SCREENING_LIST_PATH', async () => {
    expect(await configuredListSource().read()).toBe(readFileSync(SAMPLE_LIST_PATH, 'utf8'));
    process.env.SCREENING_LIST_PATH = SAMPLE_LIST_PATH;
    expect(await configuredListSource().read()).toBe(readFileSync(SAMPLE_LIST_PATH, 'utf8'));
  });
});
