import { useEffect, useState } from "react";
import { formatSizeMb } from "../../../lib/dash/uploads";
import { storageEstimate } from "../../../stores/dash/documentsDb";
import SettingsSection from "./SettingsSection";

/** Megabytes with one decimal, or gigabytes past 1,024 MB. */
const size = (bytes: number) => (bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : formatSizeMb(bytes));

/** How much this browser holds for the workspace (documents included) and how much room is left, as the browser says. */
export default function StorageSection() {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    storageEstimate().then(
      (value) => live && setEstimate(value),
      () => live && setEstimate(null),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <SettingsSection title="Storage in this browser" description="Your uploaded documents and their text are kept in this browser, for this account.">
      <p className="text-sm" aria-live="polite">
        {estimate === undefined
          ? "Measuring…"
          : estimate === null
            ? "This browser does not say how much it holds."
            : `This browser holds ${size(estimate.usage)} for the workspace; ${size(Math.max(0, estimate.quota - estimate.usage))} more is available.`}
      </p>
    </SettingsSection>
  );
}
