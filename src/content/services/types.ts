import type { IconName } from "../../lib/icons";

/** Copy shapes shared by the six service pages. */

export interface Card {
  icon: IconName;
  title: string;
  text: string;
}

export interface ServiceMeta {
  /** Slug in site.config services; gives the URL and the schema.org service name. */
  slug: string;
  /** The page title (the brand is appended). */
  title: string;
  description: string;
}

export interface ServiceHeroCopy {
  eyebrow: string;
  title: string;
  lead: string;
  /** A link to /book in the hero, when the page has one. */
  cta?: string;
}

/** The closing call to action every service page ends with; `label` is its link to /book. */
export interface ClosingCopy {
  title: string;
  text: string;
  label: string;
}

/** A stat card; `counts` ones count up when they scroll into view, the others are static claims. */
export interface Stat {
  value: number;
  prefix?: string;
  suffix: string;
  label: string;
  counts: boolean;
}

export interface DemoStep {
  title: string;
  text: string;
}

/** Copy of a step demo: its steps, button and status labels. */
export interface StepDemoCopy {
  title: string;
  lead: string;
  button: string;
  /** Button text while a run is under way (the button keeps its idle text when absent). */
  busyButton?: string;
  status: { stopped: string; running: string; complete: string };
  hint?: { idle: string; running: string };
  steps: DemoStep[];
}
