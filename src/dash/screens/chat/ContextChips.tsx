import { useStore } from "@nanostores/react";
import { $chips, removeChip } from "../../../stores/dash/chat";
import DashIcon from "../../components/DashIcon";
import ChipIcon from "./ChipIcon";
import { focusMessageInput } from "./messageInput";

/** The knowledge items, documents and cases the next question is about; each removable by its button. */
export default function ContextChips() {
  const chips = useStore($chips);
  if (!chips.length) return null;
  return (
    <ul aria-label="Context" className="flex flex-wrap gap-2 px-3 pt-3">
      {chips.map((chip) => (
        <li key={`${chip.type}:${chip.id}`} className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-line bg-surface-2 py-1 pr-1 pl-3 text-xs text-ink">
          <ChipIcon type={chip.type} />
          <span className="truncate">{chip.label}</span>
          <button
            type="button"
            aria-label={`Remove ${chip.label}`}
            onClick={() => {
              removeChip(chip);
              focusMessageInput();
            }}
            className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-ink"
          >
            <DashIcon name="close" className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
