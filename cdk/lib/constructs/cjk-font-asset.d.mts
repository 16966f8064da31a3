/** Types of the plain-JavaScript after-bundling step (cjk-font-asset.mjs). */
export declare const CJK_FONT_ASSET: string;
export declare const CJK_FONT_SOURCE: string;
export declare const addCjkFontAsset: (outputDir: string, source?: string) => boolean;
