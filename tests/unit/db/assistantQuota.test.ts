import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { asRole, migratedDb, signUp } from "./harness";

// The assistant's daily quota (issue 31, item 5), as PostgREST runs it: the Edge Function calls the two functions
// with the signed-in user's token.
let db: PGlite;

beforeAll(async () => {
  db = await migratedDb();
}, 120_000);

const newUser = () => signUp(db, `${crypto.randomUUID()}@example.com`);

/** assistant_begin_request as this user: whether the question may go on. */
const begin = (user: string, requestLimit: number, tokenLimit: number) =>
  asRole(db, "authenticated", user, async (tx) =>
    (await tx.query<{ allowed: boolean }>("select public.assistant_begin_request($1, $2) as allowed", [requestLimit, tokenLimit])).rows[0]?.allowed,
  );

/** assistant_add_tokens as this user: the day's total. */
const addTokens = (user: string, tokens: number) =>
  asRole(db, "authenticated", user, async (tx) => Number((await tx.query<{ total: string }>("select public.assistant_add_tokens($1) as total", [tokens])).rows[0]?.total));

/** What this user reads of the usage table. */
const usageAs = (user: string) =>
  asRole(db, "authenticated", user, async (tx) =>
    (await tx.query<{ user_id: string; requests: number; tokens: string }>("select user_id, requests, tokens from public.assistant_usage")).rows.map((r) => ({
      ...r,
      tokens: Number(r.tokens),
    })),
  );

describe("the assistant's daily quota", () => {
  it("counts a user's questions up to the limit, then refuses without counting", async () => {
    const ada = await newUser();
    expect([await begin(ada, 3, 1_000), await begin(ada, 3, 1_000), await begin(ada, 3, 1_000)]).toEqual([true, true, true]);
    expect(await begin(ada, 3, 1_000)).toBe(false);
    expect(await usageAs(ada)).toEqual([{ user_id: ada, requests: 3, tokens: 0 }]);
  });

  it("refuses once the day's tokens have reached the limit", async () => {
    const ada = await newUser();
    expect(await begin(ada, 10, 1_000)).toBe(true);
    expect(await addTokens(ada, 600)).toBe(600);
    expect(await begin(ada, 10, 1_000)).toBe(true);
    expect(await addTokens(ada, 400)).toBe(1_000);
    expect(await begin(ada, 10, 1_000)).toBe(false);
    expect(await usageAs(ada)).toEqual([{ user_id: ada, requests: 2, tokens: 1_000 }]);
  });

  it("counts each user apart: B's questions are B's, and B reads none of A's usage", async () => {
    const [ada, bob] = [await newUser(), await newUser()];
    await begin(ada, 1, 1_000);
    await addTokens(ada, 900);
    expect(await begin(ada, 1, 1_000)).toBe(false);
    expect(await begin(bob, 1, 1_000)).toBe(true);
    expect(await usageAs(bob)).toEqual([{ user_id: bob, requests: 1, tokens: 0 }]);
    expect(await usageAs(ada)).toEqual([{ user_id: ada, requests: 1, tokens: 900 }]);
  });

  it("starts each UTC day afresh and leaves earlier days as they were", async () => {
    const ada = await newUser();
    await db.query("insert into public.assistant_usage (user_id, day, requests, tokens) values ($1, (now() at time zone 'utc')::date - 1, 5, 9000)", [ada]);
    expect(await begin(ada, 5, 9_000)).toBe(true);
    const days = await asRole(db, "authenticated", ada, async (tx) =>
      (await tx.query<{ past: boolean; requests: number }>("select day < (now() at time zone 'utc')::date as past, requests from public.assistant_usage order by day")).rows,
    );
    expect(days).toEqual([
      { past: true, requests: 5 },
      { past: false, requests: 1 },
    ]);
  });

  it.each([
    ["insert a row", (user: string) => `insert into public.assistant_usage (user_id, day) values ('${user}', '2030-01-01')`],
    ["lower a count", () => "update public.assistant_usage set requests = 0, tokens = 0"],
    ["delete a row", () => "delete from public.assistant_usage"],
  ])("a user cannot %s of the table directly, their own included", async (_, sql) => {
    const ada = await newUser();
    await begin(ada, 5, 1_000);
    await expect(asRole(db, "authenticated", ada, (tx) => tx.query(sql(ada)))).rejects.toThrow(/permission denied/);
    expect(await usageAs(ada)).toEqual([{ user_id: ada, requests: 1, tokens: 0 }]);
  });

  it.each([
    ["negative tokens", (user: string) => addTokens(user, -500), /invalid_tokens/],
    ["more tokens than one answer can have", (user: string) => addTokens(user, 10_000_001), /invalid_tokens/],
    ["a negative limit", (user: string) => begin(user, -1, 1_000), /invalid_limit/],
  ])("refuses %s: the counts only ever go up", async (_, call, error) => {
    const ada = await newUser();
    await begin(ada, 5, 1_000);
    await expect(call(ada)).rejects.toThrow(error);
    expect(await usageAs(ada)).toEqual([{ user_id: ada, requests: 1, tokens: 0 }]);
  });

  it("gives the anonymous role nothing: no usage to read, neither function to call", async () => {
    await expect(asRole(db, "anon", null, (tx) => tx.query("select * from public.assistant_usage"))).rejects.toThrow(/permission denied/);
    await expect(asRole(db, "anon", null, (tx) => tx.query("select public.assistant_begin_request(100, 1000)"))).rejects.toThrow(/permission denied/);
    await expect(asRole(db, "anon", null, (tx) => tx.query("select public.assistant_add_tokens(0)"))).rejects.toThrow(/permission denied/);
  });

  it("keeps its helper from the API: a user cannot call it", async () => {
    const ada = await newUser();
    await expect(asRole(db, "authenticated", ada, (tx) => tx.query("select public.assistant_usage_of_today()"))).rejects.toThrow(/permission denied/);
  });

  it("a user's usage goes with their account", async () => {
    const ada = await newUser();
    await begin(ada, 5, 1_000);
    await db.query("delete from auth.users where id = $1", [ada]);
    expect((await db.query("select 1 from public.assistant_usage where user_id = $1", [ada])).rows).toEqual([]);
  });
});
