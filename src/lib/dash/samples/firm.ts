/** The firm the sample workspace belongs to (read-only on Settings; administrators manage it). */
export const sampleFirm = {
  name: "Christodoulou & Partners LLC",
  address: "25 Makariou III Avenue, 8046 Paphos, Cyprus",
  plan: "Professional",
  seats: 12,
} as const;
