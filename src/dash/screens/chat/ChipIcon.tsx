import type { ChipType } from "../../../lib/dash/chips";
import DashIcon from "../../components/DashIcon";
import type { DashIconName } from "../../icons";

const ICONS: Record<ChipType, DashIconName> = { knowledge: "book", document: "file", case: "briefcase" };

/** The icon of a context chip's type. */
export default function ChipIcon({ type }: { type: ChipType }) {
  return <DashIcon name={ICONS[type]} className="size-3.5 shrink-0" />;
}
