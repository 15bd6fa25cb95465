import type { ReactNode } from "react";
import { formatInZone } from "../../lib/booking/zonedTime";
import type { BookingConfig } from "./types";

interface ZoneTimesProps {
  start: Date;
  config: BookingConfig;
  visitorZone: string;
  className?: string;
  /** More rows of the list (a booking's status, say). */
  children?: ReactNode;
}

/** When a call is: in the schedule's zone, and in the visitor's when that reads differently. */
export default function ZoneTimes({ start, config, visitorZone, className = "", children }: ZoneTimesProps) {
  const inZone = formatInZone(start, config.timeZone);
  const local = formatInZone(start, visitorZone);
  return (
    <dl className={`space-y-3 ${className}`}>
      <div>
        <dt className="text-sm text-muted">
          {config.zoneLabel} ({config.timeZone})
        </dt>
        <dd className="text-lg font-semibold">{inZone}</dd>
      </div>
      {local !== inZone && (
        <div>
          <dt className="text-sm text-muted">Your time ({visitorZone})</dt>
          <dd className="text-lg font-semibold">{local}</dd>
        </div>
      )}
      {children}
    </dl>
  );
}
