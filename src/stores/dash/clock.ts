import { createClock } from "../../lib/dash/clock";

/** The one clock every timed simulation of the workspace (uploads, re-index) derives its state from. */
export const clock = createClock();

/** A fresh id for a new record. */
export const newRecordId = (): string => crypto.randomUUID();
