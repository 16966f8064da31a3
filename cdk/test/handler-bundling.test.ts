import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPENAPI_ASSET, openApiDocument } from '@tranche/shared/http/openapi-document';
import { ROUTE_LIST } from '@tranche/shared/http/routes';
import { App, type CfnResource, Stack } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_ASSET } from '../../functions/src/_lib/common-passwords.js';
import { OPENAPI_ASSET as HANDLER_OPENAPI_ASSET } from '../../functions/src/meta/get-openapi.js';
import { CJK_FONT_ASSET } from '../lib/constructs/cjk-font-asset.mjs';
import { TrancheFunction } from '../lib/constructs/tranche-function.js';
import { ROUTE_FILES } from '../lib/routes.js';

/**
 * The one test that bundles for real (the others synthesize without esbuild): the after-bundling
 * step must put the common-password list beside the bundles that read it, since those bundles no
 * longer contain it, and nowhere else; and a function's synthesized files (the API description)
 * must be beside its bundle.
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

  it('ships the API description built at synthesis beside the function that serves it, not the route table', () => {
    const app = new App({ outdir, context: { 'aws:cdk:enable-asset-metadata': true } });
    const stack = new Stack(app, 'OpenApi');
    const fn = new TrancheFunction(stack, 'GetOpenApi', {
      module: 'meta/get-openapi',
      description: 'meta/get-openapi',
      environment: {},
      files: ROUTE_FILES.getOpenApi?.(ROUTE_LIST),
    });
    app.synth();
    const dir = join(outdir, (fn.fn.node.defaultChild as CfnResource).getMetadata('aws:asset:path') as string);
    expect(HANDLER_OPENAPI_ASSET).toBe(OPENAPI_ASSET);
    expect(JSON.parse(readFileSync(join(dir, OPENAPI_ASSET), 'utf8'))).toEqual(
      JSON.parse(JSON.stringify(openApiDocument(ROUTE_LIST))),
    );
    // Another domain's route is not in the code: the document is read from the file.
    expect(readFileSync(join(dir, 'index.mjs'), 'utf8').includes('/user-center/get-in-box-message')).toBe(false);
  }, 300_000);

  it("ships the CJK font beside the money PDFs' CJK worker only (docs/money.md)", () => {
    const app = new App({ outdir, context: { 'aws:cdk:enable-asset-metadata': true } });
    const stack = new Stack(app, 'CjkFont');
    const fns = ['money/notice-cjk-worker', 'money/notice-worker'].map(
      (module) =>
        new TrancheFunction(stack, module.replace('/', '-'), { module, description: module, environment: {} }),
    );
    app.synth();
    const [cjk, english] = fns.map((fn) =>
      join(outdir, (fn.fn.node.defaultChild as CfnResource).getMetadata('aws:asset:path') as string),
    );
    // The collection as Debian ships it ('ttcf'), not in the code.
    expect(readFileSync(join(cjk!, CJK_FONT_ASSET)).subarray(0, 4).toString('latin1')).toBe('ttcf');
    expect(existsSync(join(english!, CJK_FONT_ASSET))).toBe(false);
  }, 300_000);
});
