import { localDay } from "../../../lib/dash/dates";
import { reviewFileName, reviewSheet, sourcesSheet, toCsv } from "../../../lib/review/export";
import type { Review, ReviewCell } from "../../../lib/review/review";
import { clock } from "../../../stores/dash/clock";
import { showToast } from "../../../stores/toasts";
import MenuButton from "../../../ui/MenuButton";
import DashIcon from "../../components/DashIcon";
import { downloadBlob, downloadText } from "../../downloadText";

/** Export: the review as an Excel workbook (Review and Sources sheets) or as CSV, named after the review and the day. */
export default function ExportMenu({ review, cells }: { review: Review; cells: readonly ReviewCell[] }) {
  const day = localDay(new Date(clock.now()));
  const xlsx = async () => {
    try {
      // The spreadsheet library is loaded on this click only.
      const { reviewWorkbook } = await import("../../../lib/review/xlsx");
      downloadBlob(reviewFileName(review.title, day, "xlsx"), await reviewWorkbook(reviewSheet(review, cells), sourcesSheet(review, cells)));
    } catch {
      showToast({ title: "Export failed", description: "The workbook could not be made. Try again, or export as CSV.", variant: "destructive" });
    }
  };
  return (
    <MenuButton
      label="Export"
      className="btn-small"
      items={[
        { label: "Excel workbook (.xlsx)", onSelect: () => void xlsx() },
        { label: "CSV (.csv)", onSelect: () => downloadText(reviewFileName(review.title, day, "csv"), toCsv(reviewSheet(review, cells)), "text/csv") },
      ]}
    >
      <DashIcon name="download" className="size-4" />
      Export
    </MenuButton>
  );
}
