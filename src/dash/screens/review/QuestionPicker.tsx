import { useId, useState } from "react";
import { newColumn } from "../../../lib/review/grid";
import { PRESET_GROUPS, PRESETS, type Preset } from "../../../lib/review/presets";
import { MAX_QUESTION_CHARS, MAX_REVIEW_QUESTIONS, type ReviewColumn } from "../../../lib/review/review";
import { newRecordId } from "../../../stores/dash/clock";
import DashIcon from "../../components/DashIcon";

interface QuestionPickerProps {
  value: readonly ReviewColumn[];
  onChange: (columns: ReviewColumn[]) => void;
  /** Questions the review already asks: shown as such. */
  taken?: readonly ReviewColumn[];
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Picks the questions (the columns): presets of contract clauses by group, or typed; 30 at most. */
export default function QuestionPicker({ value, onChange, taken = [] }: QuestionPickerProps) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const room = MAX_REVIEW_QUESTIONS - taken.length;
  const asked = (question: string) => [...value, ...taken].some((c) => same(c.question, question));
  const full = value.length >= room;
  const togglePreset = (preset: Preset, on: boolean) => {
    if (!on) return onChange(value.filter((c) => !same(c.question, preset.question)));
    const column = newColumn(newRecordId(), preset.question, preset.label);
    if (column && !full) onChange([...value, column]);
  };
  const addTyped = () => {
    const column = newColumn(newRecordId(), typed);
    if (!column || full || asked(column.question)) return;
    onChange([...value, column]);
    setTyped("");
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="field-label">Questions</legend>
      <p id={`${id}-count`} className="text-sm text-muted" aria-live="polite">
        {value.length} of at most {room} picked. Each question is a column.
      </p>
      <div className="flex flex-col gap-2">
        {PRESET_GROUPS.map((group, index) => (
          <details key={group} open={index === 0} className="rounded-lg border border-line">
            <summary className="cursor-pointer px-3 py-2 text-sm font-medium">{group}</summary>
            <div className="grid gap-1 px-3 pb-3 sm:grid-cols-2">
              {(PRESETS.get(group) ?? []).map((preset) => {
                const inReview = taken.some((c) => same(c.question, preset.question));
                const checked = inReview || value.some((c) => same(c.question, preset.question));
                return (
                  <div key={preset.id}>
                    <label className="flex items-start gap-2 text-sm" title={preset.question}>
                      <input
                        type="checkbox"
                        className="mt-1"
                        checked={checked}
                        disabled={inReview || (full && !checked)}
                        aria-describedby={`${id}-${preset.id}`}
                        onChange={(event) => togglePreset(preset, event.target.checked)}
                      />
                      {preset.label}
                    </label>
                    <span id={`${id}-${preset.id}`} className="sr-only">
                      {preset.question}
                    </span>
                  </div>
                );
              })}
            </div>
          </details>
        ))}
      </div>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor={`${id}-typed`} className="field-label">
            Or type a question
          </label>
          <input
            id={`${id}-typed`}
            className="field-input py-2"
            value={typed}
            maxLength={MAX_QUESTION_CHARS}
            placeholder="When can the tenant break the lease?"
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault();
              addTyped();
            }}
          />
        </div>
        <button type="button" className="btn-small py-2.5" onClick={addTyped} disabled={typed.trim() === "" || full}>
          <DashIcon name="plus" className="size-4" />
          Add question
        </button>
      </div>
      {value.length > 0 && (
        <ol aria-label="Questions picked" className="flex flex-col gap-1 text-sm">
          {value.map((column) => (
            <li key={column.id} className="flex items-center justify-between gap-2 rounded-md bg-surface-2 px-3 py-1.5">
              <span>
                <span className="font-medium">{column.label}</span>
                <span className="text-muted">: {column.question}</span>
              </span>
              <button type="button" className="btn-small px-2 py-1" aria-label={`Remove ${column.label}`} onClick={() => onChange(value.filter((c) => c.id !== column.id))}>
                <DashIcon name="close" className="size-3.5" />
              </button>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
