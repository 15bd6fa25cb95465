import { site } from "../../site.config";
import type { BookRefusal, CancelRefusal } from "./sharedBookings";

const { horizonDays } = site.booking;

/** What the booking and manage pages say when the shared bookings refuse something. */
export const bookingMessages = {
  /** Another visitor took the slot between the page's last look and this submit. */
  slotTaken: "That time has just been booked. Please choose another.",
  refusals: {
    slot_taken: "That time has just been booked. Please choose another.",
    // One sentence for the client limit and the e-mail cap alike: it never tells whether an address holds bookings.
    too_many_bookings: `We cannot take another online booking from you just now. Please e-mail us at ${site.email} with two or three times that suit you, and we will confirm one.`,
    day_full: `We have taken all the online bookings we can for today. Please e-mail us at ${site.email}, or try again tomorrow.`,
    beyond_horizon: `Bookings open up to ${String(horizonDays)} days ahead. Please choose an earlier day.`,
    past_slot: "That time has already started. Please choose another.",
    not_a_slot: "That time is not one we offer. Please choose another.",
    weekend: "Calls are booked on weekdays only. Please choose another day.",
    invalid: "Some of your details were refused. Please check the name, e-mail addresses and message.",
  } satisfies Record<BookRefusal, string>,
  /** The slot list could not ask which times are taken. */
  availabilityUnknown: "We could not check which times are already taken. You can still book: a taken time is refused when you confirm.",
  cancelRefusals: {
    unknown_token: "This manage link is not valid. Please use the whole link from your booking confirmation.",
    already_cancelled: "This booking was already cancelled.",
    past_slot: "This call has already started, so it can no longer be cancelled here.",
  } satisfies Record<CancelRefusal, string>,
} as const;
