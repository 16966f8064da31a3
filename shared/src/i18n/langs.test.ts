import { describe, expect, it } from 'vitest';
import { pickLang } from './langs.js';

describe('pickLang', () => {
  it('prefers the highest-weighted supported language', () => {
    expect(pickLang('fr;q=0.9, zh-CN;q=0.8, en;q=0.5')).toBe('zh-CN');
    expect(pickLang('zh-TW,zh;q=0.9')).toBe('zh-CN');
    expect(pickLang('en-GB,en;q=0.9')).toBe('en');
  });

  it('falls back to the first allowed language', () => {
    expect(pickLang(undefined)).toBe('en');
    expect(pickLang('de, fr')).toBe('en');
    expect(pickLang('en', ['zh-CN'])).toBe('zh-CN');
  });
});
