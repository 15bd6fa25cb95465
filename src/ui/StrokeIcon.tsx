interface StrokeIconProps {
  /** The 24x24 path data. */
  d: string;
  className?: string | undefined;
}

/** Decorative 24x24 stroke icon; always hidden from assistive technology (the control carries the name). */
export default function StrokeIcon({ d, className = "size-5" }: StrokeIconProps) {
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
      <path d={d} />
    </svg>
  );
}
