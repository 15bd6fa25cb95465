import { useId } from "react";
import type { DiffPart } from "../../../lib/compare/compare";
import type { PlacedChange } from "../../../lib/compare/versions";
import { CHANGE_LABELS, changeTitle } from "../../../lib/compare/summary";
import DiffText from "./DiffText";

export type Side = "a" | "b";

interface ChangeItemProps {
  change: PlacedChange;
  position: string;
  current: boolean;
  /** The side a narrow screen shows (a wide one shows both). */
  side: Side;
  onOpen: (change: PlacedChange, side: Side) => void;
  onSelect: () => void;
}

const whole = (kind: DiffPart["kind"], text: string | undefined): DiffPart[] => (text ? [{ kind, text }] : []);

/** One change: its kind, clause and pages, A's words beside B's, and buttons that open either version at its page. */
export default function ChangeItem({ change, position, current, side, onOpen, onSelect }: ChangeItemProps) {
  const partsA = change.kind === "removed" ? whole("del", change.a?.text) : change.parts;
  const partsB = change.kind === "added" ? whole("ins", change.b?.text) : change.parts;
  const column = (which: Side) => `${side === which ? "block" : "hidden"} md:block min-w-0`;
  const titleId = useId();
  return (
    <li aria-labelledby={titleId} aria-current={current ? "true" : undefined} onFocusCapture={onSelect} className={`dash-card scroll-mt-4 ${current ? "ring-2 ring-accent" : ""}`}>
      <h3 id={titleId} className="flex flex-wrap items-baseline gap-2 font-semibold">
        <span className="text-xs tracking-wide text-muted uppercase">
          {position} · {CHANGE_LABELS[change.kind]}
          {!change.substantive && " · form only"}
        </span>
        <span>{changeTitle(change)}</span>
      </h3>
      <div className="grid gap-4 md:grid-cols-2">
        {(["a", "b"] as const).map((which) => {
          const clause = change[which];
          return (
            <section key={which} aria-label={which === "a" ? "Version A" : "Version B"} className={column(which)}>
              <p className="mb-1 text-xs text-muted">{which === "a" ? "Version A" : "Version B"}</p>
              {clause ? <DiffText parts={which === "a" ? partsA : partsB} side={which} /> : <p className="text-sm text-muted italic">Not in this version.</p>}
              {clause && (
                <button type="button" className="btn-small mt-2" onClick={() => onOpen(change, which)} aria-describedby={titleId}>
                  Open {which === "a" ? "A" : "B"} at p. {clause.page}
                </button>
              )}
            </section>
          );
        })}
      </div>
    </li>
  );
}
