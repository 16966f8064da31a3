import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

const FALLBACK_COLOR = '#1c7ed6';

const toRgb = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const toHex = (rgb: readonly number[]) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
const mix = (hex: string, target: number, amount: number) => toHex(toRgb(hex).map((c) => c + (target - c) * amount));

/**
 * A 10-shade Mantine palette around the tenant's colour: shades 0-5 are tints towards white,
 * 6 is the brand colour itself (the primary shade), 7-9 are darker for hover and pressed states.
 */
const brandPalette = (color: string): MantineColorsTuple => {
  const base = /^#[0-9a-f]{6}$/i.test(color) ? color.toLowerCase() : FALLBACK_COLOR;
  const tints = [0.94, 0.84, 0.7, 0.55, 0.4, 0.2].map((a) => mix(base, 255, a));
  const shades = [0.15, 0.3, 0.45].map((a) => mix(base, 0, a));
  return [...tints, base, ...shades] as unknown as MantineColorsTuple;
};

const FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

/**
 * Text on Mantine's "light" variant (a tinted badge or button) is the colour's shade 9, about 3.6 to
 * 4.3:1 on its tint for green, orange or teal: under WCAG AA for the badges' small bold text
 * (issue 9). It is darkened by a third, which gives about 7:1.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  const palette = parsed.isThemeColor && parsed.color ? input.theme.colors[parsed.color] : undefined;
  return palette ? { ...colors, color: darken(palette[9], 0.35) } : colors;
};

/** `closeLabel` names the close button of notices (toasts), which Mantine leaves unnamed. */
export const buildTheme = (primaryColor: string | undefined, closeLabel?: string): MantineThemeOverride =>
  createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: brandPalette(primaryColor ?? FALLBACK_COLOR) },
    // Light tenant colours get dark text on filled buttons and badges.
    autoContrast: true,
    fontFamily: FONT_STACK,
    headings: { fontFamily: FONT_STACK, fontWeight: '650' },
    defaultRadius: 'md',
    focusRing: 'auto',
    cursorType: 'pointer',
    variantColorResolver,
    ...(closeLabel
      ? { components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } } } }
      : {}),
  });

/**
 * Mantine's default "dimmed" text (gray 6 on white, about 3.3:1) is below WCAG AA for body-size text;
 * gray 7 passes (about 7:1). Its error colour (red 6, about 3.3:1: a field's error message, an
 * invalid input's border) is below it too; red 9 gives about 5.6:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
