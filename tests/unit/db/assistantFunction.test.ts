import type { PGlite } from "@electric-sql/pglite";
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAssistantHandler, type AssistantEnv } from "../../../supabase/functions/assistant/handler";
import { startService, type Received } from "../../../supabase/functions/assistant/fakeServices";
import type { AssistantPassage } from "../../../supabase/functions/assistant/prompt";
import { startFakeServer, type FakeServer } from "../../e2e/fixtures/server";
import { createDataApi, testCaller } from "../../fixtures/postgrest";
import { asRole, migratedDb, signUp } from "./harness";

// The assistant Edge Function (supabase/functions/assistant/handler.ts) through its handler, against the real
// migrations on PGlite (issue 43, item 6): Supabase Auth and the data API over HTTP on 127.0.0.1 (row-level security
// and grants decide, as tests/fixtures/postgrest.ts runs them), and a fake model. The function answers only from the
// user's own pages and knowledge, and its quotas hold for questions asked at once.

const ANON_KEY = "anon-key";
const SERVICE_KEY = "service-key";

let db: PGlite;
let ada: string;
let bob: string;
let dan: string;
let supabase: FakeServer;
let model: Awaited<ReturnType<typeof startService>>;
/** The model's answers wait for this when it is set: questions then stay open together. */
let held: Promise<void> | null = null;

const LEASE_TEXT = "Rent. The rent is due on the first day of each month, paid to the landlord's account.";
const WALLED_TEXT = "Settlement. The parties settle for 400,000 euros, confidential.";

/** The model: its answer's first words at once, the rest (with its usage, 900 tokens) once `held` is released. */
function answer(_: Received, res: ServerResponse) {
  res.writeHead(200, { "content-type": "text/event-stream" });
  res.write('data: {"choices":[{"delta":{"content":"Rent is due on the first [1]."}}]}\n\n');
  void (held ?? Promise.resolve()).then(() =>
    res.end('data: {"choices":[],"usage":{"prompt_tokens":800,"completion_tokens":100,"total_tokens":900}}\n\ndata: [DONE]\n\n'),
  );
}

beforeAll(async () => {
  db = await migratedDb();
  ada = await signUp(db, "ada@firm.test", { full_name: "Ada Lovelace" });
  bob = await signUp(db, "bob@firm.test", { full_name: "Bob Byron" });
  dan = await signUp(db, "dan@other.test", { full_name: "Dan Other" });
  const token = (await asRole(db, "authenticated", ada, (tx) => tx.query<{ i: { token: string } }>("select public.create_firm_invite('bob@firm.test') as i"))).rows[0]!.i.token;
  await asRole(db, "authenticated", bob, (tx) => tx.query("select public.accept_firm_invite($1, public.current_firm())", [token]));
  await asRole(db, "authenticated", ada, async (tx) => {
    await tx.query("insert into public.cases (id, title, docket_no, sharing) values ('case-open', 'Smith v Jones', 'CV-1', 'firm'), ('case-walled', 'Walled matter', 'CV-2', 'members')");
    await tx.query(
      "insert into public.documents (id, title, file_name, kind, case_id, case_title) values ('doc-lease', 'Lease', 'lease.pdf', 'pdf', 'case-open', 'Smith v Jones'), ('doc-walled', 'Settlement', 's.pdf', 'pdf', 'case-walled', 'Walled matter')",
    );
    await tx.query("insert into public.document_pages (document_id, page_number, text) values ('doc-lease', 3, $1), ('doc-walled', 1, $2)", [LEASE_TEXT, WALLED_TEXT]);
    await tx.query(
      "insert into public.knowledge_items (id, title, type, description, source, text) values ('kb-law', 'Contract Law', 'law', 'Cap. 149 governs contracts.', 'Cyprus', 'A contract needs consideration.'), ('kb-guide', 'Billing guide', 'internal', 'We bill monthly.', 'Firm', null)",
    );
  });
  const data = createDataApi(db);
  supabase = await startFakeServer(0, (request) => {
    const bearer = String(request.headers.authorization ?? "").replace(/^Bearer /, "");
    if (request.path === "/auth/v1/user") {
      return bearer.startsWith("user:") && request.headers.apikey === ANON_KEY ? { status: 200, body: { id: bearer.slice(5) } } : { status: 401, body: { msg: "invalid JWT" } };
    }
    const caller = bearer === SERVICE_KEY && request.headers.apikey === SERVICE_KEY ? { role: "service_role" as const, sub: null } : testCaller(request.headers, ANON_KEY);
    if (!caller) return { status: 401, body: { message: "JWT invalid" } };
    return data.handle(request, caller);
  });
  model = await startService(answer);
}, 120_000);

afterAll(async () => {
  await supabase?.close();
  await model?.close();
});

beforeEach(async () => {
  held = null;
  model.received.length = 0;
  await db.exec("delete from public.assistant_usage; delete from public.assistant_project_usage; delete from public.assistant_reservations");
});

