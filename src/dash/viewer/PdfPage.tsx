import { useEffect, useRef, useState } from "react";
import { cappedScale } from "../../lib/documents/canvas";
import type { PdfJs } from "../../lib/documents/pdfjs";
import { highlightedPieces } from "./highlight";
import { loadPdfJs, openPdfDocument } from "./pdfDocument";
import "./textLayer.css";

type PdfDocument = Awaited<ReturnType<PdfJs["getDocument"]>["promise"]>;

/** Opens a kept PDF for the viewer: the document while it is shown, destroyed when the viewer closes. */
export function usePdfDocument(bytes: ArrayBuffer | null): { doc: PdfDocument | null; pdfjs: PdfJs | null; failed: boolean } {
  const [state, setState] = useState<{ doc: PdfDocument | null; pdfjs: PdfJs | null; failed: boolean; bytes: ArrayBuffer | null }>({
    doc: null,
    pdfjs: null,
    failed: false,
    bytes: null,
  });
  useEffect(() => {
    if (!bytes) return;
    let live = true;
    let destroy: (() => Promise<void>) | undefined;
    loadPdfJs()
      .then(async (pdfjs) => {
        const task = openPdfDocument(pdfjs, bytes);
        destroy = () => task.destroy();
        const doc = await task.promise;
        if (live) setState({ doc, pdfjs, failed: false, bytes });
      })
      .catch(() => live && setState({ doc: null, pdfjs: null, failed: true, bytes }));
    return () => {
      live = false;
      void destroy?.();
    };
  }, [bytes]);
  return state.bytes === bytes ? state : { doc: null, pdfjs: null, failed: false };
}

interface PdfPageProps {
  pdfjs: PdfJs;
  doc: PdfDocument;
  number: number;
  /** 1 is the width of the viewer; zoom multiplies it. */
  zoom: number;
  /** The width the page fits to, in CSS pixels. */
  width: number;
  highlight?: string;
  label: string;
}

/**
 * One page of a PDF: drawn on a canvas, with PDF.js's text layer over it so its text can be selected and found,
 * and the passage a citation names highlighted. Only the page on screen is drawn.
 */
export default function PdfPage({ pdfjs, doc, number, zoom, width, highlight, label }: PdfPageProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const textLayerDiv = textRef.current;
    if (!canvas || !textLayerDiv || width <= 0) return;
    let cancelled = false;
    let cancelRender: (() => void) | undefined;
    let cancelText: (() => void) | undefined;
    void (async () => {
      const page = await doc.getPage(number);
      if (cancelled) return;
      const scale = (width / page.getViewport({ scale: 1 }).width) * zoom;
      const viewport = page.getViewport({ scale });
      // The screen's pixel ratio, less when the canvas would pass the cap on pixels (a huge page, or zoomed far in).
      const ratio = cappedScale(viewport.width, viewport.height, window.devicePixelRatio || 1);
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      setSize({ width: Math.floor(viewport.width), height: Math.floor(viewport.height) });
      const render = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      cancelRender = () => render.cancel();
      textLayerDiv.replaceChildren();
      textLayerDiv.style.setProperty("--total-scale-factor", String(scale));
      const textLayer = new pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: textLayerDiv, viewport });
      cancelText = () => textLayer.cancel();
      // Each settles on its own: a cancelled render and a cancelled text layer both reject, and neither may go unheard.
      const [drawn, laidOut] = await Promise.allSettled([render.promise, textLayer.render()]);
      if (drawn.status === "rejected" || laidOut.status === "rejected") return;
      if (cancelled || !highlight) return;
      const spans = textLayer.textDivs;
      const hits = highlightedPieces(textLayer.textContentItemsStr, highlight);
      for (const i of hits) spans[i]?.classList.add("highlight");
      spans[hits[0] ?? -1]?.scrollIntoView({ block: "center" });
    })().catch(() => {
      // A cancelled render (the page or zoom changed) rejects; the next render replaces it.
    });
    return () => {
      cancelled = true;
      cancelRender?.();
      cancelText?.();
    };
  }, [pdfjs, doc, number, zoom, width, highlight]);

  return (
    <section aria-label={label} className="relative mx-auto bg-white shadow" style={size ? { width: size.width, height: size.height } : { width, minHeight: width * 1.41 }}>
      <canvas ref={canvasRef} aria-hidden="true" className="block" style={size ? { width: size.width, height: size.height } : undefined} />
      <div ref={textRef} className="textLayer" />
    </section>
  );
}
