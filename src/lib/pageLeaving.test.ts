import { describe, expect, it } from "vitest";
import { leaveGuard } from "./pageLeaving";

/** Whether leaving the page would ask first: a beforeunload event that a listener cancels. */
const asks = (win: EventTarget): boolean => {
  const event = new Event("beforeunload", { cancelable: true });
  win.dispatchEvent(event);
  return event.defaultPrevented;
};

describe("the guard on leaving the page", () => {
  it("asks first while on, and has no listener at all while off", () => {
    const win = new EventTarget();
    const added: string[] = [];
    const add = win.addEventListener.bind(win);
    win.addEventListener = (type: string, ...rest: [EventListenerOrEventListenerObject | null, (boolean | AddEventListenerOptions)?]) => {
      added.push(type);
      add(type, ...rest);
    };
    const guard = leaveGuard(win as unknown as Window);
    expect(asks(win)).toBe(false);
    guard(true);
    guard(true);
    expect(asks(win)).toBe(true);
    expect(added).toEqual(["beforeunload"]);
    guard(false);
    expect(asks(win)).toBe(false);
    guard(true);
    expect(asks(win)).toBe(true);
    guard(false);
    expect(asks(win)).toBe(false);
  });

  it("does nothing without a window (the server's build)", () => {
    expect(() => leaveGuard(undefined)(true)).not.toThrow();
  });
});
