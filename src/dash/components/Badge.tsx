import type { ReactNode } from "react";

export type BadgeTone = "neutral" | "accent" | "success" | "warning" | "danger";

const TONES: Record<BadgeTone, string> = {
  neutral: "border-line text-muted",
  accent: "border-accent/50 text-accent",
  success: "border-success/50 text-success",
  warning: "border-amber-300/50 text-amber-300",
  danger: "border-danger/50 text-danger",
};

/** A small label on a card: a type or a status. */
export default function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>{children}</span>;
}
