import { existsSync } from 'node:fs';

/**
 * Where the CJK font of the money PDFs is (notice-cjk-font.ts), apart from fontkit so the local stack
 * can check it at start without loading it: beside the bundle when deployed (copied there by
 * cdk/lib/constructs/cjk-font-asset.mjs, which must use the same names), else where Debian's
 * fonts-wqy-microhei installs it (README "Prerequisites", .ci/run).
 */
export const CJK_FONT_ASSET = 'wqy-microhei.ttc';
export const CJK_FONT_SOURCE = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

/** The font's bytes: beside the bundle when deployed, else Debian's file; a clear error when neither is there. */
export const cjkFontPath = (): string => {
  const beside = new URL(`./${CJK_FONT_ASSET}`, import.meta.url).pathname;
  if (existsSync(beside)) return beside;
  if (existsSync(CJK_FONT_SOURCE)) return CJK_FONT_SOURCE;
  throw new Error(
    `The CJK font is missing: neither ${beside} nor ${CJK_FONT_SOURCE} (apt-get install fonts-wqy-microhei)`,
  );
};
