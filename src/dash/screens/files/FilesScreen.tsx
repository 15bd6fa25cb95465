import { useStore } from "@nanostores/react";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { STATUS_FILTER_LABELS, type WorkspaceDocument } from "../../../lib/dash/files";
import { labelledOptions } from "../../../lib/selectOptions";
import SelectField from "../../../ui/SelectField";
import { $fileQuery, $fileStatus, $fileTextHits, $matchingDocuments, reindex, setFileQuery, setFileStatus } from "../../../stores/dash/files";
import { openDocumentInChat } from "../../../stores/dash/openInChat";
import { readSamples, removeUpload } from "../../../stores/dash/uploads";
import ConfirmDialog from "../../../ui/ConfirmDialog";
import DashIcon from "../../components/DashIcon";
import CardGrid from "../../components/CardGrid";
import ScreenHeader from "../../components/ScreenHeader";
import SearchField from "../../components/SearchField";
import { useOpenInChat } from "../../components/useOpenInChat";
import { routeHref } from "../../routes";
import CompareWithDialog from "../compare/CompareWithDialog";
import FileCard from "./FileCard";
import DocumentViewer, { type ViewerTarget } from "../../viewer/DocumentViewer";

/** Every document of the firm: the samples and the uploads once indexed or failed; Preview opens the viewer, Delete removes one. */
export default function FilesScreen() {
  const documents = useStore($matchingDocuments);
  const query = useStore($fileQuery);
  const status = useStore($fileStatus);
  const hits = useStore($fileTextHits);
  const openInChat = useOpenInChat(openDocumentInChat);
  const [viewing, setViewing] = useState<ViewerTarget | null>(null);
  const [deleting, setDeleting] = useState<WorkspaceDocument | null>(null);
  const [comparing, setComparing] = useState<WorkspaceDocument | null>(null);
  const statusId = useId();
  useEffect(readSamples, []);

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader>
        <Link to={routeHref({ path: "uploads" })} className="btn-primary px-4 py-2 text-sm">
          <DashIcon name="upload" className="size-4" />
          Upload PDF
        </Link>
      </ScreenHeader>
      <div className="flex flex-wrap items-center gap-3">
        <SearchField label="Search files by title or case" placeholder="Search by title or case..." value={query} onChange={setFileQuery} />
        <SelectField
          id={statusId}
          label="Status"
          labelPosition="hidden"
          value={status}
          options={labelledOptions(STATUS_FILTER_LABELS)}
          onChange={setFileStatus}
          className="w-auto py-2"
        />
      </div>
      <CardGrid count={documents.length} empty={{ icon: "file", title: "No documents found", hint: "Try another search or status." }} label="Documents">
        {documents.map((document) => (
          <FileCard
            key={document.id}
            document={document}
            hit={query.trim() ? hits.get(document.id) : undefined}
            onPreview={(document, hit) => setViewing(hit ? { document, page: hit.page, highlight: hit.snippet } : { document })}
            onOpenInChat={openInChat}
            onReindex={reindex}
            onDelete={setDeleting}
            onCompare={setComparing}
          />
        ))}
      </CardGrid>
      <DocumentViewer target={viewing} onClose={() => setViewing(null)} />
      <CompareWithDialog document={comparing} onClose={() => setComparing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.title ?? "document"}?`}
        description="Its file, its text and its record are removed from this workspace. This cannot be undone."
        confirmLabel="Delete Document"
        onConfirm={() => deleting && void removeUpload(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
