import { describe, expect, it } from "vitest";
import { displayName, profileFacts } from "./profile";

const user = { id: "u", email: "ada@example.com", fullName: "Ada L." };
const profile = { id: "u", full_name: "Ada Lovelace", role: "member", created_at: "2025-01-15T09:30:00.000Z" };

describe("profileFacts", () => {
  it("reads name, e-mail, capitalised role and member-since date from the user and profile", () => {
    expect(profileFacts(user, profile, "en-US")).toEqual({
      fullName: "Ada Lovelace",
      email: "ada@example.com",
      role: "Member",
      memberSince: "January 15, 2025",
    });
    expect(profileFacts(user, { ...profile, role: "partner" }, "en-GB").memberSince).toBe("15 January 2025");
  });

  it("falls back to the sign-up name, and leaves unknowns empty", () => {
    expect(profileFacts(user, null)).toEqual({ fullName: "Ada L.", email: "ada@example.com", role: "", memberSince: "" });
    expect(profileFacts(null, null)).toEqual({ fullName: "", email: "", role: "", memberSince: "" });
  });
});

describe("displayName", () => {
  it("is the profile's name, else the sign-up name, else the e-mail", () => {
    expect(displayName(user, profile)).toBe("Ada Lovelace");
    expect(displayName(user, { ...profile, full_name: "" })).toBe("Ada L.");
    expect(displayName({ ...user, fullName: null }, null)).toBe("ada@example.com");
    expect(displayName(null, null)).toBe("");
  });
});
