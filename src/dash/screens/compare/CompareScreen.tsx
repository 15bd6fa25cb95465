import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { displayName } from "../../../lib/dash/profile";
import type { PlacedChange } from "../../../lib/compare/versions";
import { $auth } from "../../../stores/auth";
import { clock } from "../../../stores/dash/clock";
import { $documents } from "../../../stores/dash/files";
import { openComparisonInChat } from "../../../stores/dash/openInChat";
import { readSamples } from "../../../stores/dash/uploads";
import Spinner from "../../../ui/Spinner";
import ScreenHeader from "../../components/ScreenHeader";
import { useOpenInChat } from "../../components/useOpenInChat";
import DocumentViewer, { type ViewerTarget } from "../../viewer/DocumentViewer";
import { useDocumentContent } from "../../viewer/useDocumentContent";
import ChangeList from "./ChangeList";
import CompareExportMenu from "./CompareExportMenu";
import type { Side } from "./ChangeItem";
import { useComparison } from "./useComparison";

export const compareCopy = {
  missing: "One of these documents is not in your workspace, or you cannot open it.",
  notRead: "Both documents must be read (Indexed) before they can be compared.",
  failed: "The comparison could not be made. Reload the page to try again.",
  fewShared: "These two documents share few clauses: they do not look like versions of one document, so no change list is shown.",
  ocr: (which: string) => `${which} was scanned: it is compared on its recognised (OCR) text, which may misread some words.`,
} as const;

/** Compare: two documents (`?a=<id>&b=<id>`), clause by clause, with the change list, the viewer, exports, and a chat to ask about the changes. */
export default function CompareScreen() {
  const [params] = useSearchParams();
  const documents = useStore($documents);
  const { user, profile } = useStore($auth);
  const [target, setTarget] = useState<ViewerTarget | null>(null);
  const askInChat = useOpenInChat(openComparisonInChat);
  useEffect(readSamples, []);
  const docA = documents.find((d) => d.id === params.get("a"));
  const docB = documents.find((d) => d.id === params.get("b"));
  const contentA = useDocumentContent(docA?.id ?? null, docA?.status);
  const contentB = useDocumentContent(docB?.id ?? null, docB?.status);
  const pagesA = contentA.status === "ready" ? contentA.pages : null;
  const pagesB = contentB.status === "ready" ? contentB.pages : null;
  const result = useComparison(pagesA, pagesB);

  const open = (change: PlacedChange, side: Side) => {
    const document = side === "a" ? docA : docB;
    const clause = change[side];
    if (document && clause) setTarget({ document, page: clause.page, highlight: clause.onPage });
  };

  let body;
  if (!docA || !docB || contentA.status === "missing" || contentB.status === "missing") body = <p role="alert">{compareCopy.missing}</p>;
  else if (docA.status !== "indexed" || docB.status !== "indexed") body = <p role="alert">{compareCopy.notRead}</p>;
  else if (result.status === "failed" || contentA.status === "error" || contentB.status === "error") body = <p role="alert">{compareCopy.failed}</p>;
  else if (result.status === "working")
    body = (
      <p role="status" className="flex items-center gap-2 text-muted">
        <Spinner /> Comparing…
      </p>
    );
  else {
    const scanned = [pagesA?.some((p) => p.source === "ocr") && "Version A", pagesB?.some((p) => p.source === "ocr") && "Version B"].filter((x): x is string => Boolean(x));
    body = (
      <>
        {scanned.map((which) => (
          <p key={which} className="text-sm text-muted">
            {compareCopy.ocr(which)}
          </p>
        ))}
        {result.comparison.unrelated ? (
          <p role="alert">{compareCopy.fewShared}</p>
        ) : (
          <>
            <div className="flex flex-wrap gap-2">
              <CompareExportMenu titleA={docA.title} titleB={docB.title} comparison={result.comparison} redline={result.redline} author={displayName(user, profile) || "Paphos AI"} now={() => new Date(clock.now())} />
              <button type="button" className="btn-small" onClick={() => askInChat({ a: docA, b: docB })}>
                Ask about these changes
              </button>
            </div>
            <ChangeList changes={result.comparison.changes} onOpen={open} />
          </>
        )}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader>
        <Link to="/dash/files" className="btn-small">
          Back to Files
        </Link>
      </ScreenHeader>
      {docA && docB && (
        <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
          <dt className="font-semibold">Version A</dt>
          <dd>{docA.title}</dd>
          <dt className="font-semibold">Version B</dt>
          <dd>{docB.title}</dd>
        </dl>
      )}
      {body}
      <DocumentViewer target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