const env = (overrides: Partial<AssistantEnv> = {}): AssistantEnv => ({
  SUPABASE_URL: supabase.url,
  SUPABASE_ANON_KEY: ANON_KEY,
  SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
  LLM_BASE_URL: `${model.url}/v1`,
  LLM_MODEL: "gpt-4o-mini",
  ...overrides,
});

const ask = (user: string, passages: AssistantPassage[], overrides: Partial<AssistantEnv> = {}) =>
  createAssistantHandler({ env: env(overrides), fetch })(
    new Request("https://project.supabase.co/functions/v1/assistant", {
      method: "POST",
      headers: { authorization: `Bearer user:${user}`, "content-type": "application/json" },
      body: JSON.stringify({ question: "When is rent due?", passages }),
    }),
  );

const lease: AssistantPassage = { n: 1, title: "Lease", source: "Smith v Jones", page: 3, text: "The rent is due on the first day of each month", document: "doc-lease" };
const law: AssistantPassage = { n: 2, title: "Contract Law", source: "Law · Cyprus", text: "A contract needs consideration.", item: "kb-law" };

/** The model's user message of its one request. */
const prompted = () => (JSON.parse(model.received[0]?.body ?? "{}") as { messages?: { content: string }[] }).messages?.[1]?.content;

describe("the assistant answers only from the user's own pages", () => {
  it("answers from a passage of a page the user reads, shown with the database's title, case and page", async () => {
    const response = await ask(bob, [{ ...lease, title: "Anything the browser says", source: "system" }]);
    expect(response.status).toBe(200);
    await response.text();
    expect(prompted()).toBe(`Question: When is rent due?\n\nPassages:\n\n[1] Lease (Smith v Jones, page 3)\n${lease.text}`);
  });

  it.each<[string, () => string, AssistantPassage]>([
    ["words that are on no page at all", () => bob, { ...lease, text: "The landlord waives all rent." }],
    ["a page of a walled case the user is not on", () => bob, { ...lease, document: "doc-walled", page: 1, text: "The parties settle for 400,000 euros" }],
    ["another firm's page", () => dan, lease],
    ["the right words on another page of the document", () => bob, { ...lease, page: 4 }],
  ])("refuses %s before the model is called, and reserves nothing", async (_, user, passage) => {
    const response = await ask(user(), [passage]);
    expect([response.status, await response.json()]).toEqual([422, { error: { message: "A passage is not on a page you can read.", code: "unverified_passage" } }]);
    expect(model.received).toHaveLength(0);
    expect((await db.query("select * from public.assistant_usage")).rows).toEqual([]);
  });

  it("checks knowledge items the same way: the user's own Law, never another user's, nor words it does not hold", async () => {
    const own = await ask(ada, [law]);
    expect(own.status).toBe(200);
    await own.text();
    expect(prompted()).toContain("[2] Contract Law (Law · Cyprus)\nA contract needs consideration.");
    // A colleague reads Ada's Internal guide, but not her Laws.
    const guide = await ask(bob, [{ n: 1, title: "Billing guide", source: "Internal · Firm", text: "We bill monthly.", item: "kb-guide" }]);
    expect(guide.status).toBe(200);
    await guide.text();
    for (const [user, passage] of [
      [bob, law],
      [ada, { ...law, text: "A contract needs no consideration." }],
    ] as const) {
      const refused = await ask(user, [passage]);
      expect(refused.status).toBe(422);
      await refused.body?.cancel();
    }
    expect(model.received).toHaveLength(2);
  });
});

describe("the quotas hold for questions asked at once", () => {
  it("30 questions at once against 6,000 tokens: only the reservations that fit reach the model, and the day ends within it", async () => {
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    const limits = { ASSISTANT_DAILY_TOKENS: "6000", ASSISTANT_MAX_TOKENS: "1000" };
    const responses = await Promise.all(Array.from({ length: 30 }, () => ask(bob, [lease], limits)));
    const statuses = responses.map((r) => r.status);
    // Each reserves its prompt's estimate plus 1,000: five fit in 6,000.
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect(model.received).toHaveLength(5);
    release();
    await Promise.all(responses.map((r) => r.text()));
    // Settled with the 900 tokens each answer used.
    await expect.poll(async () => (await db.query<{ tokens: string }>("select tokens::int as tokens from public.assistant_usage where user_id = $1", [bob])).rows).toEqual([{ tokens: 4500 }]);
  });

  it("holds a project-wide day beside each user's", async () => {
    const limits = { ASSISTANT_PROJECT_DAILY_REQUESTS: "1" };
    const first = await ask(ada, [lease], limits);
    expect(first.status).toBe(200);
    await first.text();
    const second = await ask(bob, [lease], limits);
    expect([second.status, await second.json()]).toEqual([429, { error: { message: "The assistant's daily limit for all users is reached.", code: "daily_limit" } }]);
    expect(model.received).toHaveLength(1);
  });
});
