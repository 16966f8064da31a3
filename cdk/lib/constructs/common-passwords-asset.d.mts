/** Types of the plain-JavaScript after-bundling step (common-passwords-asset.mjs). */
export declare const COMMON_PASSWORDS_ASSET: string;
export declare const commonPasswordsText: (repoRoot: string) => string;
export declare const commonPasswordsAsset: (repoRoot: string) => Buffer;
export declare const addCommonPasswordsAsset: (repoRoot: string, outputDir: string) => boolean;
