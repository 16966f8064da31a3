import { DEFAULT_THEME, luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver } from './build-theme';

/** WCAG's contrast ratio of two colours, from their relative luminance. */
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

const shadeOf = (variable: string) => {
  const m = /^var\(--mantine-color-(\w+)-(\d)\)$/.exec(variable);
  if (!m) throw new Error(`Not a palette shade: ${variable}`);
  return DEFAULT_THEME.colors[m[1] as string]?.[Number(m[2])] as string;
};

describe('the theme’s text colours on white', () => {
  const light: Record<string, string> = cssVariablesResolver(DEFAULT_THEME).light;

  it.each(['--mantine-color-dimmed', '--mantine-color-error'])('%s reaches WCAG AA (4.5:1)', (name) => {
    const value = light[name];
    expect(value, name).toBeDefined();
    expect(contrast(shadeOf(String(value)), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('would not with Mantine’s defaults (the reason for the override)', () => {
    expect(contrast(DEFAULT_THEME.colors.red[6], '#ffffff')).toBeLessThan(4.5);
    expect(contrast(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeLessThan(4.5);
  });
});
