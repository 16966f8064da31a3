import { Box, Skeleton } from '@mantine/core';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type PageBox, shownSize } from '@/features/signing/lib/geometry';

interface PdfPageProps {
  /** Absent while the file loads: the page keeps its size (from the server's page list) and its overlays. */
  doc: PDFDocumentProxy | undefined;
  /** 0-based, as the API counts pages. */
  pageIndex: number;
  box: PageBox;
  /** Width on screen, CSS pixels; the height follows the page's proportions. */
  width: number;
  /** The page's accessible name ("Page 2 of 5"). */
  label: string;
  /** Overlays (fields) positioned in CSS pixels over the page. */
  children?: ReactNode;
  /** Renders only once the page scrolls near the screen (long documents on a phone). */
  lazy?: boolean;
  id?: string;
}

/**
 * One PDF page drawn by pdf.js into a canvas at the device's pixel density, with room for overlays.
 * The canvas is an image of the page (role img, named); the document's text is not exposed to
 * assistive technology here, so the signing screens name each field they show instead.
 */
export const PdfPage = ({ doc, pageIndex, box, width, label, children, lazy = false, id }: PdfPageProps) => {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(!lazy);
  const [drawn, setDrawn] = useState(false);
  const shown = shownSize(box);
  const height = Math.round((width * shown.height) / shown.width);

  useEffect(() => {
    if (visible || !frameRef.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(frameRef.current);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!doc || !visible || width <= 0) return;
    let task: RenderTask | undefined;
    let cancelled = false;
    (async () => {
      const page = await doc.getPage(pageIndex + 1);
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const ratio = Math.min(window.devicePixelRatio || 1, 3);
      // At scale 1 the viewport is the crop box in points, turned by the page's /Rotate.
      const viewport = page.getViewport({ scale: (width / shown.width) * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      task = page.render({ canvas, viewport });
      try {
        await task.promise;
        if (!cancelled) setDrawn(true);
      } catch {
        // A cancelled render (the width changed) rejects; the next effect draws again.
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, pageIndex, width, visible, shown.width]);

  return (
    <Box
      ref={frameRef}
      id={id}
      pos="relative"
      w={width}
      h={height}
      bg="white"
      style={{ boxShadow: 'var(--mantine-shadow-sm)', border: '1px solid var(--mantine-color-gray-4)', flex: 'none' }}
    >
      {!drawn && <Skeleton pos="absolute" inset={0} radius={0} animate={false} />}
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
      />
      {children}
    </Box>
  );
};

/** The width available to `ref`'s element, followed as the window resizes. */
export const useAvailableWidth = <T extends HTMLElement>() => {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
};
