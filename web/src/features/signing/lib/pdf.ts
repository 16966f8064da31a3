import type { PDFDocumentProxy } from 'pdfjs-dist';

/**
 * pdf.js, loaded on first use only: the library (~460 KB) and its worker (~1.3 MB) must never enter
 * the first download (the 175 KB initial-JS budget), so only the signing screens call this, and the
 * worker is a separate asset served from our own origin (Vite's `?url`), which the CSP's
 * `default-src 'self'` allows as a worker source.
 */
let loading: Promise<typeof import('pdfjs-dist')> | undefined;

const pdfjs = () => {
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([lib, worker]) => {
      lib.GlobalWorkerOptions.workerSrc = worker.default;
      return lib;
    },
  );
  return loading;
};

/**
 * Opens a PDF for rendering under the strict CSP: pdf.js 6 no longer compiles PostScript functions
 * with `new Function` (its `isEvalSupported` option is gone; neither build contains eval), so no
 * 'unsafe-eval' is needed; `useWasm: false` because the CSP has no 'wasm-unsafe-eval' either (pdf.js
 * then decodes JPX/JBIG2 images without WebAssembly, never tripping a CSP report). Fonts the file
 * does not embed (pdf-lib's standard 14) fall back to system fonts, so the 800 KB of standard font
 * files are not shipped.
 */
export const openPdf = async (data: ArrayBuffer | Uint8Array): Promise<PDFDocumentProxy> => {
  const lib = await pdfjs();
  // pdf.js transfers (detaches) the buffer it is given: hand it a copy so callers keep theirs.
  const bytes = data instanceof Uint8Array ? data.slice() : new Uint8Array(data.slice(0));
  return lib.getDocument({ data: bytes, useWasm: false, enableXfa: false }).promise;
};

/** Fetches a PDF from a short-lived URL (the source file's presigned GET) and opens it. */
export const fetchPdf = async (url: string, signal?: AbortSignal): Promise<PDFDocumentProxy> => {
  const response = await fetch(url, { signal, credentials: 'omit' });
  if (!response.ok) throw new Error(`PDF download failed: ${response.status}`);
  return openPdf(await response.arrayBuffer());
};
