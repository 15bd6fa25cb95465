import type { Card, ClosingCopy, ServiceHeroCopy, ServiceMeta, Stat, StepDemoCopy } from "./types";

export const meta: ServiceMeta = {
  slug: "document-parsing",
  title: "Document Parsing",
  description:
    "AI document parsing: invoices, receipts, contracts and forms captured, classified, turned into structured data and forwarded to your team. Try the live demo.",
};

export const hero: ServiceHeroCopy = {
  eyebrow: "Document Parsing",
  title: "Documents In, Clean Data Out",
  lead: "Invoices, receipts, contracts and forms are read, classified and filed the moment they arrive, and the right people hear about them.",
};

export const demo: StepDemoCopy = {
  title: "See a document processed",
  lead: "Follow a supplier invoice from the inbox to your team.",
  button: "Process Document",
  busyButton: "Processing...",
  status: { stopped: "Ready", running: "Processing", complete: "Complete" },
  hint: {
    idle: "Press Process Document to send a sample invoice through the pipeline.",
    running: "The sample invoice is on its way: each step appears as it finishes.",
  },
  steps: [
    { title: "Document Upload", text: "The invoice arrives by e-mail and is captured automatically." },
    { title: "Automation Workflow", text: "AI reads it and extracts supplier, invoice number, totals and due date." },
    { title: "Data Storage", text: "The fields are saved to your database and accounting sheet." },
    { title: "Team Notify", text: "Finance gets a summary with a link to the original." },
    { title: "Complete", text: "Filed and searchable, with no manual input." },
  ],
};

export const useCasesTitle = "Use cases";
export const useCasesLead = "Six jobs our document pipelines do every day.";

export const useCases: Card[] = [
  { icon: "inbox", title: "Inbound Document Capture", text: "Attachments from e-mail, upload forms and shared folders collected in one place." },
  { icon: "tag", title: "Smart Classification", text: "Each document recognised as an invoice, contract, ID or form and labelled." },
  { icon: "send", title: "Auto Forward & Notify", text: "The right person or system gets the document and a short summary at once." },
  { icon: "database", title: "Structured Output", text: "Fields extracted into JSON, spreadsheets or your database, ready to use." },
  { icon: "receipt", title: "Invoice & Receipt Tracking", text: "Amounts, VAT, suppliers and due dates tracked without typing a number." },
  { icon: "chart", title: "Data Analytics Ready", text: "Clean, consistent data that feeds your reports and dashboards directly." },
];

export const whyTitle = "Why It Matters";
export const whyLead = "Manual data entry is slow, error-prone and nobody's favourite job.";

export const whyStats: Stat[] = [
  { value: 90, suffix: "%", label: "Faster", counts: true },
  { value: 100, suffix: "%", label: "Accuracy", counts: true },
  { value: 100, suffix: "%", label: "Consistent", counts: false },
  { value: 0, suffix: "", label: "Manual Input", counts: false },
];

export const closing: ClosingCopy = {
  title: "Stop typing what a machine can read",
  text: "Send us a few sample documents and we will show you the data we can pull from them.",
  label: "Get Started",
};
