/**
 * The legal vocabulary: contract concepts, the words a question names them with, and the wordings contracts use for
 * them. A question that names a concept is searched for its own words and for these wordings (its own words count for
 * more); a passage that uses one of the wordings holds the clause; a scope none of whose passages do has no such
 * clause, and the answer says so (when `sayAbsent`).
 *
 * It covers the 41 categories of CUAD (the Contract Understanding Atticus Dataset, The Atticus Project, CC BY 4.0)
 * and the clauses of the sample documents (deposit, defects, notices, confidentiality...). It is data only: the
 * search worker stems it (rank.ts), so "governed by" also finds "governs" and "governing".
 *
 * How an entry reads:
 * - `ask`: phrases of a question. A question names the concept when it holds every word of one phrase, in any order
 *   and form ("law govern" names governing law in "Which law governs?"). The longest phrase matched wins over shorter
 *   ones of other concepts, so "IP ownership assignment" is not read as "assignment".
 * - `says`: wordings of contracts, matched word by word in order (stop words aside, up to two other words between
 *   them). A trailing `*` matches any word that starts so ("compet*": compete, competing, competitor).
 * - `needs`: when given, a passage holds the clause only if it also has one of these words (an exclusivity clause has
 *   "exclusive" somewhere, whatever else it says); `also`, a second such list; `except`, wordings whose words never
 *   count ("exclusive jurisdiction" is no exclusivity clause).
 * - Negations are stop words (Postgres's list has no, not, nor): "shall not assign" is matched as "shall assign".
 * - A leading `=` matches that very word only ("=term" is not "terms": "the terms of this Agreement" is no term clause).
 * - `opening`: the clause sits at the start of a contract (its title, parties, date): earlier passages come first.
 * - `sayAbsent`: a scope with none of the wordings is said to have no such clause. Off for what every contract has in
 *   some form (its name, its parties, its dates) and for wordings too varied to rule a clause out.
 */
export interface Concept {
  id: string;
  /** The concept as a column header or a label: "Governing law". */
  name: string;
  /** The clause as a sentence names it: "No governing-law clause was found in …". */
  clause: string;
  /** The question a review asks of each document for it. */
  question: string;
  ask: readonly string[];
  says: readonly string[];
  needs?: readonly string[];
  /** When given, a passage holds the clause only if it also has one of these (a second condition beside `needs`). */
  also?: readonly string[];
  /** Wordings whose words never count for the concept ("exclusive jurisdiction" is no exclusivity clause). */
  except?: readonly string[];
  opening?: boolean;
  sayAbsent: boolean;
}

/** The groups presets are shown in (Review), in order. */
export const CONCEPT_GROUPS = [
  "Parties and dates",
  "Term, renewal and termination",
  "Assignment and change of control",
  "Exclusivity, non-compete and non-solicit",
  "Liability, indemnity and insurance",
  "Payment and audit",
  "IP and licences",
  "Governing law and disputes",
  "Other clauses",
] as const;
export type ConceptGroup = (typeof CONCEPT_GROUPS)[number];

type Entry = Concept & { group: ConceptGroup };

const concept = (group: ConceptGroup, entry: Omit<Entry, "group">): Entry => ({ group, ...entry });

