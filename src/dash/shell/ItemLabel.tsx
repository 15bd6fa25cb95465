import DashIcon from "../components/DashIcon";
import type { DashIconName } from "../icons";

interface ItemLabelProps {
  icon: DashIconName;
  label: string;
  /** Icon only: the label stays the accessible name and shows as a tooltip on hover and keyboard focus. */
  collapsed: boolean;
}

/** The icon and label of a sidebar item; its parent is `group relative`. */
export default function ItemLabel({ icon, label, collapsed }: ItemLabelProps) {
  return (
    <>
      <DashIcon name={icon} className="size-5 shrink-0" />
      <span className={collapsed ? "sr-only" : "truncate"}>{label}</span>
      {collapsed && (
        <span
          aria-hidden="true"
          className="pointer-events-none invisible absolute top-1/2 left-full z-30 ml-3 -translate-y-1/2 rounded-md bg-white px-2 py-1 text-xs font-semibold whitespace-nowrap text-black shadow-lg group-hover:visible group-focus-visible:visible"
        >
          {label}
        </span>
      )}
    </>
  );
}

/** The classes every sidebar row shares: full width, or a centred icon when collapsed. */
export const itemClass = (collapsed: boolean): string =>
  `group relative flex w-full items-center gap-3 rounded-lg py-2 text-sm font-medium text-muted hover:bg-surface-2 hover:text-ink aria-[current=page]:bg-surface-2 aria-[current=page]:text-ink ${
    collapsed ? "justify-center px-0" : "px-3"
  }`;
