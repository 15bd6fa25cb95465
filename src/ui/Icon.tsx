import { iconPaths, type IconName } from "../lib/icons";
import StrokeIcon from "./StrokeIcon";

interface IconProps {
  name: IconName;
  className?: string;
}

/** An icon of the marketing site's set (src/lib/icons.ts). */
export default function Icon({ name, className }: IconProps) {
  return <StrokeIcon d={iconPaths[name]} className={className} />;
}
