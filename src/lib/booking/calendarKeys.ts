import { addDays, addMonths, weekdayIndex } from "./calendarDates";

/**
 * Where focus moves in the date grid for a key, as the WAI-ARIA date picker pattern describes:
 * arrows by day and week, Home/End to the start/end of the week, PageUp/PageDown by month
 * (with Shift by year). Never before `minDate` nor after `maxDate` (the horizon); null when the key is not a grid key.
 */
export function nextFocusDate(key: string, shiftKey: boolean, current: string, minDate: string, maxDate: string): string | null {
  let next: string;
  switch (key) {
    case "ArrowRight":
      next = addDays(current, 1);
      break;
    case "ArrowLeft":
      next = addDays(current, -1);
      break;
    case "ArrowDown":
      next = addDays(current, 7);
      break;
    case "ArrowUp":
      next = addDays(current, -7);
      break;
    case "Home":
      next = addDays(current, -weekdayIndex(current));
      break;
    case "End":
      next = addDays(current, 6 - weekdayIndex(current));
      break;
    case "PageUp":
      next = addMonths(current, shiftKey ? -12 : -1);
      break;
    case "PageDown":
      next = addMonths(current, shiftKey ? 12 : 1);
      break;
    default:
      return null;
  }
  return next < minDate ? minDate : next > maxDate ? maxDate : next;
}

/** Keys that choose the focused date. */
export function isSelectKey(key: string): boolean {
  return key === "Enter" || key === " ";
}
