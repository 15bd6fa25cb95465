import { useEffect, useState, type KeyboardEvent } from "react";
import type { WorkspaceDocument } from "../../lib/dash/files";
import type { PageText } from "../../lib/documents/pages";
import { FAILURE_REASONS } from "../../lib/documents/reasons";
import Dialog from "../../ui/Dialog";
import PassageText from "./PassageText";
import PdfPage, { usePdfDocument } from "./PdfPage";
import { useDocumentContent } from "./useDocumentContent";

/** What the viewer opens: a document, at a page, with a passage to highlight (a citation's). */
export interface ViewerTarget {
  document: WorkspaceDocument;
  page?: number;
  highlight?: string;
}

interface DocumentViewerProps {
  target: ViewerTarget | null;
  onClose: () => void;
}

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const BOX = "flex h-64 items-center justify-center rounded-lg border border-dashed border-line px-6 text-center text-muted";

/** Tracks an element's width, for fitting a PDF page to it: a callback ref, so an element shown later is measured. */
function useWidth(): [(element: HTMLElement | null) => void, number] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}

/**
 * The document viewer: a PDF's pages drawn by PDF.js with their selectable text layer, a DOCX's sections and a
 * TXT's pages as plain text; one page at a time (a long document draws only the page on screen), page by page
 * with buttons and the keyboard, zoom and fit to width. It opens at a page with a passage highlighted when a
 * citation asks. Never a frame, never the file's own markup or type.
 */
export default function DocumentViewer({ target, onClose }: DocumentViewerProps) {
  const document = target?.document ?? null;
  // Read again as its status moves on: a sample is fetched and kept while the viewer may already be open.
  const content = useDocumentContent(document?.id ?? null, document?.status);
  const ready = content.status === "ready" ? content : null;
  const isPdf = ready?.file.kind === "pdf";
  const pdf = usePdfDocument(isPdf ? ready.file.bytes : null);
  const pages: PageText[] = ready?.pages ?? [];
  const count = isPdf && pdf.doc ? pdf.doc.numPages : pages.length;
  const unit = ready?.file.kind === "docx" ? "Section" : "Page";
  const [page, setPage] = useState(target?.page ?? 1);
  const [zoom, setZoom] = useState(1);
  const [bodyRef, width] = useWidth();

  // A new target opens at its page (or the first) at the width of the viewer.
  const [opened, setOpened] = useState(target);
  if (opened !== target) {
    setOpened(target);
    setPage(target?.page ?? 1);
    setZoom(1);
  }

  const current = Math.min(Math.max(page, 1), Math.max(count, 1));
  const go = (next: number) => setPage(Math.min(Math.max(next, 1), count));
  const zoomBy = (step: 1 | -1) => {
    const at = ZOOM_STEPS.findIndex((z) => z >= zoom);
    setZoom(ZOOM_STEPS[Math.min(Math.max((at < 0 ? ZOOM_STEPS.length - 1 : at) + step, 0), ZOOM_STEPS.length - 1)] ?? 1);
  };
  const highlight = target && current === (target.page ?? 1) ? target.highlight : undefined;
  const pageText = pages.find((p) => p.number === current);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const keys: Record<string, () => void> = {
      ArrowRight: () => go(current + 1),
      PageDown: () => go(current + 1),
      ArrowLeft: () => go(current - 1),
      PageUp: () => go(current - 1),
      Home: () => go(1),
      End: () => go(count),
      "+": () => zoomBy(1),
      "=": () => zoomBy(1),
      "-": () => zoomBy(-1),
    };
    const action = keys[event.key];
    if (!action || count === 0) return;
    event.preventDefault();
    action();
  };

  let body;
  if (!document || content.status === "loading" || (isPdf && !pdf.doc && !pdf.failed)) body = <p className={BOX}>Opening the document…</p>;
  else if (content.status === "missing") body = <p className={BOX}>{document.status === "processing" ? "This document is still being fetched. It shows here once it is kept in this browser." : (document.reason ?? FAILURE_REASONS.lost)}</p>;
  else if (content.status === "error") body = <p className={BOX}>This browser could not open the document's storage. Reload the page to try again.</p>;
  else if (ready?.file.kind === "doc") body = <p className={BOX}>{FAILURE_REASONS.legacyDoc}</p>;
  else if (isPdf && pdf.failed) body = <p className={BOX}>{document.reason ?? FAILURE_REASONS.corrupt}</p>;
  else if (!isPdf && pages.length === 0) body = <p className={BOX}>{document.reason ?? "This document has no text to show yet."}</p>;
  else {
    body = (
      <div className="flex flex-col gap-3">
        {isPdf && pdf.doc && pdf.pdfjs ? (
          <div className="overflow-auto">
            <PdfPage pdfjs={pdf.pdfjs} doc={pdf.doc} number={current} zoom={zoom} width={width} highlight={pageText?.source === "text" ? highlight : undefined} label={`${unit} ${String(current)}`} />
          </div>
        ) : null}
        {pageText && (!isPdf || pageText.source === "ocr") ? (
          <section aria-label={isPdf ? `Recognised text of page ${String(current)}` : `${unit} ${String(current)}`} className="flex flex-col gap-2">
            {pageText.source === "ocr" && <p className="text-sm font-medium text-muted">Recognised by OCR: this page is a scan, and its text was read from the image.</p>}
            <PassageText text={pageText.text} highlight={highlight} />
          </section>
        ) : null}
      </div>
    );
  }

  const navigable = count > 0 && (ready?.pages.length || pdf.doc);
  return (
    <Dialog open={target !== null} onClose={onClose} title={document?.title ?? "Preview"} className="md:w-[min(56rem,calc(100vw-2rem))]">
      {/* The viewer takes the arrow keys, Page Up/Down, Home/End and +/- while focus is inside it. */}
      {/* eslint-disable-next-line jsx-a11y-x/no-static-element-interactions */}
      <div onKeyDown={onKeyDown} className="flex min-w-0 flex-col gap-3">
        {navigable ? (
          <div role="toolbar" aria-label="Pages and zoom" className="flex flex-wrap items-center gap-2">
            <button type="button" className="btn-small" onClick={() => go(current - 1)} disabled={current <= 1}>
              Previous {unit.toLowerCase()}
            </button>
            <p aria-live="polite" className="min-w-28 text-center text-sm font-medium">
              {unit} {current} of {count}
            </p>
            <button type="button" className="btn-small" onClick={() => go(current + 1)} disabled={current >= count}>
              Next {unit.toLowerCase()}
            </button>
            {isPdf && (
              <>
                <button type="button" className="btn-small" onClick={() => zoomBy(-1)} disabled={zoom <= (ZOOM_STEPS[0] ?? 0.5)}>
                  Zoom out
                </button>
                <p className="text-sm tabular-nums">{Math.round(zoom * 100)}%</p>
                <button type="button" className="btn-small" onClick={() => zoomBy(1)} disabled={zoom >= (ZOOM_STEPS.at(-1) ?? 3)}>
                  Zoom in
                </button>
                <button type="button" className="btn-small" onClick={() => setZoom(1)} aria-pressed={zoom === 1}>
                  Fit to width
                </button>
              </>
            )}
          </div>
        ) : null}
        {/* Focusable, so the keyboard reaches a page that scrolls (and its arrow keys turn pages). */}
        {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex */}
        <div ref={bodyRef} tabIndex={0} role="region" aria-label={`${document?.title ?? "Document"}: contents`} className="min-w-0 rounded-lg">
          {body}
        </div>
      </div>
    </Dialog>
  );
}
