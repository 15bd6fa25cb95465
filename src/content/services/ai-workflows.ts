import type { Card, ClosingCopy, ServiceHeroCopy, ServiceMeta, StepDemoCopy } from "./types";

export const meta: ServiceMeta = {
  slug: "ai-workflows",
  title: "AI Workflows",
  description:
    "AI workflow automation for small businesses: intake captured, data extracted, systems synced and the right person alerted, end to end. Watch a workflow run.",
};

export const hero: ServiceHeroCopy = {
  eyebrow: "AI Workflows",
  title: "AI Workflows That Run Your Operations",
  lead: "From the moment an enquiry lands to the moment the right person acts on it, AI agents capture, extract, sync and route every step without copy and paste.",
};

export const demo: StepDemoCopy = {
  title: "Watch an AI workflow run",
  lead: "A new enquiry from your website, handled from intake to alert. Press the button to run it.",
  button: "Run AI Workflow",
  status: { stopped: "Stopped", running: "Running", complete: "Complete" },
  steps: [
    { title: "Intake Captured", text: "A new enquiry arrives from the website form." },
    { title: "AI Extraction", text: "AI pulls out the name, budget, dates and request." },
    { title: "System Sync", text: "The details land in your CRM and spreadsheet." },
    { title: "Routing & Alert", text: "The right teammate gets the lead and an alert." },
    { title: "Complete", text: "Handled in seconds, nobody retyped a thing." },
  ],
};

export const highlightsTitle = "What every workflow we build gives you";

export const highlights: Card[] = [
  { icon: "clock", title: "Always On", text: "Enquiries are handled at 3 a.m. on a Sunday as fast as at 10 a.m. on a Tuesday." },
  { icon: "sparkles", title: "Smart Extraction", text: "AI reads free text, e-mails and attachments and turns them into clean fields." },
  { icon: "plug", title: "Connected Systems", text: "Your CRM, inbox, calendar and spreadsheets stay in step automatically." },
  { icon: "bolt", title: "Instant Routing", text: "Each request reaches the right person with the context they need to act." },
  { icon: "shield", title: "Reliable and Auditable", text: "Every run is logged, so you can see what happened and why." },
];

export const closing: ClosingCopy = {
  title: "Which workflow should run itself first?",
  text: "Tell us where the copy and paste happens today and we will map the workflow with you.",
  label: "Automate My Workflow",
};