export const CONCEPTS: readonly Entry[] = [
  // Parties and dates
  concept("Parties and dates", {
    id: "document-name",
    name: "Document name",
    clause: "title",
    question: "What is the name of this agreement?",
    ask: ["document name", "name contract", "name agreement", "title agreement", "title contract", "called"],
    says: ["agreement", "contract"],
    opening: true,
    sayAbsent: false,
  }),
  concept("Parties and dates", {
    id: "parties",
    name: "Parties",
    clause: "parties",
    question: "Who are the parties to this agreement?",
    ask: ["parties", "party signed", "who signed"],
    says: ["entered into", "made and entered", "hereinafter referred", "referred to as", "collectively parties", "each party", "corporation", "company", "inc", "llc", "limited"],
    opening: true,
    sayAbsent: false,
  }),
  concept("Parties and dates", {
    id: "agreement-date",
    name: "Agreement date",
    clause: "date",
    question: "What is the date of this agreement?",
    ask: ["agreement date", "date contract", "date agreement", "dated", "signed when", "when signed"],
    says: ["dated", "made as of", "entered into as of", "day of", "effective as of", "as of"],
    opening: true,
    sayAbsent: false,
  }),
  concept("Parties and dates", {
    id: "effective-date",
    name: "Effective date",
    clause: "effective-date",
    question: "When does this agreement take effect?",
    ask: ["effective date", "date contract effective", "effective", "take effect", "commencement date", "start date", "when start", "when begin"],
    says: ["effective date", "effective as of", "become effective", "shall be effective", "take effect", "commencement date", "commence on", "effective upon", "dated as of"],
    opening: true,
    sayAbsent: false,
  }),
  // Term, renewal and termination
  concept("Term, renewal and termination", {
    id: "expiration-date",
    name: "Term",
    clause: "term",
    question: "What is the term of this agreement?",
    ask: ["expiration date", "expire", "expiry", "initial term", "term agreement", "term contract", "how long term", "duration", "long last", "term"],
    says: ["=term of this agreement", "initial =term", "=term shall", "=term will", "=term hereof", "the =term", "contract period", "shall commence", "will commence", "commenc* on the effective date", "begin on the effective date", "continue* for a period", "continue* in effect until", "continue* in force", "continue* until", "shall expire", "will expire", "expire on", "expiration of the =term", "anniversary of the effective date", "years from the effective date", "months from the effective date", "years after the effective date", "until terminated", "period commencing"],
    sayAbsent: false,
  }),
  concept("Term, renewal and termination", {
    id: "renewal-term",
    name: "Renewal",
    clause: "renewal",
    question: "Does the agreement renew or extend after its initial term, and for how long?",
    ask: ["renewal term", "renewal", "renew", "extension", "extend term", "automatic extension"],
    says: ["renew*", "successive", "extend* the term", "extend* term", "extend* for", "extension of the term", "additional term*", "renewal term*", "automatically extend*", "option to extend"],
    needs: ["renew*", "extend*", "extension*", "successive"],
    sayAbsent: true,
  }),
  concept("Term, renewal and termination", {
    id: "notice-to-terminate-renewal",
    name: "Notice to stop renewal",
    clause: "notice-of-non-renewal",
    question: "How much notice must be given to stop the agreement renewing?",
    ask: ["notice period terminate renewal", "notice renewal", "non renewal", "notice not renew", "stop renewal"],
    says: ["notice of non-renewal", "not to renew", "intention not to renew", "notice of termination prior to", "prior to the end of the then current term", "prior to the expiration", "days prior", "days before the end", "written notice of its", "renew* unless"],
    needs: ["renew*", "extend*", "extension*", "successive", "non-renewal"],
    sayAbsent: true,
  }),
  concept("Term, renewal and termination", {
    id: "termination-for-convenience",
    name: "Termination for convenience",
    clause: "termination-for-convenience",
    question: "Can a party terminate the agreement without cause, and on what notice?",
    ask: ["termination for convenience", "terminate convenience", "terminate without cause", "terminate any reason", "terminate at will", "terminate notice waiting period"],
    says: ["for convenience", "without cause", "for any reason", "any reason or no reason", "for no reason", "without reason", "terminat* at any time", "terminat* this agreement at any time", "at its sole discretion", "at will", "for its convenience"],
    needs: ["terminat*", "cancel*"],
    sayAbsent: true,
  }),
  concept("Term, renewal and termination", {
    id: "termination",
    name: "Termination",
    clause: "termination",
    question: "When can a party terminate this agreement?",
    ask: ["termination", "terminate", "end agreement", "break clause"],
    says: ["terminat*", "material breach", "insolven*", "bankrupt*", "cancel*", "upon notice", "cure"],
    needs: ["terminat*", "cancel*", "rescind", "break"],
    sayAbsent: true,
  }),
  concept("Term, renewal and termination", {
    id: "post-termination-services",
    name: "After termination",
    clause: "post-termination",
    question: "What obligations survive after termination or expiration of the agreement?",
    ask: ["post termination", "after termination", "termination obligations", "wind down", "transition", "survive", "last buy", "obligations after expiration", "obligations after termination"],
    says: ["upon termination", "upon expiration or termination", "upon any termination", "following termination", "following the termination", "after termination", "after the termination", "after expiration", "following expiration", "survive*", "wind down", "wind-down", "transition", "sell off", "sell-off", "return or destroy", "cease to use", "shall cease", "effect of termination"],
    needs: ["terminat*", "expir*", "surviv*", "transition", "wind", "cease*"],
    sayAbsent: true,
  }),
  // Assignment and change of control
  concept("Assignment and change of control", {
    id: "anti-assignment",
    name: "Assignment",
    clause: "assignment",
    question: "Can a party assign or transfer this agreement, and whose consent does it need?",
    ask: ["anti assignment", "assignment", "assign", "assigned", "transfer agreement", "transfer contract", "delegate", "consent assign"],
    says: ["not assign", "may not assign", "shall not assign", "not be assigned", "assign or transfer", "assign this agreement", "assign* its rights", "assignment", "delegate", "transfer this agreement", "transfer any of its rights", "prior written consent", "without the consent", "successors and permitted assigns"],
    needs: ["assign*", "transfer*", "delegat*"],
    sayAbsent: true,
  }),
  concept("Assignment and change of control", {
    id: "change-of-control",
    name: "Change of control",
    clause: "change-of-control",
    question: "What happens if a party undergoes a change of control, merger or sale of its business?",
    ask: ["change control", "change in control", "merger", "acquisition", "acquired", "takeover", "stock sale"],
    says: ["change of control", "change in control", "merger", "merges", "merged", "consolidation", "consolidates", "acquisition of", "acquired by", "all or substantially all", "substantially all of its assets", "controlling interest", "majority of the voting", "voting securities", "voting stock", "beneficial owner*", "operation of law", "reorganization"],
    sayAbsent: true,
  }),
  // Exclusivity, non-compete and non-solicit
  concept("Exclusivity, non-compete and non-solicit", {
    id: "exclusivity",
    name: "Exclusivity",
    clause: "exclusivity",
    question: "Is either party bound to deal exclusively with the other?",
    ask: ["exclusivity", "exclusive", "exclusive dealing", "exclusively", "exclusive requirements"],
    says: ["exclusive*", "exclusivity", "sole source", "sole supplier", "sole distributor", "sole provider", "shall appoint any other", "appoint any other", "sell to any third party", "purchase exclusively"],
    needs: ["exclusiv*", "sole source", "sole supplier", "sole distributor", "sole provider"],
    except: ["exclusive jurisdiction", "exclusive remedy", "exclusive remedies", "exclusive property", "exclusive owner*", "exclusive venue", "non-exclusive", "nonexclusive", "sole discretion", "sole remedy", "sole and exclusive remedy", "sole cost", "sole expense", "sole option", "sole judgment", "sole responsibility", "sole and exclusive property", "exclusive right title and interest"],
    sayAbsent: true,
  }),
  concept("Exclusivity, non-compete and non-solicit", {
    id: "non-compete",
    name: "Non-compete",
    clause: "non-compete",
    question: "Is a party restricted from competing with the other?",
    ask: ["non compete", "noncompete", "compete", "competition", "competing", "restriction compete", "restrictive covenant"],
    says: ["=compete", "=competes", "=competing", "in =competition", "non-compete", "noncompet*", "non-competition", "competitive product*", "competitive service*", "competitive business", "engage in any business", "engage in the business", "similar products", "directly or indirectly", "competitor*"],
    needs: ["=compete", "=competes", "=competing", "=competition", "competitive product*", "competitive service*", "competitive business", "noncompet*", "non-compet*", "competitor*"],
    sayAbsent: true,
  }),
  concept("Exclusivity, non-compete and non-solicit", {
    id: "competitive-restriction-exception",
    name: "Exceptions to restrictions",
    clause: "exception-to-the-restrictions",
    question: "What exceptions or carve-outs apply to the non-compete, exclusivity or non-solicit?",
    ask: ["competitive restriction exception", "exceptions non compete", "carveouts", "carve outs", "carve out", "exceptions exclusivity", "exception restriction"],
    says: ["notwithstanding", "except", "exception", "shall not prohibit", "shall not restrict", "shall not prevent", "nothing in this agreement shall", "provided however", "shall not apply", "excluding"],
    needs: ["=compete", "=competes", "=competing", "=competition", "competitive product*", "noncompet*", "non-compet*", "competitor*", "exclusiv*", "solicit*"],
    sayAbsent: true,
  }),
  concept("Exclusivity, non-compete and non-solicit", {
    id: "no-solicit-customers",
    name: "No soliciting customers",
    clause: "customer-non-solicitation",
    question: "Is a party barred from soliciting the other's customers?",
    ask: ["solicit customers", "no solicit customers", "soliciting customers", "poach customers", "contracting customers"],
    says: ["solicit* any customer*", "solicit* customer*", "solicit* client*", "induce any customer", "entice", "divert", "customers of", "interfere with"],
    needs: ["solicit*", "induc*", "entic*", "divert*"],
    sayAbsent: true,
  }),
  concept("Exclusivity, non-compete and non-solicit", {
    id: "no-solicit-employees",
    name: "No hiring staff",
    clause: "employee-non-solicitation",
    question: "Is a party barred from soliciting or hiring the other's employees?",
    ask: ["solicit employees", "no solicit employees", "hire employees", "hiring employees", "poach staff", "soliciting hiring"],
    says: ["solicit* for employment", "solicit* employ*", "solicit* personnel", "solicit* staff", "hire any employee", "hire* employ*", "hire* personnel", "employ or solicit", "recruit*", "offer employment", "induce any employee", "employ any"],
    needs: ["solicit*", "hire", "hiring", "recruit*", "induce*"],
    sayAbsent: true,
  }),
  concept("Exclusivity, non-compete and non-solicit", {
    id: "non-disparagement",
    name: "Non-disparagement",
    clause: "non-disparagement",
    question: "Must a party refrain from disparaging the other?",
    ask: ["disparagement", "disparage", "non disparagement", "negative statements", "derogatory"],
    says: ["disparag*", "derogatory", "negative statement*", "defam*", "adversely affect the reputation", "reflect adversely", "detrimental to the reputation", "harm the reputation", "damage the reputation"],
    sayAbsent: true,
  }),
  concept("Exclusivity, non-compete and non-solicit", {
    id: "rofr",
    name: "Right of first refusal",
    clause: "right-of-first-refusal",
    question: "Does a party have a right of first refusal, offer or negotiation?",
    ask: ["rofr", "rofo", "rofn", "right first refusal", "first refusal", "first offer", "first negotiation", "right first"],
    says: ["right of first refusal", "first refusal", "right of first offer", "first offer", "right of first negotiation", "first negotiation", "first right", "right to match", "first opportunity", "option to purchase", "option to acquire", "offer first"],
    sayAbsent: true,
  }),
  concept("Exclusivity, non-compete and non-solicit", {
    id: "most-favored-nation",
    name: "Most favoured terms",
    clause: "most-favoured-nation",
    question: "Is a party entitled to most favoured terms, as good as any third party gets?",
    ask: ["most favored nation", "most favoured nation", "most favored", "most favoured", "better terms", "mfn", "best price"],
    says: ["most favored", "most favoured", "most favorable", "most favourable", "no less favorable", "no less favourable", "more favorable", "more favourable", "better terms", "lower price", "lowest price", "best price", "favorable terms", "favourable terms", "equal to or better"],
    sayAbsent: true,
  }),
  // Liability, indemnity and insurance
  concept("Liability, indemnity and insurance", {
    id: "cap-on-liability",
    name: "Liability cap",
    clause: "limitation-of-liability",
    question: "Is either party's liability capped or limited?",
    ask: ["cap liability", "limitation liability", "limit liability", "liability cap", "maximum liability", "liability limited", "liability capped"],
    says: ["limitation of liability", "limitation on liability", "shall not exceed", "in no event shall", "aggregate liability", "total liability", "maximum liability", "liability hereunder", "not be liable", "no liability", "consequential damages", "indirect", "special incidental", "amounts paid", "liability arising", "limited to"],
    needs: ["liab*", "damag*"],
    sayAbsent: true,
  }),
  concept("Liability, indemnity and insurance", {
    id: "uncapped-liability",
    name: "Uncapped liability",
    clause: "uncapped-liability",
    question: "Is any liability left uncapped, for example for indemnities or confidentiality breaches?",
    ask: ["uncapped liability", "uncapped", "unlimited liability", "liability uncapped", "exceptions limitation liability"],
    says: ["shall not apply to", "limitation shall not apply", "limitations shall not apply", "exclusions", "except for", "excluding", "gross negligence", "willful misconduct", "wilful misconduct", "indemnification obligations", "breach of confidentiality", "infringement", "fraud", "unlimited"],
    needs: ["liab*", "damag*"],
    sayAbsent: true,
  }),
  concept("Liability, indemnity and insurance", {
    id: "liquidated-damages",
    name: "Liquidated damages",
    clause: "liquidated-damages",
    question: "Does the agreement set liquidated damages or a termination fee?",
    ask: ["liquidated damages", "termination fee", "penalty", "break fee", "late completion"],
    says: ["liquidated damages", "termination fee", "termination charge", "early termination fee", "early termination payment", "break fee", "cancellation fee", "per day of delay", "delay damages", "not as a penalty", "penalt*"],
    sayAbsent: true,
  }),
  concept("Liability, indemnity and insurance", {
    id: "indemnity",
    name: "Indemnity",
    clause: "indemnity",
    question: "Who must indemnify whom, and for what?",
    ask: ["indemnity", "indemnification", "indemnify", "hold harmless"],
    says: ["indemnif*", "indemnit*", "hold harmless", "defend", "losses", "claims"],
    needs: ["indemn*", "harmless"],
    sayAbsent: true,
  }),
  concept("Liability, indemnity and insurance", {
    id: "insurance",
    name: "Insurance",
    clause: "insurance",
    question: "What insurance must a party maintain?",
    ask: ["insurance", "insured", "insure", "coverage policy"],
    says: ["insurance", "insured", "insurer*", "insure", "policy", "policies", "coverage", "additional insured", "certificate of insurance", "liability insurance"],
    needs: ["insur*"],
    sayAbsent: true,
  }),
  concept("Liability, indemnity and insurance", {
    id: "warranty-duration",
    name: "Warranty period",
    clause: "warranty-period",
    question: "How long do the warranties last?",
    ask: ["warranty duration", "duration warranty", "warranty period", "how long warranty", "warranty last", "defects liability period"],
    says: ["warranty period", "warrant* period", "warrant* for a period", "for a period of", "months from", "days from", "year* from", "months after", "days after", "months following", "days following", "defects liability period", "warranty shall expire", "warranty shall", "warranty term"],
    needs: ["warrant*", "guarant*", "defects liability"],
    sayAbsent: true,
  }),
  concept("Liability, indemnity and insurance", {
    id: "covenant-not-to-sue",
    name: "Covenant not to sue",
    clause: "covenant-not-to-sue",
    question: "Is there a covenant not to sue or contest the validity of the other's rights?",
    ask: ["covenant not sue", "covenant sue", "not sue", "contest validity", "challenge validity", "bring claim"],
    says: ["contest the validity", "challenge the validity", "contest", "challenge", "attack the validity", "dispute the validity", "covenant not to sue", "sue", "bring any claim", "bring any action", "oppose", "validity of", "contest or challenge", "challenge or contest"],
    needs: ["contest*", "challeng*", "sue", "attack*", "validity", "oppos*"],
    sayAbsent: true,
  }),
  concept("Liability, indemnity and insurance", {
    id: "third-party-beneficiary",
    name: "Third-party beneficiaries",
    clause: "third-party-beneficiary",
    question: "Is any third party a beneficiary who can enforce this agreement?",
    ask: ["third party beneficiary", "third party beneficiaries", "beneficiary", "beneficiaries", "non contracting party"],
    says: ["third party beneficiar*", "third-party beneficiar*", "beneficiar*", "intended beneficiar*", "enforce", "rights of third parties", "contracts rights of third parties"],
    needs: ["beneficiar*"],
    sayAbsent: true,
  }),
  // Payment and audit
  concept("Payment and audit", {
    id: "revenue-profit-sharing",
    name: "Revenue sharing",
    clause: "revenue-sharing",
    question: "Does a party share revenue, profit or royalties with the other?",
    ask: ["revenue profit sharing", "revenue sharing", "profit sharing", "share revenue", "share profit", "royalty", "royalties", "commission"],
    says: ["revenue share", "revenue sharing", "share of revenue*", "share of profit*", "share of net", "share of the net", "share of gross", "percent of net", "percent of gross", "percent of the net", "percent of all", "percentage of net", "percentage of gross", "percentage of the net", "profit share", "profit sharing", "royalt*", "net sales", "net revenue*", "gross revenue*", "net profit*", "gross profit*", "commission*", "net receipts"],
    sayAbsent: true,
  }),
  concept("Payment and audit", {
    id: "price-restrictions",
    name: "Price restrictions",
    clause: "price-restriction",
    question: "Is a party restricted in raising or lowering its prices?",
    ask: ["price restrictions", "price restriction", "raise prices", "reduce prices", "price increase", "increase price", "change price"],
    says: ["increase the price*", "price increase*", "increase* in price*", "increase* its price*", "price* shall be fixed", "price* shall remain", "price* fixed", "fixed price*", "price adjustment*", "adjust* the price*", "adjust* its price*", "raise price*", "raise its price*", "reduce price*", "reduce its price*", "price protection", "change* the price*", "change* its price*", "price change*"],
    needs: ["price*", "pricing"],
    sayAbsent: true,
  }),
  concept("Payment and audit", {
    id: "minimum-commitment",
    name: "Minimum commitment",
    clause: "minimum-commitment",
    question: "Is there a minimum a party must buy or order?",
    ask: ["minimum commitment", "minimum order", "minimum purchase", "minimum amount", "minimum", "minimum units"],
    says: ["minimum", "at least", "not less than", "minimum purchase*", "minimum order*", "minimum quantit*", "guaranteed minimum", "minimum annual", "shall purchase", "shall order"],
    needs: ["minimum", "least", "less", "purchase*", "order*"],
    sayAbsent: true,
  }),
  concept("Payment and audit", {
    id: "volume-restriction",
    name: "Volume restriction",
    clause: "volume-restriction",
    question: "Do fees rise, or is consent needed, past a usage threshold?",
    ask: ["volume restriction", "volume", "exceeds threshold", "threshold", "usage exceeds", "usage limit"],
    says: ["exceed*", "in excess of", "threshold", "additional fee*", "volume*", "maximum", "more than", "up to", "overage*", "cap"],
    needs: ["exceed*", "excess", "threshold", "volume*", "maximum", "overage*", "more", "cap", "limit*"],
    sayAbsent: true,
  }),
  concept("Payment and audit", {
    id: "payment",
    name: "Payment",
    clause: "payment",
    question: "What must be paid, and when?",
    ask: ["payment terms", "payment clause", "when paid", "when payment due", "invoice"],
    says: ["pay*", "fee*", "invoice*", "price", "deposit", "rent", "within days", "due"],
    needs: ["pay*", "fee*", "invoice*", "price*", "deposit*", "rent", "sum"],
    sayAbsent: false,
  }),
  concept("Payment and audit", {
    id: "audit-rights",
    name: "Audit rights",
    clause: "audit",
    question: "Can a party audit the other's books, records or premises?",
    ask: ["audit rights", "audit", "inspect books", "inspect records", "inspection", "examine records"],
    says: ["audit*", "inspect*", "books and records", "books of account", "examin*", "records", "accountant*", "access to"],
    needs: ["audit*", "inspect*", "examin*", "records", "books"],
    sayAbsent: true,
  }),
  // IP and licences
  concept("IP and licences", {
    id: "ip-ownership-assignment",
    name: "IP ownership",
    clause: "IP-ownership",
    question: "Who owns the intellectual property created under the agreement?",
    ask: ["ip ownership assignment", "ip ownership", "ownership intellectual property", "owns intellectual property", "intellectual property become property", "who owns", "ownership"],
    says: ["shall own", "shall be owned", "will own", "shall retain ownership", "sole and exclusive property", "exclusive property of", "shall be the property of", "shall become the property", "property of", "hereby assign*", "all right title and interest", "right title and interest", "work made for hire", "works made for hire", "vest* in", "ownership of", "owner of"],
    needs: ["own*", "property", "title", "assign*", "vest*", "hire"],
    also: ["intellectual", "invent*", "work product", "deliverable*", "developed", "improvement*", "creat*", "copyright*", "patent*", "derivative*", "technology", "know-how", "modification*"],
    sayAbsent: true,
  }),
  concept("IP and licences", {
    id: "joint-ip-ownership",
    name: "Joint IP ownership",
    clause: "joint-IP-ownership",
    question: "Is there joint ownership of any intellectual property?",
    ask: ["joint ip ownership", "joint ownership intellectual property", "joint ownership", "jointly owned", "joint ip", "shared ownership", "own jointly"],
    says: ["jointly owned", "joint ownership", "owned jointly", "jointly own", "joint property", "co-owner*", "co-owned", "jointly developed", "undivided interest", "joint work*", "joint invention*", "joint intellectual property", "joint technology"],
    needs: ["joint*", "co-own*", "undivided", "shared"],
    except: ["joint venture*", "joint marketing", "joint press release", "joint and several*", "jointly and severally", "joint committee", "joint steering committee", "joint enterprise", "joint employer*"],
    sayAbsent: true,
  }),
  concept("IP and licences", {
    id: "license-grant",
    name: "Licence grant",
    clause: "licence",
    question: "What licence does a party grant, and to whom?",
    ask: ["license grant", "licence grant", "license granted", "licence granted", "grant license", "grant licence", "license", "licence"],
    says: ["hereby grant*", "grant* to", "license to", "licence to", "license*", "licence*", "licensed", "sublicens*", "right to use", "royalty-free", "non-exclusive"],
    needs: ["licens*", "licenc*", "grant*", "right to use"],
    sayAbsent: true,
  }),
  concept("IP and licences", {
    id: "non-transferable-license",
    name: "Licence transfer limits",
    clause: "licence-transfer-restriction",
    question: "Is the licence non-transferable or non-sublicensable?",
    ask: ["non transferable license", "non transferable licence", "limit transfer license", "transfer license", "transfer licence", "nontransferable", "non transferable", "sublicense", "sublicensable"],
    says: ["non-transferable", "nontransferable", "non-transferrable", "non-assignable", "nonassignable", "non-sublicensable", "nonsublicensable", "without the right to sublicense", "right to sublicense", "right to grant sublicense*", "may not sublicense", "shall not sublicense", "license* is personal", "licence* is personal", "personal to"],
    needs: ["licens*", "licenc*", "sublicens*"],
    sayAbsent: true,
  }),
  concept("IP and licences", {
    id: "affiliate-license-licensor",
    name: "Licence from affiliates",
    clause: "licensor-affiliate licence",
    question: "Does the licence include rights of the licensor's affiliates?",
    ask: ["affiliate license licensor", "affiliate licence licensor", "licensor affiliates", "affiliates licensor"],
    says: ["affiliates", "its affiliates", "licensor and its affiliates", "on behalf of itself and its affiliates", "affiliate*"],
    needs: ["affiliat*"],
    also: ["licens*", "licenc*", "sublicens*"],
    sayAbsent: true,
  }),
  concept("IP and licences", {
    id: "affiliate-license-licensee",
    name: "Licence to affiliates",
    clause: "licensee-affiliate licence",
    question: "Does the licence extend to the licensee's affiliates?",
    ask: ["affiliate license licensee", "affiliate licence licensee", "licensee affiliates", "affiliates licensee"],
    says: ["affiliates", "and its affiliates", "licensee and its affiliates", "to its affiliates", "affiliate*"],
    needs: ["affiliat*"],
    also: ["licens*", "licenc*", "sublicens*"],
    sayAbsent: true,
  }),
  concept("IP and licences", {
    id: "unlimited-license",
    name: "Unlimited licence",
    clause: "unlimited-licence",
    question: "Is any licence unlimited in use, or enterprise-wide?",
    ask: ["unlimited all you can eat license", "unlimited license", "unlimited licence", "all you can eat", "enterprise license", "unlimited usage", "unlimited"],
    says: ["unlimited", "all you can eat", "enterprise-wide", "enterprise licen*", "unlimited number", "unlimited use*", "unlimited cop*", "unlimited right*", "any number of cop*", "any number of user*"],
    needs: ["licens*", "licenc*", "use", "usage", "copies", "users"],
    except: ["unlimited liability"],
    sayAbsent: true,
  }),
  concept("IP and licences", {
    id: "irrevocable-or-perpetual-license",
    name: "Perpetual licence",
    clause: "perpetual-or-irrevocable-licence",
    question: "Is any licence irrevocable or perpetual?",
    ask: ["irrevocable perpetual license", "irrevocable", "perpetual", "perpetuity"],
    says: ["irrevocabl*", "perpetual", "perpetuity", "fully paid", "fully-paid", "survive* termination"],
    needs: ["irrevocabl*", "perpetu*"],
    sayAbsent: true,
  }),
  concept("IP and licences", {
    id: "source-code-escrow",
    name: "Source code escrow",
    clause: "source-code-escrow",
    question: "Must source code be deposited in escrow?",
    ask: ["source code escrow", "escrow", "source code"],
    says: ["escrow*", "source code", "escrow agent", "deposit* the source", "release of the source"],
    needs: ["escrow*", "source"],
    sayAbsent: true,
  }),
  // Governing law and disputes
  concept("Governing law and disputes", {
    id: "governing-law",
    name: "Governing law",
    clause: "governing-law",
    question: "Which law governs this agreement?",
    ask: ["governing law", "law governs", "law governing", "governed law", "choice law", "applicable law", "law applies", "law apply", "law interpretation"],
    says: ["governing law", "governed by", "governed and construed", "construed in accordance with", "construed under", "construed according to", "interpreted in accordance with", "laws of the state", "laws of the commonwealth", "laws of", "law of", "applicable law", "subject to the laws"],
    needs: ["law", "laws", "govern*", "constru*"],
    sayAbsent: true,
  }),
  concept("Governing law and disputes", {
    id: "dispute-resolution",
    name: "Disputes",
    clause: "dispute-resolution",
    question: "How are disputes resolved, and in which courts?",
    ask: ["dispute resolution", "resolve disputes", "settle disputes", "arbitration", "jurisdiction", "venue", "mediation"],
    says: ["arbitrat*", "dispute*", "jurisdiction", "venue", "courts of", "mediat*", "submit to", "exclusive jurisdiction"],
    needs: ["arbitrat*", "disput*", "jurisdiction", "venue", "court*", "mediat*"],
    sayAbsent: true,
  }),
  // Other clauses
  concept("Other clauses", {
    id: "confidentiality",
    name: "Confidentiality",
    clause: "confidentiality",
    question: "What must be kept confidential, and for how long?",
    ask: ["confidentiality", "confidential", "non disclosure", "nondisclosure", "trade secrets"],
    says: ["confidential*", "non-disclosure", "nondisclosure", "not disclose", "proprietary information", "trade secret*"],
    needs: ["confidential*", "disclos*", "secret*"],
    sayAbsent: true,
  }),
  concept("Other clauses", {
    id: "notices",
    name: "Notices",
    clause: "notices",
    question: "How must notices be given?",
    ask: ["notices", "notice given", "give notice", "serve notice", "notice address"],
    says: ["notices", "notice shall be", "in writing", "delivered", "registered mail", "certified mail", "addressed to", "courier", "email"],
    needs: ["notic*"],
    sayAbsent: true,
  }),
  concept("Other clauses", {
    id: "force-majeure",
    name: "Force majeure",
    clause: "force-majeure",
    question: "Is a party excused when events beyond its control prevent performance?",
    ask: ["force majeure", "act god", "beyond control"],
    says: ["force majeure", "beyond its reasonable control", "beyond the reasonable control", "acts of god", "act of god", "strike*", "fire", "flood", "war"],
    sayAbsent: true,
  }),
  concept("Other clauses", {
    id: "defects",
    name: "Defects",
    clause: "defects",
    question: "Who must repair defects, and by when?",
    ask: ["defects", "defect", "repair", "repairs"],
    says: ["defect*", "repair*", "remedy", "make good", "rectif*"],
    needs: ["defect*", "repair*", "rectif*", "remed*"],
    sayAbsent: true,
  }),
];
