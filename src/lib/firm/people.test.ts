import { describe, expect, it } from "vitest";
import { initialsOf, nameById, nameOfPerson } from "./people";

describe("people of the firm", () => {
  it.each([
    ["Ada Lovelace", "AL"],
    ["Ada Augusta King Lovelace", "AL"],
    ["carol@firm.test", "C"],
    ["jean-luc.picard@firm.test", "JP"],
    ["Émile Zola", "ÉZ"],
    ["", "?"],
  ])("%j has the initials %j", (name, initials) => expect(initialsOf(name)).toBe(initials));

  it("names a person by name, or e-mail without one, and finds colleagues by id", () => {
    const people = [{ userId: "u1", fullName: null, email: "bob@firm.test", role: "member" as const, joinedAt: "" }];
    expect(nameOfPerson(people[0]!)).toBe("bob@firm.test");
    expect(nameById(people, "u1")).toBe("bob@firm.test");
    expect(nameById(people, "u2")).toBeUndefined();
    expect(nameById(people, undefined)).toBeUndefined();
  });
});
