import DashIcon from "../../components/DashIcon";

interface ReviewProgressProps {
  done: number;
  total: number;
  running: boolean;
  onStop: () => void;
  onRun: () => void;
}

/** "96 of 240 cells": a progress bar while cells are answered, with Stop; Answer the rest once stopped. */
export default function ReviewProgress({ done, total, running, onStop, onRun }: ReviewProgressProps) {
  const label = `${done.toLocaleString("en")} of ${total.toLocaleString("en")} cells`;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <progress className="h-2 min-w-40 flex-1 accent-accent" max={Math.max(total, 1)} value={done} aria-label="Cells answered" aria-valuetext={label} />
      <span className="text-sm tabular-nums">
        {label}
      </span>
      {running ? (
        <button type="button" className="btn-small" onClick={onStop}>
          <DashIcon name="stop" className="size-3.5" />
          Stop
        </button>
      ) : (
        done < total && (
          <button type="button" className="btn-small" onClick={onRun}>
            Answer the remaining {(total - done).toLocaleString("en")}
          </button>
        )
      )}
    </div>
  );
}
