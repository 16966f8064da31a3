import { describe, expect, it } from 'vitest';
import { isDeclaredType, SNIFF_BYTES, sniff } from './sniff.js';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('magic-byte sniffing', () => {
  it('knows the four accepted formats by their own signatures', () => {
    expect(sniff(bytes('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniff(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('image/jpeg');
    expect(sniff(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'))).toBe('image/png');
    for (const brand of ['heic', 'heix', 'mif1', 'msf1']) {
      expect(sniff(bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 0, 0], 'mif1heic')), brand).toBe('image/heic');
    }
  });

  it('names what a renamed file really is', () => {
    expect(sniff(bytes('MZ', [0x90, 0]))).toBe('application/x-msdownload');
    expect(sniff(bytes([0x7f], 'ELF', [2, 1, 1]))).toBe('application/x-elf');
    expect(sniff(bytes('PK', [3, 4, 20, 0]))).toBe('application/zip');
    expect(sniff(bytes('#!/bin/sh\n'))).toBe('application/x-sh');
    expect(sniff(bytes('<!DOCTYPE html><html>'))).toBe('text/html');
  });

  it('accepts a PDF only when its header is at offset 0 (no polyglot prefix)', () => {
    expect(sniff(bytes('junk%PDF-1.4'))).toBeUndefined();
    expect(isDeclaredType('application/pdf', sniff(bytes(' %PDF-1.4')))).toBe(false);
  });

  it('refuses a declared type the bytes do not have, and bytes it does not know', () => {
    expect(isDeclaredType('application/pdf', sniff(bytes('MZ')))).toBe(false);
    expect(isDeclaredType('image/jpeg', sniff(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])))).toBe(false);
    expect(isDeclaredType('image/heic', sniff(bytes([0, 0, 0, 0x18], 'ftypisom')))).toBe(false);
    expect(isDeclaredType('application/pdf', sniff(new Uint8Array()))).toBe(false);
    expect(isDeclaredType('image/png', sniff(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])))).toBe(true);
  });

  it('needs no more than the first bytes it reads', () => {
    expect(SNIFF_BYTES).toBeGreaterThanOrEqual(12);
  });
});
