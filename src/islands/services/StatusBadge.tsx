import type { DemoStatus } from "../../lib/demos/timeline";

// Specification: red dot when ready, orange while processing, green when complete.
const DOT: Record<DemoStatus, string> = {
  stopped: "bg-[#ef4444]",
  running: "bg-[#f97316] motion-safe:animate-pulse",
  complete: "bg-[#22c55e]",
};

interface StatusBadgeProps {
  status: DemoStatus;
  label: string;
}

/** A demo's status: a coloured dot and its label, announced politely when it changes. */
export default function StatusBadge({ status, label }: StatusBadgeProps) {
  return (
    <p role="status" className="inline-flex items-center gap-2 rounded-full border border-line bg-surface-2 px-4 py-2 text-sm font-medium">
      <span aria-hidden="true" data-testid="status-dot" data-status={status} className={`size-2.5 rounded-full ${DOT[status]}`} />
      <span className="sr-only">Status: </span>
      {label}
    </p>
  );
}
