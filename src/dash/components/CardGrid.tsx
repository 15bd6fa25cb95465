import type { ReactNode } from "react";
import type { DashIconName } from "../icons";
import EmptyState from "./EmptyState";

interface CardGridProps {
  /** How many cards there are: none shows the empty state. */
  count: number;
  empty: { icon: DashIconName; title: string; hint: string };
  /** Names the list when the page has more than one. */
  label?: string;
  children: ReactNode;
}

/** A screen's cards in a responsive grid, or its empty state. */
export default function CardGrid({ count, empty, label, children }: CardGridProps) {
  if (count === 0) return <EmptyState {...empty} />;
  return (
    <ul aria-label={label} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {children}
    </ul>
  );
}
