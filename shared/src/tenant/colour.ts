import type { BrandingWarning } from './tenant.schema.js';

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export const relativeLuminance = (hex: string): number => {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
};

/** WCAG 2 contrast ratio of two colours, from 1 to 21. */
export const contrastRatio = (a: string, b: string): number => {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** WCAG AA for body text. */
export const TEXT_CONTRAST_MIN = 4.5;

/** Rounded down, so a ratio just under the minimum never reads as meeting it. */
export const formatRatio = (ratio: number): string => (Math.floor(ratio * 100) / 100).toFixed(2);

/** The text colour that reads best on a filled `background` (what buttons in the brand colour use). */
export const readableTextOn = (background: string): '#ffffff' | '#000000' =>
  contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000') ? '#ffffff' : '#000000';

/**
 * What to tell a GP about a brand colour. Filled buttons always get whichever of white or black
 * text reads better, but links and outlines draw the colour itself on the white page: below 4.5:1
 * they are hard to read. A warning, not a refusal: brand colours are the brand's to choose.
 */
export const brandingWarnings = (branding: { primaryColor: string }): BrandingWarning[] => {
  const ratio = contrastRatio(branding.primaryColor, '#ffffff');
  return ratio < TEXT_CONTRAST_MIN
    ? [{ field: 'primaryColor', code: 'lowContrastOnWhite', ratio: formatRatio(ratio) }]
    : [];
};
