import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the cdk tests' apps put their stand-in web builds and cloud assemblies (synth.ts). */
    cdkTestDir: string;
  }
}

/**
 * One temp dir for the whole cdk run, removed when it ends: the default app, which the files share,
 * lives until the test process ends, and Vitest stops that process without its exit handlers, so
 * the test process cannot remove its own (a cloud assembly is 29 MB).
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'tranche-cdk-test-'));
  project.provide('cdkTestDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
