import type { KnowledgeItem } from "../knowledge";

/** The knowledge base a new workspace starts with. */
export const sampleKnowledge: KnowledgeItem[] = [
  {
    id: "kb-contract-law-cap-149",
    title: "Contract Law, Cap. 149",
    type: "law",
    description: "Formation, performance and breach of contracts in Cyprus, with damages and specific performance.",
    lastUpdated: "2024-09-18",
    source: "Cyprus Bar Association Library",
  },
  {
    id: "kb-gdpr-law-125",
    title: "Law 125(I)/2018 on the Protection of Personal Data",
    type: "law",
    description: "Cyprus's implementing law for the GDPR: the Commissioner's powers, fines and processing by public bodies.",
    lastUpdated: "2025-01-22",
    source: "Official Gazette of the Republic",
  },
  {
    id: "kb-civil-procedure-rules",
    title: "Civil Procedure Rules",
    type: "law",
    description: "The rules of the Cyprus courts for filing, service, interim applications and trial in civil proceedings.",
    lastUpdated: "2025-02-05",
    source: "Supreme Court of Cyprus",
  },
  {
    id: "kb-supreme-court-specific-performance",
    title: "Supreme Court of Cyprus: specific performance of property sales",
    type: "judgment",
    description: "Appeal on a developer's failure to transfer title deeds: when specific performance is ordered over damages.",
    lastUpdated: "2024-12-02",
    source: "CyLaw",
  },
  {
    id: "kb-limassol-unfair-dismissal",
    title: "Labour Disputes Court, Limassol: unfair dismissal compensation",
    type: "judgment",
    description: "How compensation is calculated for dismissal without a valid reason under the Termination of Employment Law.",
    lastUpdated: "2024-10-14",
    source: "CyLaw",
  },
  {
    id: "kb-miranda-rights",
    title: "Miranda rights and the rights of arrested persons",
    type: "internal",
    description: "The firm's practice note on the warnings of Miranda v. Arizona (1966) before a custodial interrogation, and their Cypriot counterpart.",
    lastUpdated: "2025-01-09",
    source: "Internal",
    text:
      "The Miranda rights requirements: before a custodial interrogation, the police must warn the suspect that they have the right to remain silent, that anything they say can be used against them in court, that they have the right to a lawyer during questioning, and that a lawyer will be appointed if they cannot afford one. A statement taken without these warnings, or without a knowing and voluntary waiver, is inadmissible as evidence. In Cyprus, Law 163(I)/2005 on the rights of arrested and detained persons gives the same protections: the arrested person is told the reasons for the arrest and the right to contact a lawyer of their choice before any questioning.",
  },
  {
    id: "kb-client-intake-guide",
    title: "Client intake and conflict check guide",
    type: "internal",
    description: "The firm's steps for opening a matter: identity checks, conflict search and the engagement letter.",
    lastUpdated: "2025-03-01",
    source: "Internal",
  },
  {
    id: "kb-motion-templates",
    title: "Interim application templates",
    type: "internal",
    description: "The firm's templates for interim injunctions and freezing orders before the District Courts.",
    lastUpdated: "2025-02-18",
    source: "Internal",
  },
];
