import type { PageText } from "../documents/ingest";
import type { KnowledgeInput, SearchDocument } from "./entries";

// A fictional firm's corpus for the search tests: five documents (20 pages) in four cases, and eight knowledge items.

const pages = (...texts: string[]): PageText[] => texts.map((text, i) => ({ number: i + 1, text, source: "text" }));

export const SERVICES: SearchDocument = {
  id: "doc-services",
  title: "Construction Services Agreement, Kato Paphos Residences",
  caseId: "case-georgiou",
  caseTitle: "Georgiou v. Paphos Developments Ltd",
  unit: "page",
};

export const LEASE: SearchDocument = {
  id: "doc-lease",
  title: "Lease of Flat 3, 18 Tombs of the Kings Road",
  caseId: "case-georgiou",
  caseTitle: "Georgiou v. Paphos Developments Ltd",
  unit: "page",
};

export const MEMO: SearchDocument = {
  id: "doc-memo",
  title: "Internal Memo: Motion to Dismiss",
  caseId: "case-kyprianou",
  caseTitle: "Kyprianou v. Marina Hotels Ltd (employment)",
  unit: "section",
};

export const JUDGMENT: SearchDocument = {
  id: "doc-judgment",
  title: "Judgment Summary, Republic v. Charalambous",
  caseId: "case-charalambous",
  caseTitle: "Republic v. Charalambous",
  unit: "page",
};

export const SPA: SearchDocument = {
  id: "doc-spa",
  title: "Share Purchase Agreement, Limassol Marina Holdings",
  caseId: "case-hadjipetrou",
  caseTitle: "Hadjipetrou Holdings acquisition",
  unit: "page",
};

export const SERVICES_PAGES = pages(
  "CONSTRUCTION SERVICES AGREEMENT. This Agreement is made on 10 March 2025 between Paphos Developments Ltd (the Employer) and Georgiou Builders Ltd (the Contractor). 1. Definitions. Works means the construction of twelve apartments at Kato Paphos Residences, including the common areas and the swimming pool.",
  "2. The Works. The Contractor shall carry out and complete the Works in a good and workmanlike manner, using materials of good quality, in accordance with the drawings and the specification. 3. Contract Price. The Employer shall pay the Contract Price of EUR 1,850,000 in monthly instalments against interim certificates issued by the Architect.",
  "4. Time for Completion. The Contractor shall complete the Works by 30 June 2026. 5. Liquidated Damages. If the Contractor fails to complete the Works by the completion date, the Contractor shall pay the Employer liquidated damages of EUR 500 for every day of delay, up to a maximum of ten per cent of the Contract Price.",
  "6. Defects Liability Period. The defects liability period is twelve months from practical completion. During the defects liability period the Contractor shall make good at its own cost any defect, shrinkage or other fault notified by the Employer in writing. 7. Retention. Five per cent of each certificate is retained until the defects are made good.",
  "8. Termination. Either party may terminate this Agreement by written notice if the other party commits a material breach and does not remedy it within 28 days. 9. Dispute Resolution. Any dispute arising out of this Agreement shall be referred to arbitration in Nicosia under the Arbitration Law, Cap. 4, before a sole arbitrator.",
);

export const LEASE_PAGES = pages(
  "LEASE AGREEMENT. The Landlord, Paphos Developments Ltd, lets to the Tenant, Mr Andreas Georgiou, Flat 3 at 18 Tombs of the Kings Road, Paphos, for a term of three years from 1 April 2025. The monthly rent is EUR 950, payable in advance on the first day of each month by bank transfer.",
  "Security Deposit. On signing, the Tenant pays a security deposit of EUR 1,900. The Landlord shall return the deposit to the Tenant within 30 days after the end of the lease, less the cost of repairing any damage beyond fair wear and tear. No interest is payable on the deposit.",
  "Early Termination. The Tenant may terminate the lease early after the first twelve months by giving the Landlord two months' written notice. The Landlord may terminate the lease if the rent is unpaid for more than 30 days after it falls due. Subletting is not permitted without the Landlord's written consent.",
  "Ειδικός όρος: Η μίσθωση διέπεται από το δίκαιο της Κυπριακής Δημοκρατίας και κάθε διαφορά εκδικάζεται από το Επαρχιακό Δικαστήριο Λεμεσός. Utilities: the Tenant pays electricity, water and the communal charges of the building.",
);

export const MEMO_PAGES = pages(
  "MEMORANDUM. To: litigation team. From: E. Constantinou. Re: Kyprianou v. Marina Hotels Ltd. The claimant, a former night manager, alleges unfair dismissal and claims compensation before the Labour Disputes Court. This memo considers whether the employer should file a motion to dismiss.",
  "Grounds for the motion. The employer may apply to dismiss the claim for lack of jurisdiction, because the claim was filed outside the time limit and the claimant was employed by a subsidiary incorporated abroad. A motion to dismiss must be supported by an affidavit setting out the facts relied upon.",
  "Recommendation. We recommend filing the motion within 14 days of service. If the motion fails, the employer should argue that the dismissal was for redundancy, which gives no right to compensation for unfair dismissal but to a payment from the Redundancy Fund.",
);

