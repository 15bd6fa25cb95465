import DashIcon from "./DashIcon";
import type { DashIconName } from "../icons";

interface EmptyStateProps {
  icon: DashIconName;
  title: string;
  hint?: string;
}

/** What a list shows when nothing matches. */
export default function EmptyState({ icon, title, hint }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-6 py-12 text-center">
      <DashIcon name={icon} className="size-8 text-muted" />
      <p className="font-semibold">{title}</p>
      {hint && <p className="text-sm text-muted">{hint}</p>}
    </div>
  );
}
