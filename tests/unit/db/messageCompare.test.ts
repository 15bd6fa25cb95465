import type { PGlite, Transaction } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { parseMessages, type ChatMessage } from "../../../src/lib/dash/chat";
import { TABLE_MAPPINGS } from "../../../src/lib/sync/tables";
import { asRole, migratedDb, signUp } from "./harness";

// A question asked from a comparison (issue 45's "Ask about these changes") on PGlite under the migrations: its pair
// of versions (messages.compare, supabase/migrations/20251201004500_message_compare.sql) goes to the server with the
// message and comes back as ChatMessage.compare, so another device answers the conversation from the changes too.

type Row = Record<string, unknown>;
let db: PGlite;
let ada: string;
const messages = TABLE_MAPPINGS.find((m) => m.table === "messages")!;
const keep = <T>(run: (tx: Transaction) => Promise<T>) => asRole(db, "authenticated", ada, run);
const apply = (changes: unknown) =>
  keep(async (tx) => (await tx.query<{ result: { ok: boolean }[] }>("select public.apply_changes($1::jsonb, $2::uuid) as result", [JSON.stringify(changes), ada])).rows[0]!.result);
const question = (id: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({ id, role: "user", content: "What changed in governing law?", timestamp: "2026-11-28T09:00:00.000Z", scope: "all", ...extra });
const upsert = (list: ChatMessage[]) => messages.toRows(new Map([["conv-1", list]])).map((row) => ({ table: "messages", op: "upsert", row }));

beforeAll(async () => {
  db = await migratedDb();
  ada = await signUp(db, "ada@firm.test", { full_name: "Ada Lovelace" });
  await keep((tx) => tx.query("insert into public.conversations (id, title, pinned, updated_at) values ('conv-1', 'Changes', false, now())"));
}, 120_000);

describe("messages.compare", () => {
  it("keeps a question's pair of versions, and none for an ordinary question", async () => {
    const asked = [question("q1", { compare: { a: "nda", b: "nda-v2" } }), question("q2")];
    const applied = await apply(upsert(asked));
    expect(applied, JSON.stringify(applied)).toEqual(asked.map(() => expect.objectContaining({ ok: true })));
    const rows = await keep(async (tx) => (await tx.query<{ row: Row }>("select to_jsonb(m) as row from public.messages as m order by id")).rows.map((r) => r.row));
    const back = messages.fromRows(rows) as ReadonlyMap<string, unknown>;
    expect(parseMessages(back.get("conv-1"))).toEqual(asked);
  });

  it.each([[{ a: "nda" }], [{ a: "nda", b: "bad id" }], [["nda", "nda-v2"]], [{ a: "x".repeat(257), b: "nda" }]])("refuses compare %j", async (compare) => {
    const [row] = messages.toRows(new Map([["conv-1", [question("q3")]]]));
    const result = await apply([{ table: "messages", op: "upsert", row: { ...row, compare } }]);
    expect(result[0]?.ok).toBe(false);
  });
});