export const JUDGMENT_PAGES = pages(
  "JUDGMENT SUMMARY. Republic v. Charalambous, Assize Court of Limassol, Criminal Case 4521/2023. The accused was charged with possession of controlled drugs with intent to supply, contrary to the Narcotic Drugs and Psychotropic Substances Law 29/77.",
  "Admissibility of the confession. The defence argued that the written confession was not voluntary, because the accused was not informed of his rights and had no access to a lawyer before questioning. The court held a trial within a trial and found the confession inadmissible.",
  "Evidence of the search. The police found 2 kilograms of cannabis in a vehicle registered to the accused. The court accepted the evidence of the search, finding that the warrant was lawfully issued and executed in his presence.",
  "Sentence. The Assize Court convicted the accused on the count of possession with intent to supply and imposed a sentence of six years' imprisonment, taking into account his clean record and his cooperation after the arrest.",
);

export const SPA_PAGES = pages(
  "SHARE PURCHASE AGREEMENT between Hadjipetrou Holdings Ltd (the Buyer) and Marina Investments Ltd (the Seller) for the sale of all the issued shares of Limassol Marina Holdings Ltd (the Company).",
  "Purchase Price and Completion. The purchase price is EUR 4,200,000, of which EUR 420,000 is paid into escrow at signing. Completion takes place on the fifth business day after the conditions are satisfied, at the offices of the Buyer's advocates.",
  "Warranties and Limitation of Liability. The Seller gives the warranties set out in Schedule 3. The aggregate liability of the Seller for all warranty claims shall not exceed thirty per cent of the purchase price, and no claim may be brought unless notified within eighteen months of completion.",
  "Governing Law. This Agreement is governed by the laws of the Republic of Cyprus. The courts of Limassol have exclusive jurisdiction over any dispute arising out of it. The parties agree that the transfer of shares shall be registered with the Registrar of Companies.",
);

/** Every document with its pages, as `rebuild` takes them. */
export const DOCUMENTS = [
  { document: SERVICES, pages: SERVICES_PAGES },
  { document: LEASE, pages: LEASE_PAGES },
  { document: MEMO, pages: MEMO_PAGES },
  { document: JUDGMENT, pages: JUDGMENT_PAGES },
  { document: SPA, pages: SPA_PAGES },
];

export const KNOWLEDGE: KnowledgeInput[] = [
  {
    id: "kb-rent-control",
    title: "Rent Control Law 23/1983",
    type: "law",
    source: "External",
    description: "Statutory tenancies of dwellings in controlled areas: rent increases, recovery of possession and the Rent Control Court.",
  },
  {
    id: "kb-data-protection",
    title: "Law 125(I)/2018 on the Protection of Natural Persons",
    type: "law",
    source: "External",
    description: "Implements the GDPR in Cyprus: processing of personal data, powers of the Commissioner and administrative fines.",
  },
  {
    id: "kb-limitation",
    title: "Limitation of Actionable Rights Law 66(I)/2012",
    type: "law",
    source: "External",
    description: "Time limits for bringing claims: six years for contract, three years for tort, ten years for claims on land.",
  },
  {
    id: "kb-termination-employment",
    title: "Termination of Employment Law 24/1967",
    type: "law",
    source: "External",
    description: "Unfair dismissal, notice periods, redundancy payments and compensation calculated on length of service.",
    text: "Compensation for unfair dismissal is not less than the redundancy payment and not more than two years' wages. The burden of proving that the dismissal was lawful lies on the employer.",
  },
  {
    id: "kb-police-v-ioannou",
    title: "Police v. Ioannou (2019): voluntariness of statements",
    type: "judgment",
    source: "External",
    description: "The Supreme Court on statements taken without a lawyer present and the trial within a trial.",
  },
  {
    id: "kb-conflicts",
    title: "Conflict of interest check",
    type: "internal",
    source: "Internal",
    description: "Before opening a new file, search the client register for every party and related company, and record the result.",
  },
  {
    id: "kb-billing",
    title: "Billing and time recording guide",
    type: "internal",
    source: "Internal",
    description: "Record time in six-minute units on the day the work is done; disbursements need a receipt.",
  },
  {
    id: "kb-drafting",
    title: "Contract drafting style guide",
    type: "internal",
    source: "Internal",
    description: "House style for the firm's contracts: defined terms, numbering and boilerplate clauses.",
    text: "Use shall for obligations and may for discretions. Put definitions in clause 1. Every contract names its governing law and a dispute resolution clause; prefer arbitration for construction contracts.",
  },
];
