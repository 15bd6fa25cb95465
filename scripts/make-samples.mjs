// Writes the sample documents a new workspace starts with into public/samples/: short, real documents of a
// fictional Cypriot firm (Christodoulou & Partners LLC), read by the same reader as an upload on first use.
// Run once after changing a text here (`node scripts/make-samples.mjs`), then `npm run samples:read` to read them
// again into public/samples/pages.json (a new workspace takes their pages from there); the files are committed.
// The records that file them under the sample cases are in src/lib/dash/samples/documents.ts.
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { chromium } from "@playwright/test";
import { docx, scannedPdf, textPdf } from "../tests/fixtures/documents.ts";

const OUT = new URL("../public/samples/", import.meta.url);
/** All six together stay under this (the budget). */
const BUDGET_BYTES = 300 * 1024;
/** Characters per line at Helvetica 12 across an A4 page with 56 pt margins. */
const LINE = 78;
/** Lines per A4 page at 18 pt leading. */
const LINES_PER_PAGE = 40;

/** Wraps paragraphs at word boundaries; a blank line between paragraphs. */
function wrap(paragraphs) {
  const lines = [];
  for (const paragraph of paragraphs) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > LINE) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line, "");
  }
  return lines;
}

/** The pages of a text PDF: the paragraphs of each page wrapped, failing loudly if a page overflows. */
function pdfPages(pages) {
  return pages.map((paragraphs, i) => {
    const lines = wrap(paragraphs);
    if (lines.length > LINES_PER_PAGE) throw new Error(`Page ${String(i + 1)} has ${String(lines.length)} lines`);
    return lines;
  });
}

const servicesAgreement = [
  [
    "CONSTRUCTION SERVICES AGREEMENT",
    "Kato Paphos Residences, Block B",
    'This Agreement is made on 4 February 2022 between PAPHOS COASTAL DEVELOPMENTS LTD (HE 301554), of 12 Poseidonos Avenue, 8042 Paphos (the "Developer"), and AKAMAS BUILDING CONTRACTORS LTD (HE 288190), of 7 Ellados Street, 8020 Paphos (the "Contractor").',
    "1. THE SERVICES",
    '1.1 The Contractor shall build the twelve apartments of Block B, Kato Paphos Residences, to the drawings and specification in Schedule 1 (the "Works").',
    "1.2 The Works include the waterproofing of all roofs and balconies, the thermal insulation of the external walls and the drainage.",
    "2. PRICE AND PAYMENT",
    "2.1 The price is EUR 1,480,000 plus VAT, paid in stages against certificates of the Developer's architect.",
    '2.2 The Developer retains 5 per cent of each payment (the "Retention") until the end of the Defects Liability Period.',
    "2.3 Payments are due within 30 days of each certificate. Late payments carry interest at 4 per cent a year.",
    "3. TIME",
    "3.1 The Works start on 1 March 2022 and shall be complete by 30 June 2023.",
    "3.2 For each week of delay the Contractor pays liquidated damages of EUR 2,500, up to 10 per cent of the price.",
  ],
  [
    "4. QUALITY AND DEFECTS",
    "4.1 The Contractor warrants that the Works will be built with good workmanship and materials of good quality, in accordance with the building regulations and the permit of the Paphos Municipality.",
    "4.2 The Defects Liability Period is 24 months from the certificate of completion. The Contractor shall make good, at its own cost and within 21 days of notice, any defect that appears in that period.",
    "4.3 Water ingress, cracking of structural elements and failure of the waterproofing are defects for the purposes of this clause.",
    "4.4 If the Contractor fails to make good a defect in time, the Developer may have it repaired by others and deduct the cost from the Retention.",
    "5. INSURANCE",
    "5.1 The Contractor shall keep contractors' all-risks insurance for the full value of the Works, and public liability insurance of at least EUR 2,000,000 for each event.",
    "6. LIABILITY",
    "6.1 The Contractor's total liability under this Agreement is limited to the price, save for death, personal injury, fraud and the cost of making good defects under clause 4.",
    "6.2 Neither party is liable for loss of profit or for indirect loss.",
    "7. TERMINATION",
    "7.1 Either party may terminate this Agreement by written notice if the other commits a material breach and does not remedy it within 28 days of a notice describing it.",
    "7.2 The Developer may terminate at once if the Contractor becomes insolvent.",
  ],
  [
    "8. DISPUTES",
    "8.1 The parties shall first try to settle any dispute by negotiation between their directors within 30 days.",
    "8.2 A dispute not so settled shall be referred to arbitration in Paphos under the Arbitration Law, Cap. 4, before a single arbitrator.",
    "9. CONFIDENTIALITY",
    "9.1 Each party shall keep the terms of this Agreement confidential, save as the law or a court requires.",
    "10. GOVERNING LAW",
    "10.1 This Agreement is governed by the laws of the Republic of Cyprus.",
    "Signed for the Developer: Andreas Georgiades, Director",
    "Signed for the Contractor: Marios Akamatis, Director",
  ],
];

