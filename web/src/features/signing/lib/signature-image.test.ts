import { describe, expect, it } from 'vitest';
import { initialsOf } from '@/features/signing/components/signature-pad';
import { readingOrder } from './fields';
import { clearPaper, fitWithin, inkBounds, todayText } from './signature-image';

/** A width x height RGBA image, transparent, with opaque pixels at `ink`. */
const image = (width: number, height: number, ink: [number, number][]) => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (const [x, y] of ink) data[(y * width + x) * 4 + 3] = 255;
  return data;
};

describe('signature images', () => {
  it('finds the box around the ink, and nothing on a blank canvas', () => {
    expect(inkBounds(image(10, 8, []), 10, 8)).toBeNull();
    expect(
      inkBounds(
        image(10, 8, [
          [2, 3],
          [7, 5],
          [4, 1],
        ]),
        10,
        8,
      ),
    ).toEqual({ x: 2, y: 1, width: 6, height: 5 });
  });

  it('ignores faint anti-aliasing dust', () => {
    const data = image(4, 4, [[1, 1]]);
    data[(3 * 4 + 3) * 4 + 3] = 5;
    expect(inkBounds(data, 4, 4)).toEqual({ x: 1, y: 1, width: 1, height: 1 });
  });

  it('scales down to fit without stretching, never up', () => {
    expect(fitWithin(2400, 400, 1200, 400)).toEqual({ width: 1200, height: 200 });
    expect(fitWithin(300, 100, 1200, 400)).toEqual({ width: 300, height: 100 });
    expect(fitWithin(1000, 1000, 1200, 400)).toEqual({ width: 400, height: 400 });
  });

  it('makes paper white transparent and keeps ink', () => {
    const data = new Uint8ClampedArray([250, 250, 250, 255, 20, 30, 90, 255, 240, 240, 200, 255]);
    clearPaper(data);
    expect([data[3], data[7], data[11]]).toEqual([0, 255, 255]);
  });

  it('writes the date as YYYY-MM-DD, which the PDF font can draw in any UI language', () => {
    expect(todayText(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('makes initials from a Latin name and keeps a name without spaces', () => {
    expect(initialsOf('Anna maria Weber')).toBe('AMW');
    expect(initialsOf(' 王小明 ')).toBe('王小明');
  });

  it('orders fields as they are read: page, then top to bottom, then left to right', () => {
    const f = (pageIndex: number, x: number, y: number) => ({ pageIndex, x, y, id: `${pageIndex}-${x}-${y}` });
    expect(readingOrder([f(1, 0, 0), f(0, 300, 700), f(0, 72, 700), f(0, 72, 100)]).map((x) => x.id)).toEqual([
      '0-72-100',
      '0-72-700',
      '0-300-700',
      '1-0-0',
    ]);
  });
});
