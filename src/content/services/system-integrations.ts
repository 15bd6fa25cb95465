import type { Card, ClosingCopy, ServiceHeroCopy, ServiceMeta } from "./types";

export const meta: ServiceMeta = {
  slug: "system-integrations",
  title: "System Integrations",
  description:
    "System integrations for small businesses: CRM, e-mail, e-commerce, smart systems, APIs, webhooks and internal tools connected so data flows without retyping.",
};

export const hero: ServiceHeroCopy = {
  eyebrow: "System Integrations",
  title: "Connect Every Tool Your Business Runs On",
  lead: "Your CRM, inbox, shop and internal tools each hold part of the picture. We connect them so data moves on its own and your team stops retyping it.",
};

export const cardsTitle = "What we connect";
export const cardsLead = "Six kinds of integration we build and look after.";

export const cards: Card[] = [
  { icon: "users", title: "CRM Integrations", text: "Leads, deals and contacts synced with HubSpot, Pipedrive, Salesforce or Zoho, both ways." },
  { icon: "mail", title: "Email Automation", text: "Incoming e-mails parsed, labelled and turned into tasks, replies and CRM updates." },
  { icon: "cart", title: "E-Commerce Sync", text: "Orders, stock and customers kept in step between Shopify, WooCommerce and your books." },
  { icon: "sparkles", title: "Smart Systems", text: "AI in the middle: classify requests, draft answers and decide where each item goes." },
  { icon: "code", title: "API & Webhook Connections", text: "Any tool with an API or webhook joined to the rest, with retries and error alerts." },
  { icon: "wrench", title: "Internal Tools", text: "Dashboards, forms and admin panels built on top of the data you already have." },
];

export const closing: ClosingCopy = {
  title: "Let's connect your systems",
  text: "Bring a list of the tools you use. We will show you what can talk to what, and what it saves.",
  label: "Book Integration Call",
};
