import type { Case } from "../cases";

/** The cases a new workspace starts with. */
export const sampleCases: Case[] = [
  {
    id: "case-georgiou-v-paphos-developments",
    title: "Georgiou v. Paphos Coastal Developments Ltd",
    docketNo: "CV-2024-001187",
    jurisdiction: "District Court of Paphos",
    status: "active",
    updated: "2025-03-12",
    members: 4,
  },
  {
    id: "case-kyprianou-employment",
    title: "Kyprianou v. Limassol Marine Services",
    docketNo: "CV-2024-000932",
    jurisdiction: "Labour Disputes Court, Limassol",
    status: "pending",
    updated: "2025-02-27",
    members: 2,
  },
  {
    id: "case-republic-v-charalambous",
    title: "Republic v. Charalambous",
    docketNo: "CR-2023-004410",
    jurisdiction: "Assize Court of Nicosia",
    status: "closed",
    updated: "2024-11-08",
    members: 3,
  },
  {
    id: "case-hadjipetrou-gdpr",
    title: "Hadjipetrou Clinics: GDPR complaint",
    docketNo: "CV-2025-000214",
    jurisdiction: "District Court of Nicosia",
    status: "active",
    updated: "2025-03-03",
    members: 2,
  },
];
