import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asRole, migratedDb, signUp } from "./harness";

// The assistant's daily quotas (issue 31 item 5, issue 43 item 6: supabase/migrations/20251127000200_assistant_quota.sql
// and 20251201000300_assistant_passages.sql), as PostgREST runs them: the Edge Function reserves a question's tokens
// with the service key before the model is asked and settles them when the answer ends; no signed-in user may call
// either function.
let db: PGlite;

beforeAll(async () => {
  db = await migratedDb();
}, 120_000);

// Each test starts a day of its own for the whole project.
beforeEach(async () => {
  await db.query("delete from public.assistant_project_usage");
});

const newUser = () => signUp(db, `${crypto.randomUUID()}@example.com`);

type Limits = { requests: number; tokens: number; projectRequests: number; projectTokens: number };
const ROOMY: Limits = { requests: 100, tokens: 100_000, projectRequests: 1_000, projectTokens: 1_000_000 };

/** assistant_reserve with the service key: `{ reservation }` or `{ refused }`. */
const reserve = (user: string, estimate: number, limits: Partial<Limits> = {}) => {
  const { requests, tokens, projectRequests, projectTokens } = { ...ROOMY, ...limits };
  return asRole(db, "service_role", null, async (tx) =>
    (await tx.query<{ r: { reservation?: string; refused?: string } }>("select public.assistant_reserve($1, $2, $3, $4, $5, $6) as r", [
      user,
      estimate,
      requests,
      tokens,
      projectRequests,
      projectTokens,
    ])).rows[0]!.r,
  );
};

/** assistant_settle with the service key: the user's tokens of the day, or null. */
const settle = (reservation: string, tokens: number) =>
  asRole(db, "service_role", null, async (tx) => {
    const total = (await tx.query<{ total: string | null }>("select public.assistant_settle($1, $2) as total", [reservation, tokens])).rows[0]!.total;
    return total === null ? null : Number(total);
  });

/** What this user reads of the usage table. */
const usageAs = (user: string) =>
  asRole(db, "authenticated", user, async (tx) =>
    (await tx.query<{ requests: number; tokens: string }>("select requests, tokens from public.assistant_usage")).rows.map((r) => ({
      requests: r.requests,
      tokens: Number(r.tokens),
    })),
  );

const project = async () =>
  (await db.query<{ requests: number; tokens: string }>("select requests, tokens from public.assistant_project_usage")).rows.map((r) => ({
    requests: r.requests,
    tokens: Number(r.tokens),
  }));

