import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";

interface FilterTabsProps<T extends string> {
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  /** The filtered results: the tab panel. */
  children: ReactNode;
}

const NEXT: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/** Filter tabs as WAI-ARIA tabs: one tab stop, arrow keys, Home and End move and select; the results are the panel. */
export default function FilterTabs<T extends string>({ label, tabs, value, onChange, children }: FilterTabsProps<T>) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = Math.max(0, tabs.findIndex((tab) => tab.value === value));

  const onKeyDown = (event: KeyboardEvent) => {
    const move = NEXT[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(selected, tabs.length);
    onChange(tabs[next]!.value);
    refs.current[next]?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label={label} className="flex w-fit flex-wrap gap-1 rounded-xl border border-line bg-surface p-1">
        {tabs.map((tab, index) => (
          <button
            key={tab.value}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.value}`}
            aria-selected={index === selected}
            aria-controls={`${id}-panel`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={onKeyDown}
            className="rounded-lg px-3 py-1.5 text-sm font-medium text-muted hover:text-ink aria-selected:bg-surface-2 aria-selected:text-ink"
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tabs[selected]!.value}`}>
        {children}
      </div>
    </div>
  );
}
