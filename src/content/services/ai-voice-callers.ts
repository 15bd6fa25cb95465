import type { Card, ClosingCopy, ServiceHeroCopy, ServiceMeta } from "./types";

export const meta: ServiceMeta = {
  slug: "ai-voice-callers",
  title: "AI Voice Callers",
  description:
    "AI voice agents that answer every call, book appointments, follow up on leads and speak naturally, for real estate, restaurants, clinics and trade services. Hear a demo call.",
};

export const hero: ServiceHeroCopy = {
  eyebrow: "AI Voice Callers",
  title: "Never Miss Another Call",
  lead: "A natural-sounding voice agent that picks up on the first ring, answers questions, books appointments and follows up, day and night.",
  cta: "Book a Voice Bot Demo",
};

export const howTitle = "How It Works";

export const how: Card[] = [
  { icon: "phone", title: "It Picks Up", text: "Every call is answered on the first ring, even when your lines are busy or the office is closed." },
  { icon: "chat", title: "It Understands", text: "The agent listens, asks follow-up questions and answers from your own information." },
  { icon: "calendar", title: "It Gets It Done", text: "It books the appointment, updates your calendar and CRM, and sends you a summary." },
];

export const benefitsTitle = "Why businesses switch";

export const benefits: string[] = [
  "Answers every call, 24 hours a day, 7 days a week",
  "Books appointments straight into your calendar",
  "Follows up on missed calls and new leads within minutes",
  "Speaks naturally and stays polite on the busiest day",
  "Costs a fraction of a full-time receptionist",
];

export const useCasesTitle = "Use cases";

export const useCases: Card[] = [
  { icon: "building", title: "Real Estate", text: "Qualify buyers and tenants and book viewings from listing enquiries." },
  { icon: "utensils", title: "Restaurants", text: "Take reservations, answer menu questions and confirm tables." },
  { icon: "stethoscope", title: "Medical Clinics", text: "Book, move and remind patients of appointments, politely and accurately." },
  { icon: "wrench", title: "Trade Services", text: "Capture job details and schedule call-outs while you are on site." },
];

export const closing: ClosingCopy = {
  title: "Let your phone answer itself",
  text: "Hear a voice agent built for your business on a short demo call.",
  label: "Get Started with AI Voice Calls",
};
