/** Types of the plain-JavaScript after-bundling step (any-ascii-asset.mjs). */
export declare const ANY_ASCII_ASSET: string;
export declare const blocksOf: (blockJs: string) => Record<string, string>;
export declare const anyAsciiBlockSource: (repoRoot: string) => string;
export declare const anyAsciiAsset: (repoRoot: string) => Buffer;
export declare const addAnyAsciiAsset: (repoRoot: string, outputDir: string) => boolean;
