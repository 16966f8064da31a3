/**
 * The esbuild options every Lambda handler is bundled with, as a plain object: `TrancheFunction`
 * maps it onto NodejsFunction's bundling props, and the bench hands it to esbuild's JS API, so the
 * bundles it measures are the ones that get deployed. No aws-cdk-lib import here: the bench loads
 * this module without the CDK.
 *
 * The pinned AWS SDK v3 is bundled, not taken from the Lambda runtime. Measured with esbuild 0.28
 * (minified, ESM, node22): a route bundle is ~830 KB with the SDK and ~500 KB without it, zod 4
 * being ~440 KB of either. Over the ~350 KB budget both ways, but the bundled build imports in
 * ~75 ms against ~125 ms for the external one resolving the SDK from node_modules (one minified
 * file parses faster than hundreds of SDK modules), and only the bundle guarantees the pinned
 * SDK behaviour the handlers rely on (throwOnRequestTimeout, WHEN_REQUIRED checksums).
 * (Those were the first figures; what a bundle holds now and what was cut: docs/decisions.md, "Cold
 * start", measured with `npx tsx bench/bundles.ts`.)
 */
export const BUNDLE_AWS_SDK = true;

/**
 * SDK modules imported lazily (`await import(...)`) on paths the handlers never take. Credential
 * providers are loaded only after the environment provider found nothing, and Lambda always sets
 * credentials in the environment: ~90 KB per handler. Should one ever be needed, the Lambda
 * runtime's own copy resolves it.
 */
export const LAZY_SDK_MODULES = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/token-providers',
  '@aws-sdk/nested-clients',
  '@smithy/credential-provider-imds',
  // HttpProtocol loads the event-stream serde only for an operation that streams events, which no
  // handler calls (DynamoDB, Step Functions; the other services are signed calls): ~12-18 KB.
  '@smithy/core/event-streams',
] as const;

/** ESM output still meets CommonJS dependencies that call `require`: give them one. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __trancheCreateRequire } from 'node:module';const require = __trancheCreateRequire(import.meta.url);";

/** The subset of esbuild's BuildOptions used here, mutable so it spreads straight into `build()`. */
export interface HandlerEsbuildOptions {
  bundle: true;
  minify: boolean;
  format: 'esm';
  target: string;
  platform: 'node';
  sourcemap: boolean;
  sourcesContent: boolean;
  banner: { js: string };
  external: string[];
  mainFields: string[];
  charset: 'utf8';
  legalComments: 'none';
}

export const HANDLER_ESBUILD_OPTIONS: Readonly<HandlerEsbuildOptions> = {
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'node22',
  platform: 'node',
  sourcemap: true,
  // Lambda runs with --enable-source-maps, which reads the whole map at module load: without the
  // sources embedded a route's map is ~0.6 MB instead of ~2 MB (~10-20 ms less CPU at cold start
  // in bench/bundles.ts). Stack traces still name the original files, lines and functions.
  sourcesContent: false,
  banner: { js: ESM_REQUIRE_BANNER },
  external: BUNDLE_AWS_SDK ? [...LAZY_SDK_MODULES] : ['@aws-sdk/*'],
  // ESM builds of dependencies first (smaller, tree-shakable), CommonJS otherwise.
  mainFields: ['module', 'main'],
  // The error catalogue's zh-CN messages as UTF-8 (3 bytes a character), not \uXXXX escapes (6): ~3 KB a bundle.
  charset: 'utf8',
  // The licences stay in node_modules and the lock file; a bundle need not repeat their banners.
  legalComments: 'none',
};

/** The after-bundling step, run with the repository root and the bundle's output directory. */
export const AFTER_BUNDLING_SCRIPT = 'cdk/lib/constructs/common-passwords-asset.mjs';
/** The second one: screening's transliteration table (functions/src/screening/transliterate.ts). */
export const ANY_ASCII_ASSET_SCRIPT = 'cdk/lib/constructs/any-ascii-asset.mjs';
/** The third: the CJK font of the money PDFs (functions/src/money/notice-cjk-font.ts). */
export const CJK_FONT_ASSET_SCRIPT = 'cdk/lib/constructs/cjk-font-asset.mjs';

/**
 * Shell commands NodejsFunction runs after esbuild (`commandHooks.afterBundling`): files a bundle
 * reads at run time are written beside it, each only into the bundles that name it: the
 * common-password list, for the bundles that check passwords (functions/src/_lib/common-passwords.ts),
 * any-ascii's table, for the bundles that screen names (the kycEvents worker), and the CJK font, for
 * the bundle that draws Chinese PDFs (the moneyNoticesCjk worker).
 */
export const afterBundlingCommands = (inputDir: string, outputDir: string): string[] => [
  `node "${inputDir}/${AFTER_BUNDLING_SCRIPT}" "${inputDir}" "${outputDir}"`,
  `node "${inputDir}/${ANY_ASCII_ASSET_SCRIPT}" "${inputDir}" "${outputDir}"`,
  `node "${inputDir}/${CJK_FONT_ASSET_SCRIPT}" "${inputDir}" "${outputDir}"`,
];