describe("the assistant's daily quotas", () => {
  it("reserves each question's estimate before the answer: questions waiting at once cannot pass the user's tokens", async () => {
    const ada = await newUser();
    // 30 questions at once, each reserving 1,100 tokens, against 6,000 a day: five go on, the rest are refused.
    const outcomes = [];
    for (let i = 0; i < 30; i += 1) outcomes.push(await reserve(ada, 1_100, { tokens: 6_000 }));
    expect(outcomes.filter((o) => o.reservation)).toHaveLength(5);
    expect(outcomes.filter((o) => o.refused === "user")).toHaveLength(25);
    expect(await usageAs(ada)).toEqual([{ requests: 5, tokens: 5_500 }]);
  });

  it("settles a reservation once, with the tokens used, and frees the rest for the next question", async () => {
    const ada = await newUser();
    const first = (await reserve(ada, 1_100, { tokens: 2_000 })).reservation!;
    expect(await reserve(ada, 1_100, { tokens: 2_000 })).toEqual({ refused: "user" });
    expect(await settle(first, 300)).toBe(300);
    // Settled twice, or a reservation nobody made, changes nothing.
    expect(await settle(first, 0)).toBeNull();
    expect(await settle(crypto.randomUUID(), 0)).toBeNull();
    expect(await reserve(ada, 1_100, { tokens: 2_000 })).toEqual({ reservation: expect.any(String) });
    expect(await usageAs(ada)).toEqual([{ requests: 2, tokens: 1_400 }]);
  });

  it("counts a user's questions up to the limit", async () => {
    const ada = await newUser();
    for (let i = 0; i < 3; i += 1) expect(await reserve(ada, 10, { requests: 3 })).toHaveProperty("reservation");
    expect(await reserve(ada, 10, { requests: 3 })).toEqual({ refused: "user" });
    expect(await usageAs(ada)).toEqual([{ requests: 3, tokens: 30 }]);
  });

  it("holds a project-wide day beside each user's: questions and tokens of every user together", async () => {
    const [ada, bob] = [await newUser(), await newUser()];
    expect(await reserve(ada, 500, { projectTokens: 1_000 })).toHaveProperty("reservation");
    expect(await reserve(bob, 600, { projectTokens: 1_000 })).toEqual({ refused: "project" });
    expect(await reserve(bob, 500, { projectTokens: 1_000 })).toHaveProperty("reservation");
    expect(await reserve(bob, 1, { projectRequests: 2 })).toEqual({ refused: "project" });
    expect(await project()).toEqual([{ requests: 2, tokens: 1_000 }]);
    // Bob's refusals counted nothing of his.
    expect(await usageAs(bob)).toEqual([{ requests: 1, tokens: 500 }]);
  });

  it("settles on the project's day too", async () => {
    const ada = await newUser();
    const made = (await reserve(ada, 1_000)).reservation!;
    await settle(made, 250);
    expect(await project()).toEqual([{ requests: 1, tokens: 250 }]);
  });

  it.each([
    ["a negative estimate", (user: string) => reserve(user, -1), /invalid_limit/],
    ["a negative limit", (user: string) => reserve(user, 1, { tokens: -1 }), /invalid_limit/],
    ["negative tokens", async (user: string) => settle((await reserve(user, 5)).reservation!, -5), /invalid_tokens/],
  ])("refuses %s", async (_, call, error) => {
    const ada = await newUser();
    await expect(call(ada)).rejects.toThrow(error);
  });

  it("lets no signed-in user reserve, settle, or touch the tables: only the function's service key", async () => {
    const ada = await newUser();
    const made = (await reserve(ada, 100)).reservation!;
    for (const sql of [
      `select public.assistant_reserve('${ada}', 0, 1000, 1000000, 1000, 100000000)`,
      `select public.assistant_settle('${made}', 0)`,
      "select * from public.assistant_project_usage",
      "select * from public.assistant_reservations",
      "update public.assistant_usage set requests = 0, tokens = 0",
      "select public.assistant_begin_request(100, 1000)",
      "select public.assistant_add_tokens(0)",
      "select public.assistant_usage_of_today()",
    ]) {
      await expect(asRole(db, "authenticated", ada, (tx) => tx.query(sql)), sql).rejects.toThrow(/permission denied|does not exist/);
      await expect(asRole(db, "anon", null, (tx) => tx.query(sql)), sql).rejects.toThrow(/permission denied|does not exist/);
    }
    expect(await usageAs(ada)).toEqual([{ requests: 1, tokens: 100 }]);
  });

  it("starts each UTC day afresh and leaves earlier days as they were", async () => {
    const ada = await newUser();
    await db.query("insert into public.assistant_usage (user_id, day, requests, tokens) values ($1, (now() at time zone 'utc')::date - 1, 5, 9000)", [ada]);
    expect(await reserve(ada, 10, { requests: 5, tokens: 9_000 })).toHaveProperty("reservation");
    const days = await asRole(db, "authenticated", ada, async (tx) =>
      (await tx.query<{ past: boolean; requests: number }>("select day < (now() at time zone 'utc')::date as past, requests from public.assistant_usage order by day")).rows,
    );
    expect(days).toEqual([
      { past: true, requests: 5 },
      { past: false, requests: 1 },
    ]);
  });

  it("a user's usage and reservations go with their account", async () => {
    const ada = await newUser();
    await reserve(ada, 5);
    await db.query("delete from auth.users where id = $1", [ada]);
    expect((await db.query("select 1 from public.assistant_usage where user_id = $1", [ada])).rows).toEqual([]);
    expect((await db.query("select 1 from public.assistant_reservations where user_id = $1", [ada])).rows).toEqual([]);
  });
});
