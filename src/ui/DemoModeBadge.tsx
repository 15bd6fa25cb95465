import { useId, useRef, useState } from "react";
import DemoModeNotice from "./DemoModeNotice";
import { usePointerDownOutside } from "./usePointerDownOutside";

/**
 * 'Demo mode' in a narrow bar: a disclosure button whose details (the whole DemoModeNotice) open on demand.
 * Escape or a click elsewhere closes them. `panelClassName` places the details (the caller knows the room).
 */
export default function DemoModeBadge({ panelClassName }: { panelClassName: string }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  usePointerDownOutside(open, [panelRef, buttonRef], () => setOpen(false));

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key !== "Escape" || !open) return;
          event.preventDefault();
          setOpen(false);
        }}
        className="shrink-0 rounded-full border border-accent/40 bg-accent/10 px-3 py-1 text-sm font-semibold whitespace-nowrap text-accent hover:bg-accent/20 aria-expanded:bg-accent/20"
      >
        Demo mode
      </button>
      <div ref={panelRef} hidden={!open} className={`z-40 rounded-lg bg-surface shadow-2xl ${panelClassName}`}>
        <DemoModeNotice id={detailsId} />
      </div>
    </>
  );
}
