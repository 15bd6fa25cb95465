import { useEffect, useRef, type KeyboardEvent } from "react";
import { WEEKDAYS, monthWeeks } from "../../lib/booking/calendarDates";
import { isSelectKey, nextFocusDate } from "../../lib/booking/calendarKeys";
import { formatLongDate } from "../../lib/booking/zonedTime";

interface CalendarGridProps {
  labelledBy: string;
  /** "YYYY-MM" of the month shown. */
  month: string;
  today: string;
  /** The horizon: focus goes no further. */
  lastDate: string;
  /** The one day in the tab order (roving tabindex). */
  focusDate: string;
  selected: string | null;
  isBookable: (date: string) => boolean;
  onMove: (date: string) => void;
  onSelect: (date: string) => void;
}

/** The WAI-ARIA date grid: one tab stop, arrows/Home/End/PageUp/PageDown move, Enter or Space chooses. */
export default function CalendarGrid({ labelledBy, month, today, lastDate, focusDate, selected, isBookable, onMove, onSelect }: CalendarGridProps) {
  const cells = useRef(new Map<string, HTMLTableCellElement>());
  const moved = useRef(false);

  // Focus follows the keyboard only; a month shown by the buttons keeps focus on the button.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    cells.current.get(focusDate)?.focus();
  }, [focusDate]);

  const choose = (date: string) => {
    onMove(date);
    if (isBookable(date)) onSelect(date);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableCellElement>, date: string) => {
    if (isSelectKey(event.key)) {
      event.preventDefault();
      choose(date);
      return;
    }
    const next = nextFocusDate(event.key, event.shiftKey, date, today, lastDate);
    if (next === null) return;
    event.preventDefault();
    if (next === date) return;
    moved.current = true;
    onMove(next);
  };

  return (
    <table role="grid" aria-labelledby={labelledBy} className="w-full border-collapse text-center">
      <thead>
        <tr>
          {WEEKDAYS.map(([long, short]) => (
            <th key={long} scope="col" abbr={long} className="pb-2 text-xs font-medium text-muted">
              {short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(`${month}-01`).map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((date, i) => {
              if (!date) return <td key={`blank-${i}`} role="gridcell" />;
              const bookable = isBookable(date);
              const isSelected = date === selected;
              return (
                <td
                  key={date}
                  ref={(el) => {
                    if (el) cells.current.set(date, el);
                    else cells.current.delete(date);
                  }}
                  role="gridcell"
                  tabIndex={date === focusDate ? 0 : -1}
                  aria-label={formatLongDate(date)}
                  aria-selected={isSelected}
                  aria-disabled={bookable ? undefined : true}
                  aria-current={date === today ? "date" : undefined}
                  onClick={() => choose(date)}
                  onKeyDown={(event) => onKeyDown(event, date)}
                  className={`size-11 rounded-lg p-0 text-sm select-none ${
                    isSelected
                      ? "bg-white font-semibold text-black"
                      : bookable
                        ? "cursor-pointer text-ink hover:bg-surface-2"
                        : "cursor-not-allowed text-neutral-500 line-through"
                  } ${date === today && !isSelected ? "ring-1 ring-accent ring-inset" : ""}`}
                >
                  {Number(date.slice(8))}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
