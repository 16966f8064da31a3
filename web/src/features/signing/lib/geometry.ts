/**
 * Where fields sit on a page. The API's coordinates (docs/signing.md, fields.ts) are PDF points from
 * the top-left of the page's crop box, unrotated: what pdf.js reports for a page at scale 1 and
 * rotation 0. The screen shows the page at `scale` CSS pixels per point and, for a page with
 * /Rotate, turned as a reader shows it; these helpers map between the two so the editor can place
 * fields on a rotated page and the stored numbers stay in the page's own space.
 */
export interface PageBox {
  /** Crop-box width and height in points, unrotated. */
  width: number;
  height: number;
  /** The page's /Rotate, 0, 90, 180 or 270. */
  rotation: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const norm = (rotation: number) => (((Math.round(rotation / 90) * 90) % 360) + 360) % 360;

/** The page's size as shown (points): width and height swap for a quarter turn. */
export const shownSize = (page: PageBox): { width: number; height: number } =>
  norm(page.rotation) % 180 === 0
    ? { width: page.width, height: page.height }
    : { width: page.height, height: page.width };

/** A rectangle in page space (points, unrotated) -> as shown on screen (points, rotated). */
export const toShown = (page: PageBox, r: Rect): Rect => {
  const { width: W, height: H } = page;
  switch (norm(page.rotation)) {
    case 90:
      return { x: H - r.y - r.height, y: r.x, width: r.height, height: r.width };
    case 180:
      return { x: W - r.x - r.width, y: H - r.y - r.height, width: r.width, height: r.height };
    case 270:
      return { x: r.y, y: W - r.x - r.width, width: r.height, height: r.width };
    default:
      return { ...r };
  }
};

/** A rectangle as shown on screen (points, rotated) -> page space (points, unrotated). */
export const toPage = (page: PageBox, r: Rect): Rect => {
  const { width: W, height: H } = page;
  switch (norm(page.rotation)) {
    case 90:
      return { x: r.y, y: H - r.x - r.width, width: r.height, height: r.width };
    case 180:
      return { x: W - r.x - r.width, y: H - r.y - r.height, width: r.width, height: r.height };
    case 270:
      return { x: W - r.y - r.height, y: r.x, width: r.height, height: r.width };
    default:
      return { ...r };
  }
};

/** Keeps a rectangle (shown space) inside the shown page, moving it rather than shrinking it. */
export const clampShown = (page: PageBox, r: Rect): Rect => {
  const size = shownSize(page);
  const width = Math.min(r.width, size.width);
  const height = Math.min(r.height, size.height);
  return {
    x: Math.min(Math.max(0, r.x), size.width - width),
    y: Math.min(Math.max(0, r.y), size.height - height),
    width,
    height,
  };
};

/** Whether a rectangle in page space lies wholly on the page (what the API checks, 400 otherwise). */
export const fitsPage = (page: PageBox, r: Rect): boolean =>
  r.x >= 0 && r.y >= 0 && r.width > 0 && r.height > 0 && r.x + r.width <= page.width && r.y + r.height <= page.height;

/** Rounds to hundredths of a point: enough for placement, and stable numbers in requests. */
export const roundRect = (r: Rect): Rect => ({
  x: Math.round(r.x * 100) / 100,
  y: Math.round(r.y * 100) / 100,
  width: Math.round(r.width * 100) / 100,
  height: Math.round(r.height * 100) / 100,
});
