/**
 * Words of any question about a contract, which say nothing of what is asked: not searched for, and not read for
 * meaning. Shared by the relevance rule (rank.ts), the question reader (understand.ts) and `npm run lexicon`.
 */
export const QUESTION_WORDS: ReadonlySet<string> = new Set(
  "contract contracts agreement agreements say says said clause clauses provision provisions document documents regarding concerning mention mentions mentioned section sections please describe explain tell summarise summarize show give find quote list highlight part parts reviewed lawyer related relating relate include includes including whether anything something non".split(" "),
);

/** Words a question is phrased with (modals, fillers, "us"), read for meaning no more than a stop word is. */
export const PHRASING_WORDS: ReadonlySet<string> = new Set("would could may might must shall us get got also still ever even really actually".split(" "));
