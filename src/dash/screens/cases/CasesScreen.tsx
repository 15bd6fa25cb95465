import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { CASE_FILTERS } from "../../../lib/dash/cases";
import { $caseCards, type CaseCard as CaseCardData } from "../../../stores/dash/caseCards";
import { $caseFilter, $caseQuery, setCaseFilter, setCaseQuery } from "../../../stores/dash/cases";
import { deleteCaseWithDocuments, type CaseDocumentsChoice } from "../../../stores/dash/deleteCase";
import { openCaseInChat } from "../../../stores/dash/openInChat";
import { readSamples } from "../../../stores/dash/uploads";
import ConfirmDialog from "../../../ui/ConfirmDialog";
import DashIcon from "../../components/DashIcon";
import CardGrid from "../../components/CardGrid";
import FilterTabs from "../../components/FilterTabs";
import ScreenHeader from "../../components/ScreenHeader";
import SearchField from "../../components/SearchField";
import { useOpenInChat } from "../../components/useOpenInChat";
import CaseCard from "./CaseCard";
import CaseViewDialog from "./CaseViewDialog";
import NewCaseDialog from "./NewCaseDialog";
import CaseAccessDialog from "./CaseAccessDialog";
import { isDemoMode } from "../../../lib/auth/config";
import { $firm, firm } from "../../../stores/dash/firm";

/** The firm's cases: search, status tabs, create, view with its documents, delete with confirmation. */
export default function CasesScreen() {
  const cases = useStore($caseCards);
  const query = useStore($caseQuery);
  const filter = useStore($caseFilter);
  const openInChat = useOpenInChat(openCaseInChat);
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<CaseCardData | null>(null);
  const [deleting, setDeleting] = useState<CaseCardData | null>(null);
  const [documents, setDocuments] = useState<CaseDocumentsChoice>("keep");
  const [access, setAccess] = useState<CaseCardData | null>(null);
  const view = useStore($firm);
  // The case view lists each case's documents with their status: the samples are read from here on.
  useEffect(readSamples, []);
  // On the firm's Supabase, the cards show each case's members and who changed it last.
  useEffect(() => {
    if (isDemoMode) return;
    void firm.load();
    void firm.loadCaseMembers();
  }, []);
  const count = deleting?.documents ?? 0;
  const startDeleting = (item: CaseCardData) => {
    setDocuments("keep");
    setDeleting(item);
  };

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader>
        <button type="button" onClick={() => setCreating(true)} className="btn-primary px-4 py-2 text-sm">
          <DashIcon name="plus" className="size-4" />
          New Case
        </button>
      </ScreenHeader>
      <SearchField label="Search cases by title or docket" placeholder="Search by title or docket..." value={query} onChange={setCaseQuery} />
      <FilterTabs label="Case status" tabs={CASE_FILTERS} value={filter} onChange={setCaseFilter}>
        <CardGrid count={cases.length} empty={{ icon: "briefcase", title: "No cases found", hint: "Try another search or status." }}>
          {cases.map((item) => {
            const manages = isDemoMode || item.owner === undefined || (view.state === "ready" && view.me === "admin");
            return (
              <CaseCard
                key={`${item.owner ?? ""}|${item.id}`}
                item={item}
                team={!isDemoMode}
                onOpenInChat={openInChat}
                onView={setViewing}
                onDelete={manages ? startDeleting : undefined}
                onAccess={manages && !isDemoMode ? setAccess : undefined}
              />
            );
          })}
        </CardGrid>
      </FilterTabs>
      <NewCaseDialog open={creating} onClose={() => setCreating(false)} />
      <CaseViewDialog item={viewing} onClose={() => setViewing(null)} />
      {!isDemoMode && <CaseAccessDialog item={access} onClose={() => setAccess(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this case?"
        description={
          count === 0
            ? `"${deleting?.title ?? ""}" will be removed from your cases. It has no documents.`
            : `"${deleting?.title ?? ""}" will be removed from your cases. What happens to its ${count === 1 ? "document" : `${String(count)} documents`}?`
        }
        confirmLabel="Delete Case"
        onConfirm={() => deleting && void deleteCaseWithDocuments(deleting.id, count === 0 ? "keep" : documents)}
        onClose={() => setDeleting(null)}
      >
        {count > 0 && (
          <fieldset className="mt-4 flex flex-col gap-2 text-sm">
            <legend className="sr-only">Its documents</legend>
            <label className="flex items-start gap-2">
              <input type="radio" name="case-documents" value="keep" checked={documents === "keep"} onChange={() => setDocuments("keep")} className="mt-1" />
              <span>Keep them in Files, still filed under this case's name</span>
            </label>
            <label className="flex items-start gap-2">
              <input type="radio" name="case-documents" value="delete" checked={documents === "delete"} onChange={() => setDocuments("delete")} className="mt-1" />
              <span>Delete them too: their files, text and records</span>
            </label>
          </fieldset>
        )}
      </ConfirmDialog>
    </div>
  );
}