const judgmentSummary = [
  [
    "JUDGMENT SUMMARY",
    "Republic of Cyprus v. Nikos Charalambous",
    "Assize Court of Nicosia, Criminal Case No. 4410/2023. Judgment delivered on 8 November 2024.",
    "Prepared by Christodoulou & Partners LLC for internal use. This summary is not the official text of the judgment.",
    "THE CHARGES",
    "The accused was charged with two counts of obtaining money by false pretences and one count of forgery, under the Criminal Code, Cap. 154, concerning a loan of EUR 86,000 from a cooperative bank in Strovolos in 2021.",
    "THE ISSUES",
    "1. Whether a written statement taken by the police on 3 May 2022 was admissible, the accused saying that he was not told of his right to a lawyer before he was questioned.",
    "2. Whether the evidence of the handwriting expert proved that the accused signed the loan guarantee.",
    "THE FINDINGS",
    "1. The statement was excluded. The Court found that the accused was not informed of his right to consult a lawyer of his choice before questioning, as the law on the rights of suspects requires, and that a later caution did not cure the breach.",
    "2. The handwriting evidence was accepted only in part: the expert could not exclude that the signature had been traced.",
  ],
  [
    "THE OUTCOME",
    "The accused was acquitted of forgery and of one count of false pretences. He was convicted of the second count of false pretences on the evidence of two bank officers, sentenced to 14 months' imprisonment suspended for three years, and ordered to pay EUR 20,000 in compensation.",
    "POINTS FOR PRACTICE",
    "Check at the outset whether a suspect's statement was taken after he was told of his rights: the right to remain silent, the right to a lawyer and the right to an interpreter.",
    "Ask early for the custody record and the police station's video.",
    "Handwriting evidence is weighed against the possibility of tracing: instruct a defence expert in good time.",
  ],
];

const memo = `CHRISTODOULOU & PARTNERS LLC
INTERNAL MEMO

To: Litigation team
From: Eleni Christodoulou, Partner
Date: 20 February 2025
Re: Motion to dismiss template (Kyprianou v. Limassol Marine Services, CV-2024-000932)

PURPOSE
This memo sets out the firm's template for a motion to dismiss a claim at an early stage, with the grounds we rely on most often. Adapt it to the court and the rules that apply. In the Kyprianou matter the likely ground is that the claim was filed out of time.

TEMPLATE
IN THE LABOUR DISPUTES COURT OF LIMASSOL
Claim No. [number]
Between: [Claimant] and [Respondent]

APPLICATION BY THE RESPONDENT TO DISMISS THE CLAIM
The Respondent applies for an order:
(a) dismissing the claim because it was filed after the time the law allows;
(b) in the alternative, striking out the statement of claim because it discloses no reasonable cause of action;
(c) for costs.
The application is based on the rules of the Court, its inherent jurisdiction and the attached affidavit of [deponent].

GROUNDS TO CONSIDER
1. Time limit: compare the date of dismissal with the time allowed for the claim.
2. No cause of action: the facts pleaded, even if true, give no right to the relief claimed.
3. Abuse of process: the same dispute is already before another court.
4. Want of jurisdiction.

CHECKLIST BEFORE FILING
- Confirm the dates against the client's payroll and termination records.
- Exhibit the termination letter and the claim form to the affidavit.
- Serve the application on the claimant's advocates at least 10 days before the hearing.
`;

const lease = [
  "LEASE AGREEMENT",
  "Flat 3, 18 Tombs of the Kings Road, 8046 Paphos",
  'This Lease is made on 1 September 2023 between Maria Loizou of Paphos (the "Landlord") and Andreas Georgiou of Paphos (the "Tenant").',
  "1. Premises. The Landlord lets to the Tenant the furnished two-bedroom flat at Flat 3, 18 Tombs of the Kings Road, with parking space 3.",
  "2. Term. Twelve months, from 1 September 2023 to 31 August 2024, renewable by agreement.",
  "3. Rent. EUR 950 a month, paid in advance on the first day of each month by bank transfer.",
  "4. Deposit. EUR 1,900, returned within 30 days of the end of the Lease, less the cost of any damage beyond fair wear and tear.",
  "5. Utilities. The Tenant pays for electricity, water and internet; the Landlord pays the communal charges.",
  "6. Use. Only as a private home for the Tenant and his family. No subletting without the Landlord's written consent.",
  "7. Repairs. The Landlord keeps the structure, the roof and the installations in repair; the Tenant keeps the interior clean and reports defects promptly.",
  "8. Early end. After the first six months either party may end the Lease with two months' written notice.",
  "9. Law and stamping. This Lease is governed by the laws of Cyprus and is to be stamped at the Tax Department within 30 days of signing.",
  "Signed: Maria Loizou, Landlord. Andreas Georgiou, Tenant.",
];

