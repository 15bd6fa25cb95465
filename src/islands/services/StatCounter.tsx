import { useEffect, useRef, useState } from "react";
import { startCountUp } from "../../lib/demos/countUp";

interface StatCounterProps {
  value: number;
  prefix?: string;
  suffix?: string;
}

/**
 * A stat that counts up from 0 the first time it scrolls into view. The server renders the final
 * value (search engines and no-JS readers see it); assistive technology always reads the final value.
 */
export default function StatCounter({ value, prefix = "", suffix = "" }: StatCounterProps) {
  const [shown, setShown] = useState(value);
  const ref = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return undefined;
    let cancel: (() => void) | undefined;
    const observer = new IntersectionObserver((entries) => {
      // Still out of view: wait at 0, so the count starts from the bottom when it comes into view.
      if (!entries.some((e) => e.isIntersecting)) {
        setShown(0);
        return;
      }
      observer.disconnect();
      cancel = startCountUp(value, setShown);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancel?.();
    };
  }, [value]);

  const final = `${prefix}${value}${suffix}`;
  return (
    <span ref={ref} className="inline-grid tabular-nums">
      {/* The final value reserves the width, so counting never shifts the layout. */}
      <span className="invisible col-start-1 row-start-1" aria-hidden="true">
        {final}
      </span>
      <span className="col-start-1 row-start-1 text-end" aria-hidden="true" data-testid="stat-count">
        {`${prefix}${shown}${suffix}`}
      </span>
      <span className="sr-only">{final}</span>
    </span>
  );
}
