/** Every fact about the agency that a page shows: one source, typed, no literals repeated in pages. */

export type NavIcon =
  | "home"
  | "workflow"
  | "plug"
  | "mail"
  | "file"
  | "chat"
  | "phone"
  | "contact"
  | "calendar";

export interface NavItem {
  label: string;
  href: string;
  icon: NavIcon;
}

export interface Service {
  slug: string;
  title: string;
  /** Its icon in the menu. */
  icon: NavIcon;
  href: string;
  summary: string;
}

export interface SocialProfile {
  label: string;
  href: string;
}

const serviceList = [
  {
    slug: "ai-workflows",
    icon: "workflow",
    title: "AI Workflows",
    summary: "Intake, extraction, syncing and routing handled end to end by AI agents.",
  },
  {
    slug: "system-integrations",
    icon: "plug",
    title: "System Integrations",
    summary: "Your CRM, inbox, shop and internal tools talking to each other.",
  },
  {
    slug: "email-automation",
    icon: "mail",
    title: "Email Automation",
    summary: "Sequences that sound like you and send themselves at the right moment.",
  },
  {
    slug: "document-parsing",
    icon: "file",
    title: "Document Parsing",
    summary: "Invoices, contracts and forms read, classified and filed for you.",
  },
  {
    slug: "ai-chatbots",
    icon: "chat",
    title: "AI Chatbots",
    summary: "A website assistant that answers, qualifies and books around the clock.",
  },
  {
    slug: "ai-voice-callers",
    icon: "phone",
    title: "AI Voice Callers",
    summary: "Voice agents that pick up, call back and book appointments by phone.",
  },
] as const satisfies Omit<Service, "href">[];

const services: Service[] = serviceList.map((s) => ({ ...s, href: `/services/${s.slug}` }));

export const site = {
  brand: "Paphos AI",
  tagline: "AI automation for small and medium businesses",
  description:
    "Paphos AI builds AI chatbots, voice agents, workflow and email automation, document parsing and system integrations for small and medium businesses.",
  email: "hello@example.com",
  // Non-breaking spaces: a phone number never wraps across lines.
  phone: { display: "+357\u00a026\u00a0000000", href: "tel:+35726000000" },
  location: { city: "Paphos", country: "CY", display: "Paphos, CY" },
  copyrightYear: 2025,
  themeColor: "#000000",
  social: [
    { label: "LinkedIn", href: "https://www.linkedin.com/" },
    { label: "Instagram", href: "https://www.instagram.com/" },
    { label: "Facebook", href: "https://www.facebook.com/" },
  ] satisfies SocialProfile[],
  services,
  /** Service links in the home footer, in the specification's order. */
  footerServiceSlugs: [
    "ai-workflows",
    "system-integrations",
    "ai-chatbots",
    "email-automation",
    "document-parsing",
  ],
  nav: [
    { label: "Home", href: "/", icon: "home" },
    // The services, as the service list names them (one source for titles, links and order).
    ...services.map(({ title, href, icon }) => ({ label: title, href, icon })),
    { label: "Contact", href: "/contact", icon: "contact" },
    { label: "Book Call", href: "/book", icon: "calendar" },
  ] satisfies NavItem[],
  menuFooter: { text: "Ready to automate your business?", cta: "Book Free Call", href: "/book" },
  booking: {
    href: "/book",
    /** The page a booking's manage link opens; the token follows in the fragment, which never reaches a server. */
    manageHref: "/book/manage",
    timeZone: "Europe/Nicosia",
    /** First and last slot start, local to timeZone, and the step between slots. */
    firstSlot: "17:30",
    lastSlot: "22:30",
    stepMinutes: 30,
    /** What the page metadata promises (specification: 20-minute call). */
    callMinutes: 20,
    /** Length of the calendar event a visitor adds (.ics, Google Calendar): one slot. */
    eventMinutes: 30,
    /** How long the thank-you panel stays before the page resets. */
    confirmationMs: 5000,
    /** How long the webhook may take to answer before the booking counts as failed. */
    requestTimeoutMs: 15_000,
    /** How the page names timeZone to visitors. */
    zoneLabel: "Cyprus time",
    storageKey: "paphos-ai:bookings",
    /** The longest name, e-mail, message and guest list a booking may have (the database's book_slot checks the same). */
    limits: { name: 200, email: 254, message: 2000, guests: 10 },
    /** Upcoming calls one e-mail address may hold at once, with Supabase (book_slot). */
    maxUpcomingPerEmail: 3,
    /** How far ahead the calendar offers days, and (with Supabase) book_slot takes slots: booking_settings.horizon_days. */
    horizonDays: 60,
  },
} as const;

export type SiteConfig = typeof site;

/** The service entry for a slug; throws at build time on a typo. */
export function serviceBySlug(slug: string): Service {
  const found = site.services.find((s) => s.slug === slug);
  if (!found) throw new Error(`Unknown service slug: ${slug}`);
  return found;
}

/** The agency's facts as its structured data states them (telephone in E.164, without the display spacing). */
export const agencyFacts = {
  brand: site.brand,
  email: site.email,
  telephone: site.phone.href.replace(/^tel:/, ""),
  city: site.location.city,
  country: site.location.country,
};
