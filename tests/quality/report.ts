import type { Figures } from "./metrics";
import { FORMS, PATHS, type QualityReport } from "./run";

/** The floors issue 29 sets, for both paths and both forms; the Vitest gate (floors.test.ts) enforces them. */
export const FLOORS = { hitAt1: 60, hitAt3: 80, falseNothing: 5, absentSaid: 40, agreement: 80 } as const;

/** What falls short of the floors, in words; empty when everything holds. */
export function belowFloors(report: QualityReport): string[] {
  const short: string[] = [];
  for (const path of PATHS) {
    for (const form of FORMS) {
      const f: Figures = report[path][form];
      if (f.hitAt1 < FLOORS.hitAt1) short.push(`${path} ${form}: hitAt1 ${String(f.hitAt1)} < ${String(FLOORS.hitAt1)}`);
      if (f.hitAt3 < FLOORS.hitAt3) short.push(`${path} ${form}: hitAt3 ${String(f.hitAt3)} < ${String(FLOORS.hitAt3)}`);
      if (f.falseNothing > FLOORS.falseNothing) short.push(`${path} ${form}: falseNothing ${String(f.falseNothing)} > ${String(FLOORS.falseNothing)}`);
      if (f.absentSaid < FLOORS.absentSaid) short.push(`${path} ${form}: absentSaid ${String(f.absentSaid)} < ${String(FLOORS.absentSaid)}`);
    }
  }
  if (report.agreement < FLOORS.agreement) short.push(`agreement ${String(report.agreement)} < ${String(FLOORS.agreement)}`);
  return short;
}

/** The figures as a Markdown table: a row per path and form. */
export function table(report: QualityReport): string {
  const rows = PATHS.flatMap((path) =>
    FORMS.map((form) => {
      const f = report[path][form];
      return `| ${path} | ${form} | ${String(f.hitAt1)} | ${String(f.hitAt3)} | ${String(f.falseNothing)} | ${String(f.absentSaid)} | ${String(f.p95ms)} |`;
    }),
  );
  return [
    "| path | form | hitAt1 % | hitAt3 % | falseNothing % | absentSaid % | p95 ms |",
    "|---|---|---|---|---|---|---|",
    ...rows,
    "",
    `Agreement (both paths quote the same first passage, the lower of the two forms): ${String(report.agreement)} %.`,
  ].join("\n");
}

/** The figures per category (the browser's path), both forms: where the vocabulary is strong and where it is weak. */
export function categoryTable(report: QualityReport): string {
  const cell = (f: Figures) => `${String(f.hitAt1)} / ${String(f.hitAt3)} / ${String(f.falseNothing)} / ${String(f.absentSaid)}`;
  return [
    "| category | details: hitAt1 / hitAt3 / falseNothing / absentSaid % | short: the same |",
    "|---|---|---|",
    ...report.categories.map((c) => `| ${c.category} | ${cell(c.details)} | ${cell(c.short)} |`),
  ].join("\n");
}

/** The one JSON line the command ends with: `{"browser":{"details":{…},"short":{…}},"postgres":{…},"agreement":…}`. */
export function jsonLine(report: QualityReport): string {
  const pick = ({ hitAt1, hitAt3, falseNothing, absentSaid, p95ms }: Figures) => ({ hitAt1, hitAt3, falseNothing, absentSaid, p95ms });
  const path = (p: (typeof PATHS)[number]) => ({ details: pick(report[p].details), short: pick(report[p].short) });
  return JSON.stringify({ browser: path("browser"), postgres: path("postgres"), agreement: report.agreement });
}
