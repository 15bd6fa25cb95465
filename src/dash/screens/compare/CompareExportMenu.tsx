import type { RedlineBlock } from "../../../lib/compare/redlineBlocks";
import type { PlacedComparison } from "../../../lib/compare/versions";
import { showToast } from "../../../stores/toasts";
import MenuButton from "../../../ui/MenuButton";
import DashIcon from "../../components/DashIcon";
import { downloadBlob, downloadText } from "../../downloadText";

interface CompareExportMenuProps {
  titleA: string;
  titleB: string;
  comparison: PlacedComparison;
  redline: RedlineBlock[];
  author: string;
  now: () => Date;
}

/** Export: the redline as Word with tracked changes, or the change summary as CSV or Markdown; the code loads on the click. */
export default function CompareExportMenu({ titleA, titleB, comparison, redline, author, now }: CompareExportMenuProps) {
  const run = async (what: "docx" | "csv" | "md") => {
    try {
      const summary = await import("../../../lib/compare/summary");
      if (what === "csv") return downloadText(summary.compareFileName(titleB, "changes", "csv"), summary.summaryCsv(comparison.changes), "text/csv");
      if (what === "md") return downloadText(summary.compareFileName(titleB, "changes", "md"), summary.summaryMarkdown(titleA, titleB, comparison.counts, comparison.changes));
      const { redlineDocx } = await import("../../../lib/compare/redline");
      downloadBlob(summary.compareFileName(titleB, "redline", "docx"), await redlineDocx(`${titleB} (changes from ${titleA})`, redline, { author, date: now().toISOString().replace(/\.\d{3}Z$/, "Z") }));
    } catch {
      showToast({ title: "Export failed", description: "The file could not be made. Try again.", variant: "destructive" });
    }
  };
  return (
    <MenuButton
      label="Export"
      className="btn-small"
      items={[
        { label: "Redline, Word (.docx)", onSelect: () => void run("docx") },
        { label: "Change summary, CSV (.csv)", onSelect: () => void run("csv") },
        { label: "Change summary, Markdown (.md)", onSelect: () => void run("md") },
      ]}
    >
      <DashIcon name="download" className="size-4" />
      Export
    </MenuButton>
  );
}
