import { useEffect, useId, useRef, useState } from "react";
import type { StepDemoCopy } from "../../content/services/types";
import { IDLE_STATE, STEP_DEMO_TIMING, createDemoRun, type DemoRun } from "../../lib/demos/timeline";
import Icon from "../../ui/Icon";
import StatusBadge from "./StatusBadge";

interface StepDemoProps {
  copy: StepDemoCopy;
}

/** A simulated run through a service's steps (AI workflow, document processing): timers only, no server calls. */
export default function StepDemo({ copy }: StepDemoProps) {
  const [state, setState] = useState(IDLE_STATE);
  const runRef = useRef<DemoRun | null>(null);
  const listId = useId();

  useEffect(() => {
    const run = createDemoRun({ ...STEP_DEMO_TIMING, steps: copy.steps.length }, setState);
    runRef.current = run;
    return run.dispose;
  }, [copy.steps.length]);

  const running = state.status === "running";
  const hint = copy.hint && (running ? copy.hint.running : copy.hint.idle);

  return (
    <div className="rounded-3xl border border-line bg-surface/90 p-6 sm:p-8">
      <div className="flex flex-col items-start justify-between gap-4 sm:flex-row sm:items-center">
        <StatusBadge status={state.status} label={copy.status[state.status]} />
        {/* aria-disabled rather than disabled: the button keeps keyboard focus during a run; the run ignores the press. */}
        <button
          type="button"
          className="btn-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          aria-disabled={running}
          aria-controls={listId}
          onClick={() => runRef.current?.start()}
        >
          <Icon name={running ? "clock" : "play"} className="size-4" />
          {running && copy.busyButton ? copy.busyButton : copy.button}
        </button>
      </div>
      {hint && <p className="mt-4 text-sm text-muted">{hint}</p>}
      <ol id={listId} className="mt-6 space-y-3" aria-label={`${copy.title}: steps`}>
        {copy.steps.map((step, i) => {
          const reached = i < state.reached;
          const current = running && i === state.reached - 1;
          return (
            <li
              key={step.title}
              aria-current={current ? "step" : undefined}
              className={`flex gap-4 rounded-2xl border p-4 transition-colors duration-500 ${
                reached ? "border-accent/60 bg-accent/10" : "border-line bg-surface-2/60"
              }`}
            >
              <span
                aria-hidden="true"
                className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                  reached ? "bg-accent text-black" : "bg-surface text-muted"
                }`}
              >
                {reached ? <Icon name="check" className="size-4" /> : i + 1}
              </span>
              <div>
                <p className={`font-semibold ${reached ? "text-ink" : "text-muted"}`}>
                  {step.title}
                  <span className="sr-only">{reached ? " (done)" : " (waiting)"}</span>
                </p>
                {reached && <p className="mt-1 text-sm text-muted">{step.text}</p>}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
