import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import type { PageBox } from './geometry';
import { fetchPdf, openPdf } from './pdf';

export interface LoadedPdf {
  doc: PDFDocumentProxy;
  /** Each page's crop box (points, unrotated) and rotation, as the API's coordinates use them. */
  pages: PageBox[];
}

export type PdfSource = { url: string } | { bytes: ArrayBuffer } | null;

const describe = async (doc: PDFDocumentProxy): Promise<PageBox[]> => {
  const pages: PageBox[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    // `view` is the crop box (clipped to the media box): [x1, y1, x2, y2] in points.
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = page.view;
    pages.push({ width: x2 - x1, height: y2 - y1, rotation: page.rotate });
  }
  return pages;
};

/**
 * A PDF opened with pdf.js (loaded on demand), from a short-lived URL or bytes in memory. Destroys the
 * document (and its worker share) when the source changes or the screen goes away.
 */
export const usePdf = (source: PdfSource) => {
  const [state, setState] = useState<{ pdf?: LoadedPdf; error?: unknown; loading: boolean }>({ loading: !!source });
  const key = source ? ('url' in source ? source.url : source.bytes) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the source's identity is `key`
  useEffect(() => {
    if (!source) {
      setState({ loading: false });
      return;
    }
    const abort = new AbortController();
    let doc: PDFDocumentProxy | undefined;
    setState({ loading: true });
    (async () => {
      try {
        doc = 'url' in source ? await fetchPdf(source.url, abort.signal) : await openPdf(source.bytes);
        const pages = await describe(doc);
        if (!abort.signal.aborted) setState({ pdf: { doc, pages }, loading: false });
      } catch (error) {
        if (!abort.signal.aborted) setState({ error, loading: false });
      }
    })();
    return () => {
      abort.abort();
      void doc?.loadingTask.destroy();
    };
  }, [key]);
  return state;
};
