import { describe, expect, it } from 'vitest';
import { sniffImage } from './logo.js';

const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(16).fill(0)]);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe('logo type sniffing', () => {
  it('recognises PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImage(new Uint8Array([...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WEBPVP8 ')]))).toBe('image/webp');
  });

  it('refuses everything else, whatever it is called', () => {
    expect(sniffImage(new Uint8Array(ascii('<svg xmlns="http://www.w3.org/2000/svg">')))).toBeUndefined();
    expect(sniffImage(new Uint8Array(ascii('<html><script>')))).toBeUndefined();
    expect(sniffImage(new Uint8Array(ascii('GIF89a')))).toBeUndefined();
    expect(sniffImage(new Uint8Array(ascii('RIFF....WAVE')))).toBeUndefined();
    expect(sniffImage(new Uint8Array([0x89, 0x50]))).toBeUndefined();
    expect(sniffImage(new Uint8Array())).toBeUndefined();
  });
});
