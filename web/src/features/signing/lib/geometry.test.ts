import { describe, expect, it } from 'vitest';
import { clampShown, fitsPage, type PageBox, roundRect, shownSize, toPage, toShown } from './geometry';

const A4: PageBox = { width: 595, height: 842, rotation: 0 };
const field = { x: 72, y: 700, width: 160, height: 48 };

describe('field geometry (page space = points from the crop box top-left, unrotated)', () => {
  it('is the identity on an unrotated page', () => {
    expect(toShown(A4, field)).toEqual(field);
    expect(toPage(A4, field)).toEqual(field);
    expect(shownSize(A4)).toEqual({ width: 595, height: 842 });
  });

  it.each([90, 180, 270, -90, 450])('turns a rectangle there and back unchanged at /Rotate %i', (rotation) => {
    const page = { ...A4, rotation };
    const shown = toShown(page, field);
    expect(toPage(page, shown)).toEqual(field);
    // What is shown lies on the page as shown.
    const size = shownSize(page);
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.y).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(size.width);
    expect(shown.y + shown.height).toBeLessThanOrEqual(size.height);
  });

  it('maps corners as a reader turns the page clockwise', () => {
    // The top-left corner of the unrotated page is the top-right corner after a quarter turn.
    const corner = { x: 0, y: 0, width: 10, height: 20 };
    expect(toShown({ ...A4, rotation: 90 }, corner)).toEqual({ x: 842 - 20, y: 0, width: 20, height: 10 });
    expect(toShown({ ...A4, rotation: 180 }, corner)).toEqual({ x: 595 - 10, y: 842 - 20, width: 10, height: 20 });
    expect(toShown({ ...A4, rotation: 270 }, corner)).toEqual({ x: 0, y: 595 - 10, width: 20, height: 10 });
    expect(shownSize({ ...A4, rotation: 90 })).toEqual({ width: 842, height: 595 });
  });

  it('keeps a dragged field on the page by moving it, not shrinking it', () => {
    expect(clampShown(A4, { x: -30, y: 820, width: 160, height: 48 })).toEqual({
      x: 0,
      y: 794,
      width: 160,
      height: 48,
    });
    expect(clampShown(A4, { x: 10, y: 10, width: 900, height: 48 })).toEqual({ x: 0, y: 10, width: 595, height: 48 });
  });

  it('says whether a rectangle lies wholly on the page, as the API checks', () => {
    expect(fitsPage(A4, field)).toBe(true);
    expect(fitsPage(A4, { ...field, x: 500 })).toBe(false);
    expect(fitsPage(A4, { ...field, y: -1 })).toBe(false);
    expect(fitsPage(A4, { ...field, width: 0 })).toBe(false);
  });

  it('rounds to hundredths of a point', () => {
    expect(roundRect({ x: 1.005, y: 2.3333, width: 3.999, height: 4 })).toEqual({ x: 1, y: 2.33, width: 4, height: 4 });
  });
});
