import type { Card, ClosingCopy, ServiceHeroCopy, ServiceMeta, Stat } from "./types";

export const meta: ServiceMeta = {
  slug: "email-automation",
  title: "Email Automation",
  description:
    "Email automation that feels human: welcome sequences, cart recovery, reminders, re-engagement and post-purchase follow-ups written in your voice and sent at the right moment.",
};

export const hero: ServiceHeroCopy = {
  eyebrow: "Email Automation",
  title: "Email Automation That Feels Human",
  lead: "Messages in your voice, triggered by what each customer actually does, sent at the moment they are most likely to read them.",
};

export const statsLabel = "Email automation results";

export const stats: Stat[] = [
  { value: 70, suffix: "%", label: "More Sales", counts: true },
  { value: 8, suffix: "+", label: "Hours Saved", counts: true },
  { value: 91, suffix: "%", label: "Open Rate", counts: true },
];

export const useCasesTitle = "Use cases";
export const useCasesLead = "Five sequences that pay for themselves.";

export const useCases: Card[] = [
  { icon: "cart", title: "Recovery Rate", text: "Abandoned carts and unfinished bookings followed up gently until they convert." },
  { icon: "sparkles", title: "Welcome Sequences", text: "New subscribers and customers greeted, introduced and guided to a first purchase." },
  { icon: "bell", title: "Event Reminders", text: "Appointments, webinars and deadlines remembered for your customers, so fewer no-shows." },
  { icon: "refresh", title: "Re-engagement Campaigns", text: "Quiet customers won back with a timely offer before they forget you." },
  { icon: "mail", title: "Post-Purchase Follow-Ups", text: "Thank-yous, tips, review requests and the next purchase, each at the right time." },
];

export const stepsTitle = "How It Works";

export const steps: Card[] = [
  { icon: "bolt", title: "Design Your Triggers", text: "We decide together which actions start a message: a sign-up, a cart, a booking, a silence." },
  { icon: "mail", title: "Craft the Message", text: "We write each e-mail in your voice and personalise it with what we know about the reader." },
  { icon: "chart", title: "Watch It Work", text: "Sequences run by themselves; you see opens, clicks and sales, and we keep tuning them." },
];

export const closing: ClosingCopy = {
  title: "Start sending e-mails your customers want to read",
  text: "We set up your first sequence with you and you see results within weeks.",
  label: "Start Now",
};
