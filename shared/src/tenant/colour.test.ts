import { describe, expect, it } from 'vitest';
import { brandingWarnings, contrastRatio, formatRatio, readableTextOn } from './colour.js';

describe('contrast', () => {
  it('follows WCAG 2: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1c4e80', '#1c4e80')).toBe(1);
  });

  it('knows the classic grey pair either side of 4.5:1', () => {
    expect(formatRatio(contrastRatio('#767676', '#ffffff'))).toBe('4.54');
    expect(formatRatio(contrastRatio('#777777', '#ffffff'))).toBe('4.47');
  });

  it('picks the readable text colour for a fill', () => {
    expect(readableTextOn('#1c4e80')).toBe('#ffffff');
    expect(readableTextOn('#ffd43b')).toBe('#000000');
  });
});

describe('branding warnings', () => {
  it('warns when links in the brand colour would be hard to read on white', () => {
    expect(brandingWarnings({ primaryColor: '#ffd43b' })).toEqual([
      { field: 'primaryColor', code: 'lowContrastOnWhite', ratio: formatRatio(contrastRatio('#ffd43b', '#ffffff')) },
    ]);
  });

  it('says nothing for a dark brand colour', () => {
    expect(brandingWarnings({ primaryColor: '#1c4e80' })).toEqual([]);
  });
});
