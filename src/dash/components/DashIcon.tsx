import StrokeIcon from "../../ui/StrokeIcon";
import { dashIconPaths, type DashIconName } from "../icons";

interface DashIconProps {
  name: DashIconName;
  className?: string;
}

/** An icon of the workspace's set (src/dash/icons.ts). */
export default function DashIcon({ name, className }: DashIconProps) {
  return <StrokeIcon d={dashIconPaths[name]} className={className} />;
}
