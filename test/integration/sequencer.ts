import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The integration files in Vitest's usual order (slowest first, from its cache), except the request
 * fuzzer, which goes last: it fills the shared table with thousands of items, and the identity
 * suites' throttle sweep (test/support/identity.ts) scans the whole table before each test, so every
 * file after the fuzzer ran several times slower (bank accounts 2 s -> 28 s, identity 10 s -> 33-62 s).
 */
export class FuzzLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => /fuzz\.test\.ts$/.test(f.moduleId);
    return [...sorted.filter((f) => !last(f)), ...sorted.filter(last)];
  }
}
