/**
 * CUAD's 41 categories and the concepts of the legal vocabulary (src/lib/search/vocabulary.ts) that stand for them:
 * which clause a question of a category is about, so the benchmark counts "No X clause was found" only when X is that
 * clause (issue 42), and which Review preset answers a category. Shared by `npm run bench:quality`, its gate and
 * reviewPresets.test.ts.
 */
import { CONCEPTS, type Concept } from "../../src/lib/search/vocabulary";

/** Each CUAD category (as labels.json names it) and the id of its concept. */
export const CATEGORY_CONCEPTS: Readonly<Record<string, string>> = {
  "Document Name": "document-name",
  Parties: "parties",
  "Agreement Date": "agreement-date",
  "Effective Date": "effective-date",
  "Expiration Date": "expiration-date",
  "Renewal Term": "renewal-term",
  "Notice Period To Terminate Renewal": "notice-to-terminate-renewal",
  "Governing Law": "governing-law",
  "Most Favored Nation": "most-favored-nation",
  "Competitive Restriction Exception": "competitive-restriction-exception",
  "Non-Compete": "non-compete",
  Exclusivity: "exclusivity",
  "No-Solicit Of Customers": "no-solicit-customers",
  "No-Solicit Of Employees": "no-solicit-employees",
  "Non-Disparagement": "non-disparagement",
  "Termination For Convenience": "termination-for-convenience",
  "Rofr/Rofo/Rofn": "rofr",
  "Change Of Control": "change-of-control",
  "Anti-Assignment": "anti-assignment",
  "Revenue/Profit Sharing": "revenue-profit-sharing",
  "Price Restrictions": "price-restrictions",
  "Minimum Commitment": "minimum-commitment",
  "Volume Restriction": "volume-restriction",
  "Ip Ownership Assignment": "ip-ownership-assignment",
  "Joint Ip Ownership": "joint-ip-ownership",
  "License Grant": "license-grant",
  "Non-Transferable License": "non-transferable-license",
  "Affiliate License-Licensor": "affiliate-license-licensor",
  "Affiliate License-Licensee": "affiliate-license-licensee",
  "Unlimited/All-You-Can-Eat-License": "unlimited-license",
  "Irrevocable Or Perpetual License": "irrevocable-or-perpetual-license",
  "Source Code Escrow": "source-code-escrow",
  "Post-Termination Services": "post-termination-services",
  "Audit Rights": "audit-rights",
  "Uncapped Liability": "uncapped-liability",
  "Cap On Liability": "cap-on-liability",
  "Liquidated Damages": "liquidated-damages",
  "Warranty Duration": "warranty-duration",
  Insurance: "insurance",
  "Covenant Not To Sue": "covenant-not-to-sue",
  "Third Party Beneficiary": "third-party-beneficiary",
};

/** The vocabulary's concept a CUAD category stands for; undefined for a category outside the map. */
export function conceptOf(category: string): Concept | undefined {
  const id = CATEGORY_CONCEPTS[category];
  return id === undefined ? undefined : CONCEPTS.find((c) => c.id === id);
}

/** The clause word of a category's absence sentence ("No <clause> clause was found in …"); undefined outside the map. */
export const clauseOf = (category: string): string | undefined => conceptOf(category)?.clause;