const letter = [
  "CHRISTODOULOU & PARTNERS LLC",
  "25 Makariou III Avenue, 8046 Paphos, Cyprus",
  "3 March 2025",
  "The Commissioner for Personal Data Protection, 1 Iasonos Street, 1082 Nicosia",
  "Complaint against Hadjipetrou Clinics Ltd",
  "Dear Commissioner,",
  "We act for Hadjipetrou Clinics Ltd, which runs medical clinics in Nicosia and Paphos, in the complaint made by a former patient on 14 January 2025.",
  "1. The incident. On 9 December 2024 a member of staff sent a patient's appointment summary to the wrong e-mail address. The summary held the patient's name, date of birth and the clinic's department. No test results were included.",
  "2. Our client's response. The e-mail was recalled, and the recipient confirmed in writing on 10 December 2024 that it had been deleted. Our client notified your Office on 11 December 2024, within 72 hours, as Article 33 of the GDPR requires, and told the patient on 12 December 2024.",
  "3. Measures taken. Our client now asks staff to confirm the address of every outgoing e-mail that carries health data, has trained all reception staff and has reviewed its records of processing.",
  "4. Our request. In view of the limited data, the prompt notification and the measures taken, we ask your Office to close the complaint without a fine or, if it finds a breach, to issue a reprimand under Article 58(2)(b) GDPR.",
  "We enclose the notification of 11 December 2024, the recipient's confirmation and the training record, and we would be glad to meet your officers.",
  "Yours faithfully,",
  "Eleni Christodoulou, Christodoulou & Partners LLC",
];

const scannedNotice = `
  <p class="right">Andreas Georgiou<br>Flat 3, 18 Tombs of the Kings Road<br>8046 Paphos</p>
  <p>14 March 2024</p>
  <p>Paphos Coastal Developments Ltd<br>12 Poseidonos Avenue, 8042 Paphos</p>
  <h1>NOTICE OF DEFECTS, APARTMENT 12, KATO PAPHOS RESIDENCES</h1>
  <p>I am the buyer of Apartment 12 under the sale agreement of 10 March 2023. I give you notice of the following defects:</p>
  <p>1. Water comes through the bedroom ceiling whenever it rains.<br>2. There are cracks in the balcony slab and in the living room wall.<br>3. There is damp and mould in both bathrooms.</p>
  <p>Please make good these defects within 21 days, as the agreement requires. Until then the apartment cannot be lived in, and I am renting another flat at my own cost.</p>
  <p>Andreas Georgiou</p>`;

/** A typed letter as a scanner gives it back: a greyish page photographed at 150 dpi, slightly askew. */
async function scanOf(html) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage({ viewport: { width: 1240, height: 1150 } });
    await page.setContent(
      `<body style="margin:0;background:#efede6"><main style="padding:90px 110px;font:27px/1.45 'DejaVu Serif',serif;color:#222;transform:rotate(0.4deg)">
       <style>h1{font-size:28px;margin:36px 0}.right{text-align:right}</style>${html}</main></body>`,
    );
    return new Uint8Array(await page.screenshot({ type: "png" }));
  } finally {
    await browser.close();
  }
}

const files = {
  "services-agreement.pdf": () => textPdf(pdfPages(servicesAgreement)),
  "judgment-summary.pdf": () => textPdf(pdfPages(judgmentSummary)),
  "memo-motion-to-dismiss.txt": async () => new TextEncoder().encode(memo),
  "lease-flat-3.docx": () => docx(lease),
  "letter-to-commissioner.docx": () => docx(letter),
  "notice-of-defects-scan.pdf": async () => scannedPdf(await scanOf(scannedNotice)),
};

await mkdir(OUT, { recursive: true });
for (const [name, make] of Object.entries(files)) await writeFile(new URL(name, OUT), await make());
let total = 0;
for (const name of await readdir(OUT)) {
  const { size } = await stat(new URL(name, OUT));
  total += size;
  console.log(`${name.padEnd(32)} ${(size / 1024).toFixed(1)} KB`);
}
console.log(`${"total".padEnd(32)} ${(total / 1024).toFixed(1)} KB`);
if (total > BUDGET_BYTES) throw new Error(`The samples weigh ${String(total)} bytes; the budget is ${String(BUDGET_BYTES)}`);
