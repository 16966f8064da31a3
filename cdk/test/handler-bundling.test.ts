import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnResource, Stack } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_ASSET } from '../../functions/src/_lib/common-passwords.js';
import { TrancheFunction } from '../lib/constructs/tranche-function.js';

/**
 * The one test that bundles for real (the others synthesize without esbuild): the after-bundling
 * step must put the common-password list beside the bundles that read it, since those bundles no
 * longer contain it, and nowhere else.
 */
const outdir = mkdtempSync(join(tmpdir(), 'tranche-bundling-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('handler bundling', () => {
  it('ships the common-password list with the password handlers only', () => {
    const app = new App({ outdir, context: { 'aws:cdk:enable-asset-metadata': true } });
    const stack = new Stack(app, 'Bundling');
    const fns = ['auth/change-password', 'tenant/get-lp-settings'].map(
      (module) =>
        new TrancheFunction(stack, module.replace('/', '-'), { module, description: module, environment: {} }),
    );
    app.synth();
    // The function's code directory, as the CLI would upload it (the asset path CDK records on it).
    const assetDir = (fn: TrancheFunction) =>
      join(outdir, (fn.fn.node.defaultChild as CfnResource).getMetadata('aws:asset:path') as string);
    const [password, settings] = fns.map(assetDir);
    expect(existsSync(join(password!, COMMON_PASSWORDS_ASSET))).toBe(true);
    expect(existsSync(join(settings!, COMMON_PASSWORDS_ASSET))).toBe(false);
    // The list itself is no longer bundled: the start of zxcvbn's compressed list is not in the code.
    expect(readFileSync(join(password!, 'index.mjs'), 'utf8').includes('A123456ApasswordA12345678')).toBe(false);
  }, 300_000);
});
