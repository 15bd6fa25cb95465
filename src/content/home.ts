import type { IconName } from "../lib/icons";

/** Copy of the home page sections, kept apart from markup. */
export const hero = {
  eyebrow: "AI automation agency · Paphos, Cyprus",
  title: "Put your busywork on autopilot with AI",
  lead: "We build chatbots, voice agents and automated workflows that answer customers, move data and book meetings while your team gets on with the work that matters.",
  primaryCta: "Book a Free Discovery Call",
  voiceCta: "Talk to the product (AI Voice)",
  explore: "Explore More",
} as const;

export interface Feature {
  icon: IconName;
  title: string;
  text: string;
}

export const features: Feature[] = [
  { icon: "chat", title: "AI Chatbots", text: "Answer questions, qualify leads and take bookings on your website, day and night." },
  { icon: "phone", title: "AI Voice Agents", text: "Natural-sounding callers that pick up, follow up and confirm appointments." },
  { icon: "workflow", title: "Workflow Automation", text: "Intake, extraction, routing and alerts handled without copy and paste." },
  { icon: "mail", title: "Email Automation", text: "Sequences that feel personal and go out at exactly the right moment." },
  { icon: "file", title: "Document Parsing", text: "Invoices, contracts and forms read, classified and filed automatically." },
  { icon: "plug", title: "System Integrations", text: "Your CRM, inbox, shop and internal tools finally talking to each other." },
];

export interface Step {
  title: string;
  text: string;
}

export const howItWorks: Step[] = [
  { title: "Discovery Call", text: "A short call to learn how your business runs and where the hours go." },
  { title: "AI-Powered Solutions", text: "We map the tasks AI can take over and show you what it would look like." },
  { title: "Custom Build", text: "We build the automations around your tools, your tone and your rules." },
  { title: "Seamless Implementation", text: "We connect everything, test it with your team and go live without disruption." },
  { title: "Scale & Optimize", text: "We measure the results and keep improving as your business grows." },
];

export interface Testimonial {
  quote: string;
  author: string;
  role: string;
  rating: number;
}

export const testimonials: Testimonial[] = [
  {
    quote:
      "Our phones used to ring off the hook during lunch service. The voice agent now takes every booking, and our staff can finally focus on the guests in front of them.",
    author: "Elena Georgiou",
    role: "Owner, seaside restaurant in Paphos",
    rating: 5,
  },
  {
    quote:
      "Incoming documents are classified and filed before anyone opens them. What used to take two people a full morning now happens on its own.",
    author: "Andreas Christou",
    role: "Operations Manager, property agency",
    rating: 5,
  },
];

export const closingCta = {
  title: "Ready to see what AI can take off your plate?",
  text: "Book a free call and leave with a concrete plan for your first automation.",
  cta: "Book a Free Discovery Call",
  points: ["30-minute consultation", "No commitment required"],
} as const;

export const getInTouch = {
  title: "Get in Touch",
  text: "Tell us what slows your team down. We reply within one business day.",
} as const;
