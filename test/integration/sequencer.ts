import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The integration files in Vitest's usual order (slowest first, from its cache), except the request
 * fuzzer, which goes last: it fills the shared table with thousands of items, and whatever reads across
 * the table runs slower after it. (The identity suites' throttle reset used to scan the whole table
 * before each test, which made every file after the fuzzer several times slower; it now deletes the
 * counters by key: test/support/identity.ts `clearThrottles`.)
 */
export class FuzzLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => /fuzz\.test\.ts$/.test(f.moduleId);
    return [...sorted.filter((f) => !last(f)), ...sorted.filter(last)];
  }
}
