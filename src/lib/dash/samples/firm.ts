/** The firm the sample workspace belongs to (read-only on Settings; administrators manage it). */
export const sampleFirm = {
  name: "Christodoulou & Partners LLC",
  address: "25 Makariou III Avenue, 8046 Paphos, Cyprus",
  plan: "Professional",
  seats: 12,
} as const;

/** What the demo says about sharing: it needs the firm's Supabase project; here everything is the user's alone. */
export const DEMO_FIRM_NOTE =
  "Working together needs your firm's Supabase project: there, admins invite colleagues and cases can be shared with the firm or walled to their members. This demo is a firm of one: everything here is yours alone.";
