import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { countChanges, visibleChanges, type PlacedChange } from "../../../lib/compare/versions";
import { countsText } from "../../../lib/compare/summary";
import ChangeItem, { type Side } from "./ChangeItem";

/** Whether a key press lands where typed characters go, or a dialog is open: n and p are then not ours. */
const notForUs = (event: KeyboardEvent) =>
  event.altKey ||
  event.ctrlKey ||
  event.metaKey ||
  document.querySelector("dialog[open]") !== null ||
  (event.target instanceof HTMLElement &&
    (event.target.isContentEditable || (/^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName) && !(event.target instanceof HTMLInputElement && /^(checkbox|radio)$/.test(event.target.type)))));

interface ChangeListProps {
  changes: readonly PlacedChange[];
  onOpen: (change: PlacedChange, side: Side) => void;
}

/**
 * The change list: its counts, the substantive filter, a Version A / Version B switch for narrow screens, and the
 * changes, stepped through with Previous / Next or the n and p keys.
 */
export default function ChangeList({ changes, onOpen }: ChangeListProps) {
  const [substantiveOnly, setSubstantiveOnly] = useState(false);
  const [side, setSide] = useState<Side>("b");
  const [current, setCurrent] = useState(0);
  const listRef = useRef<HTMLOListElement>(null);
  const id = useId();
  const shown = visibleChanges(changes, substantiveOnly);
  const at = Math.min(current, Math.max(shown.length - 1, 0));

  const go = (step: 1 | -1) => {
    const next = Math.min(Math.max(at + step, 0), shown.length - 1);
    setCurrent(next);
    const item = listRef.current?.children[next];
    if (item instanceof HTMLElement) {
      item.scrollIntoView({ block: "start" });
      item.querySelector("button")?.focus({ preventScroll: true });
    }
  };
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (notForUs(event) || (event.key !== "n" && event.key !== "p")) return;
    event.preventDefault();
    go(event.key === "n" ? 1 : -1);
  });
  useEffect(() => {
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section aria-labelledby={`${id}-counts`} className="flex flex-col gap-4">
      <h2 id={`${id}-counts`} className="text-lg font-semibold">
        {countsText(countChanges(shown))}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={substantiveOnly} onChange={(event) => setSubstantiveOnly(event.target.checked)} />
          Substantive changes only
        </label>
        <fieldset className="flex gap-3 text-sm md:hidden">
          <legend className="sr-only">Show version</legend>
          {(["a", "b"] as const).map((which) => (
            <label key={which} className="flex items-center gap-1">
              <input type="radio" name={`${id}-side`} checked={side === which} onChange={() => setSide(which)} />
              Version {which.toUpperCase()}
            </label>
          ))}
        </fieldset>
        <div className="ml-auto flex gap-2">
          <button type="button" className="btn-small" onClick={() => go(-1)} disabled={at <= 0} aria-keyshortcuts="p">
            Previous change
          </button>
          <button type="button" className="btn-small" onClick={() => go(1)} disabled={at >= shown.length - 1} aria-keyshortcuts="n">
            Next change
          </button>
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="text-muted">{changes.length ? "No substantive changes: only white space, punctuation, capitals or numbering differ." : "The two versions are the same."}</p>
      ) : (
        <ol ref={listRef} aria-label="Changes" className="flex flex-col gap-3">
          {shown.map((change, i) => (
            <ChangeItem key={`${change.kind}-${String(change.a?.index)}-${String(change.b?.index)}`} change={change} position={`${String(i + 1)} of ${String(shown.length)}`} current={i === at} side={side} onOpen={onOpen} onSelect={() => setCurrent(i)} />
          ))}
        </ol>
      )}
    </section>
  );
}
