import { iconPaths, type IconName } from "../lib/icons";

interface IconProps {
  name: IconName;
  className?: string;
}

/** Decorative stroke icon; always hidden from assistive technology (the control carries the name). */
export default function Icon({ name, className = "size-5" }: IconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={iconPaths[name]} />
    </svg>
  );
}
